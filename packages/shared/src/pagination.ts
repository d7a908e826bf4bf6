import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';
import { zText } from './text';

/** A keyset-paginated list: `next` is the cursor of the following page, or null on the last. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), next: z.string().nullable() });
}

/** `?cursor=&limit=` of every list; the cursor is opaque, the limit defaults to PAGE_SIZE_DEFAULT. */
export const ZPageQuery = z.object({
  cursor: zText().max(200).optional(),
  limit: z.coerce
    .number()
    .int('Ask for a whole number of items.')
    .min(1, 'Ask for at least 1 item.')
    .max(PAGE_SIZE_MAX, `Ask for at most ${PAGE_SIZE_MAX} items.`)
    .optional(),
});
export type PageQuery = z.infer<typeof ZPageQuery>;
