import { z } from 'zod';

/** The bodies of error answers (SPEC §8); their messages are in `errors.ts`. */

/** 400: `{"<field path>": ["message"]}` or `{"nonFieldErrors": ["message"]}`. */
export const ZFieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof ZFieldErrors>;

/** 401/403/404/405/413/415/429/5xx: `{"detail": "message"}`. */
export const ZDetailError = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof ZDetailError>;
