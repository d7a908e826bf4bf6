export type { Storage } from './storage';
export { storagePlugin } from './storage.plugin';
