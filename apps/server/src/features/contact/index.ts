/** The contact feature's public API. */
export { contactRoutes } from './contact.routes';
