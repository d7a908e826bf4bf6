import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ContentRegistry, type ContentFeed, type ContentKind } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { feedOf } from './feeds';

/** A kind for the registry alone: nothing here reads or writes. */
const kind = (model: string, feed?: ContentFeed): ContentKind => ({
  model,
  appLabel: 'tests',
  noun: 'thing',
  findLive: async () => undefined,
  isVisibleTo: async () => false,
  lockState: async () => 'deleted',
  hide: async () => undefined,
  restore: async () => undefined,
  summarise: async () => new Map(),
  path: () => '/',
  ...(feed && { feed }),
});

const feed: ContentFeed = {
  tagCounts: async () => [],
  archive: async () => undefined,
  search: async () => [],
  authoredCount: async () => 0,
  publishedIds: () => sql`select null::bigint`,
  present: async () => [],
  trending: async () => ({ results: [], next: null }),
};

const registry = new ContentRegistry([[kind('album', feed), kind('sticker')]], []);

/** The error `feedOf` throws, as the API would answer it. */
function refusal(model: string, field?: string) {
  try {
    feedOf(registry, model, 'This kind of content has no tags.', field);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, body: error.toBody() };
    throw error;
  }
  return undefined;
}

describe('feedOf', () => {
  it('hands over the feed of a registered kind that has one', () => {
    expect(feedOf(registry, 'album', 'unused')).toBe(feed);
  });

  it('answers 400 naming the field for a kind without a feed', () => {
    expect(refusal('sticker')).toEqual({
      status: 400,
      body: { model: ['This kind of content has no tags.'] },
    });
  });

  it('answers 400 naming the field for a model no kind is registered under', () => {
    expect(refusal('job', 'model_name')).toEqual({
      status: 400,
      body: { model_name: ['This kind of content has no tags.'] },
    });
  });
});
