/** The chat feature's public API. */
export { chatRoutes } from './chat.routes';
