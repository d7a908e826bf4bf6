import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof ZHealth>;
