// Entry point of the embedded database's worker thread when the server runs from its sources
// (tests, the seed and admin commands): a worker does not inherit the TypeScript loader (tsx)
// of the thread that starts it. The built server starts `dist/pglite.worker.js` instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite.worker.ts', import.meta.url);
