export { createLogger } from './logger';
export { requestIdFor, requestIdPlugin } from './request-id';
