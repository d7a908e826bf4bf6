import type { Author, ReportedObjectState, ReportModel } from '@agora/shared';
import type { ContentContext } from '../../platform/content';
import { findAuthors } from '../users';

const EXCERPT_LENGTH = 280;

/** A reported object as the review queue shows it. */
export interface ReviewSummary {
  title: string;
  excerpt: string;
  author: Author | null;
  /** The object's place in the web app. */
  url: string;
  state: ReportedObjectState;
}

type Ref = { model: ReportModel; id: number };

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

const DELETED: ReviewSummary = {
  title: 'Deleted content',
  excerpt: '',
  author: null,
  url: '',
  state: 'deleted',
};

/**
 * Summaries of reported objects for the review queue, asking each kind for its objects: a fixed
 * number of queries per kind, whatever their number. One that no longer exists is deleted.
 */
export async function summariseContent(
  ctx: ContentContext,
  refs: Ref[],
): Promise<(ref: Ref) => ReviewSummary> {
  const idsByModel = new Map<ReportModel, number[]>();
  for (const ref of refs) idsByModel.set(ref.model, [...(idsByModel.get(ref.model) ?? []), ref.id]);
  const found = await Promise.all(
    [...idsByModel].map(async ([model, ids]) => ({
      model,
      summaries: await ctx.content.kind(model).summarise(ctx.db, ids),
    })),
  );
  const authors = await findAuthors(
    ctx.db,
    ctx.storage,
    found.flatMap(({ summaries }) => [...summaries.values()].flatMap((s) => s.authorId ?? [])),
  );
  const byRef = new Map<string, ReviewSummary>();
  for (const { model, summaries } of found) {
    for (const [id, summary] of summaries) {
      byRef.set(`${model}:${id}`, {
        title: summary.title,
        excerpt: excerptOf(summary.text),
        author: summary.authorId === null ? null : (authors.get(summary.authorId) ?? null),
        url: ctx.content.path(summary.ref),
        state: summary.state,
      });
    }
  }
  return ({ model, id }) => byRef.get(`${model}:${id}`) ?? DELETED;
}
