import { QUIZ_MESSAGES } from '@agora/shared';
import { desc, eq } from 'drizzle-orm';
import {
  countAuthored,
  countTagNames,
  headline,
  topMatches,
  type ContentFeed,
  type SearchSource,
} from '../../platform/content';
import { AppError } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { listTrendingQuizzes } from './quiz-trending.service';
import { canSeeQuiz, isPublished } from './quizzes.disclosure';
import { loadQuizzes } from './quizzes.loader';
import { presentQuiz } from './quizzes.presenter';
import { quizzes } from './quizzes.tables';

/** Its `search_vector` holds the question only: the explanation would give answers away. */
const publishedQuizzes: SearchSource = {
  table: quizzes,
  id: quizzes.id,
  vector: quizzes.searchVector,
  where: isPublished,
  newest: [quizzes.createdAt, quizzes.id],
};

/** Quizzes in `/api/common/`: tags, archive, search, featured and trending. */
export const quizFeed: ContentFeed = {
  tagCounts: (db) => countTagNames(db, quizzes, quizzes.tagNames, isPublished),

  async archive(ctx, viewer, id) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ authorId: quizzes.authorId, status: quizzes.status })
        .from(quizzes)
        .where(eq(quizzes.id, id))
        .for('update');
      if (!row || !canSeeQuiz(row, viewer)) throw AppError.fields({ id: [QUIZ_MESSAGES.notFound] });
      if (row.authorId !== viewer.id) {
        throw new AppError('forbidden', 'Only the author can archive this quiz.');
      }
      if (row.status === 'archived') return;
      if (row.status === 'hidden') {
        throw new AppError('forbidden', 'This quiz is hidden and cannot be archived.');
      }
      await tx
        .update(quizzes)
        .set({ status: 'archived', updatedAt: ctx.now() })
        .where(eq(quizzes.id, id));
    });
  },

  /** Snippets come from the question, the only text every member may read before answering. */
  async search(db, q, limit) {
    const top = topMatches(db, publishedQuizzes, q, limit);
    return db
      .select({
        id: quizzes.id,
        title: quizzes.question,
        tags: quizzes.tagNames,
        authorId: quizzes.authorId,
        createdAt: quizzes.createdAt,
        likesCount: quizzes.likesCount,
        commentsCount: quizzes.commentsCount,
        headline: headline(quizzes.question, q),
      })
      .from(top)
      .innerJoin(quizzes, eq(quizzes.id, top.id))
      .orderBy(desc(top.rank), desc(top.id));
  },

  authoredCount: (db, authorId) =>
    countAuthored(db, quizzes, quizzes.authorId, isPublished, authorId),

  publishedIds: (db) => db.select({ id: quizzes.id }).from(quizzes).where(isPublished),

  async present(ctx, viewer, ids) {
    const views = await loadQuizzes(ctx, viewer, ids);
    return views.map((view) => presentQuiz(view));
  },

  async trending(ctx, viewer, page) {
    return presentPage(
      await listTrendingQuizzes(ctx, viewer, { where: undefined, shared: '' }, page),
      presentQuiz,
    );
  },
};
