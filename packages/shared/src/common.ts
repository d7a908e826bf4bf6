import { z } from 'zod';

/**
 * Common contracts of issue 4 ("Common endpoints", under `/api/common/`): operations that work
 * across kinds of content. Only discussions (`forum`) exist today; polls, quizzes and listings
 * add their model names here.
 */

export const COMMON_MODELS = ['forum'] as const;
export type CommonModel = (typeof COMMON_MODELS)[number];

const ZModel = z.enum(COMMON_MODELS, 'Choose forum.');
const ZId = z.number('Send the id as a number.').int().positive('Send a valid id.');

/** GET `tags-list?model_name=forum`. */
export const ZTagsListQuery = z.object({
  model_name: z.enum(COMMON_MODELS, 'Choose forum.'),
});
export type TagsListQuery = z.infer<typeof ZTagsListQuery>;

export const ZTagCount = z.object({ name: z.string(), count: z.number().int().nonnegative() });
export type TagCount = z.infer<typeof ZTagCount>;
/** Tags with the number of published objects using them, most used first. */
export const ZTagsList = z.object({ results: z.array(ZTagCount) });
export type TagsList = z.infer<typeof ZTagsList>;

/** POST and DELETE `bookmark/`: the viewer's bookmark of one object. */
export const ZObjectRef = z.object({ model: ZModel, id: ZId });
export type ObjectRef = z.infer<typeof ZObjectRef>;
export const ZBookmarkAdded = z.object({ bookmarked: z.literal(true) });
export type BookmarkAdded = z.infer<typeof ZBookmarkAdded>;

/** POST `archieve/` (sic, as the API names it): the author archives their object. */
export const ZArchiveResult = z.object({ id: ZId, status: z.literal('archived') });
export type ArchiveResult = z.infer<typeof ZArchiveResult>;
