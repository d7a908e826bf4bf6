import { resolve } from 'node:path';

/**
 * The server package's folder (`apps/server`), which holds the migrations and the speech
 * worker. This file sits one level below it both as source (`src/`) and inside the built
 * bundle (`dist/main.js`), so the same path works for `npm start` and for the tests.
 */
export const SERVER_ROOT = resolve(import.meta.dirname, '..');
