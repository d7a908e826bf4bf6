export { webAppPlugin } from './web-app.plugin';
