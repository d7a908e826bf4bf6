export { docsPlugin } from './docs.plugin';
