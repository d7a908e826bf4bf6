// Entry point of the speech worker thread. A worker does not inherit the TypeScript loader
// (tsx) of the thread that starts it, under `npm start` or under Vitest alike, so it loads
// the TypeScript worker through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./synthesis.worker.ts', import.meta.url);
