import { config } from 'zod/v4';

/*
 * The web's `zod` (vite.config.ts points the name here): zod with its `new Function` probe off.
 * zod probes eval the first time a schema is built or used; our CSP forbids eval, so the probe
 * would be a reported policy violation on every page that loads a form, even though zod
 * swallows the error. Every module that imports `zod` evaluates after this one, so no schema
 * exists before the setting. Pages that build no schema load neither.
 */
config({ jitless: true });

export * from 'zod/v4';
