import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ContentKind, ContentRef } from '../../platform/content';
import { prepareOnce } from '../../platform/db';
import { canSeeQuiz, isPublished } from './quizzes.disclosure';
import { quizFeed } from './quizzes.feed';
import { quizAnswers, quizzes } from './quizzes.tables';

const refOf = (id: number): ContentRef => ({ model: 'quiz', id, host: null, parentId: null });

/**
 * Quizzes as content: members like, bookmark, report and comment on published ones; staff hide
 * them by setting their status. What the kernel reads of a quiz (titles, summaries for the
 * review queue, live counters) never holds its explanation or which answers are correct.
 */
export const quizKind: ContentKind = {
  model: 'quiz',
  appLabel: 'forums',
  noun: 'quiz',
  async findLive(db, id, lock = false) {
    const query = db
      .select({ ownerId: quizzes.authorId, title: quizzes.question })
      .from(quizzes)
      .where(and(eq(quizzes.id, id), isPublished));
    const [row] = lock ? await query.for('update') : await query;
    return row && { ...row, ref: refOf(id) };
  },
  async isVisibleTo(db, id, viewer) {
    const [row] = await prepareOnce(db, 'quiz_visibility', () =>
      db
        .select({ status: quizzes.status, authorId: quizzes.authorId })
        .from(quizzes)
        .where(eq(quizzes.id, sql.placeholder('id'))),
    ).execute({ id });
    return row !== undefined && canSeeQuiz(row, viewer);
  },
  async lockState(tx, id) {
    const [row] = await tx
      .select({ status: quizzes.status })
      .from(quizzes)
      .where(eq(quizzes.id, id))
      .for('update');
    if (!row) return 'deleted';
    return row.status === 'hidden' ? 'hidden' : 'visible';
  },
  async hide(tx, id) {
    await tx
      .update(quizzes)
      .set({ status: 'hidden' })
      .where(and(eq(quizzes.id, id), ne(quizzes.status, 'hidden')));
  },
  async restore(tx, id) {
    await tx
      .update(quizzes)
      .set({ status: 'published' })
      .where(and(eq(quizzes.id, id), eq(quizzes.status, 'hidden')));
  },
  /** Staff review the question and the answers offered, not which are correct. */
  async summarise(db, ids) {
    const rows = await db
      .select({
        id: quizzes.id,
        question: quizzes.question,
        authorId: quizzes.authorId,
        status: quizzes.status,
      })
      .from(quizzes)
      .where(inArray(quizzes.id, ids));
    const answers =
      rows.length === 0
        ? []
        : await db
            .select({ quizId: quizAnswers.quizId, text: quizAnswers.text })
            .from(quizAnswers)
            .where(
              inArray(
                quizAnswers.quizId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(quizAnswers.quizId), asc(quizAnswers.position));
    return new Map(
      rows.map((row) => {
        const offered = answers
          .filter((answer) => answer.quizId === row.id)
          .map((answer) => `- ${answer.text}`);
        return [
          row.id,
          {
            title: row.question,
            text: [row.question, ...offered].join('\n'),
            authorId: row.authorId,
            ref: refOf(row.id),
            state: row.status === 'hidden' ? 'hidden' : 'visible',
          },
        ];
      }),
    );
  },
  async addLikes(tx, id, delta) {
    const [row] = await tx
      .update(quizzes)
      .set({ likesCount: sql`${quizzes.likesCount} + ${delta}` })
      .where(eq(quizzes.id, id))
      .returning({ likesCount: quizzes.likesCount });
    return row?.likesCount;
  },
  comments: {
    table: quizzes,
    id: quizzes.id,
    owner: quizzes.authorId,
    title: quizzes.question,
    commentsCount: quizzes.commentsCount,
    open: isPublished,
  },
  /** The counters every watcher sees alike; none of them tells which answer is correct. */
  async live(db, id) {
    const [row] = await db
      .select({
        attemptsCount: quizzes.attemptsCount,
        correctCount: quizzes.correctCount,
        votesCount: quizzes.votesCount,
        likesCount: quizzes.likesCount,
        commentsCount: quizzes.commentsCount,
      })
      .from(quizzes)
      .where(and(eq(quizzes.id, id), inArray(quizzes.status, ['published', 'archived'])));
    return row && { counts: row };
  },
  feed: quizFeed,
  path: (ref) => `/quizzes/${ref.id}`,
};

/** The quizzes feature's kinds: quizzes; comments on them are the comments module's. */
export const quizzesKinds: ContentKind[] = [quizKind];
