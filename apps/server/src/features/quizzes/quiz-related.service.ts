import { QUIZ_MESSAGES } from '@agora/shared';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import { relatedIds, type ContentContext, type RelatedSource } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { canSeeQuiz, isPublished } from './quizzes.disclosure';
import { loadQuizzes, type QuizView } from './quizzes.loader';
import { quizzes } from './quizzes.tables';

const related: RelatedSource = {
  table: quizzes,
  id: quizzes.id,
  tagNames: quizzes.tagNames,
  vector: quizzes.searchVector,
  titleWeight: null,
  where: isPublished,
  newest: [quizzes.createdAt, quizzes.id],
};

/**
 * Up to 5 published quizzes like quiz `id` (sharing its tags or the words of its question), as
 * the forums' related discussions are ranked (`platform/content/related.ts`), each disclosed as
 * any list discloses it (no correct answer before the viewer answered); a 404 when the viewer
 * cannot see quiz `id`. Three statements: the quiz, the ranking, the page.
 */
export async function listRelatedQuizzes(
  ctx: ContentContext,
  viewer: Viewer | null,
  id: number,
): Promise<QuizView[]> {
  const [source] = await ctx.db
    .select({
      status: quizzes.status,
      authorId: quizzes.authorId,
      question: quizzes.question,
      tagNames: quizzes.tagNames,
    })
    .from(quizzes)
    .where(eq(quizzes.id, id));
  if (!source || !canSeeQuiz(source, viewer)) {
    throw new AppError('not_found', QUIZ_MESSAGES.notFound);
  }
  const ids = await relatedIds(ctx.db, related, {
    id,
    title: source.question,
    tagNames: source.tagNames,
  });
  return loadQuizzes(ctx, viewer, ids);
}
