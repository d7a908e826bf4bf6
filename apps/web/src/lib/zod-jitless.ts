import { config } from 'zod';

/*
 * zod probes `new Function` the first time a schema is built or used; our CSP forbids eval, so
 * the probe is a reported policy violation on every page even though zod swallows the error.
 * main.tsx imports this module before anything that builds a schema.
 */
config({ jitless: true });
