import { QUIZ_MESSAGES, type ZCreateQuiz, type ZUpdateQuiz } from '@agora/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Viewer } from '../../platform/auth';
import { CONTENT_EVENTS, type ContentContext, type PublishedEvent } from '../../platform/content';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { canSeeQuiz, isClosedAt } from './quizzes.disclosure';
import { loadQuizzes, type QuizView } from './quizzes.loader';
import { quizAnswers, quizAttempts, quizzes } from './quizzes.tables';
import { forgetTrendingQuizzes } from './quiz-trending.service';

type NewQuiz = z.output<typeof ZCreateQuiz>;
type QuizChanges = z.output<typeof ZUpdateQuiz>;
type AnswerDraft = NewQuiz['answers'][number];

const ONE_CORRECT = 'Mark exactly one correct answer, or let members choose all that apply.';
const FUTURE_CLOSING = 'Choose a closing time in the future.';

export const quizRef = (id: number) => ({ model: 'quiz', id, host: null, parentId: null });

/** Sorted by character code, as discussions keep theirs. */
const sortedTags = (names: string[]) => [...names].sort();

/** A closing time must lie ahead: a quiz closed from the start could never be answered. */
function closingTime(closesAt: string | null, now: Date): Date | null {
  if (closesAt === null) return null;
  const date = new Date(closesAt);
  if (date.getTime() <= now.getTime()) throw AppError.fields({ closesAt: [FUTURE_CLOSING] });
  return date;
}

async function insertAnswers(tx: Database, quizId: number, answers: AnswerDraft[]) {
  await tx.insert(quizAnswers).values(
    answers.map((answer, position) => ({
      quizId,
      position,
      text: answer.text,
      correct: answer.correct,
    })),
  );
}

export async function createQuiz(
  ctx: ContentContext,
  viewer: Viewer,
  input: NewQuiz,
): Promise<QuizView> {
  const now = ctx.now();
  const closesAt = closingTime(input.closesAt, now);
  const id = await ctx.events.transaction(async (tx, events) => {
    const [row] = await tx
      .insert(quizzes)
      .values({
        authorId: viewer.id,
        question: input.question,
        explanation: input.explanation,
        status: input.status,
        multiple: input.multiple,
        timeLimitSeconds: input.timeLimitSeconds,
        closesAt,
        tagNames: sortedTags(input.tags),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: quizzes.id });
    if (!row) throw new Error('insert returned no row');
    await insertAnswers(tx, row.id, input.answers);
    if (input.status === 'published') {
      // The question only: mentions in it notify; the explanation stays unread until answered.
      events.add(CONTENT_EVENTS.published, {
        actorId: viewer.id,
        target: quizRef(row.id),
        title: input.question,
        content: input.question,
      } satisfies PublishedEvent);
    }
    return row.id;
  });
  if (input.status === 'published') forgetTrendingQuizzes(ctx.db);
  return getQuiz(ctx, viewer, id);
}

/** One quiz as the viewer sees it; a 404 when it is not visible to them. */
export async function getQuiz(
  ctx: ContentContext,
  viewer: Viewer | null,
  id: number,
): Promise<QuizView> {
  const [view] = await loadQuizzes(ctx, viewer, [id], false);
  if (!view || !canSeeQuiz(view.row, viewer))
    throw new AppError('not_found', QUIZ_MESSAGES.notFound);
  return view;
}

/** Locks the viewer's own quiz for a change; 404 if they cannot see it, 403 if not theirs. */
async function lockOwnQuiz(tx: Database, viewer: Viewer, id: number) {
  const [row] = await tx
    .select({
      authorId: quizzes.authorId,
      status: quizzes.status,
      question: quizzes.question,
      multiple: quizzes.multiple,
      timeLimitSeconds: quizzes.timeLimitSeconds,
    })
    .from(quizzes)
    .where(eq(quizzes.id, id))
    .for('update');
  if (!row || !canSeeQuiz(row, viewer)) throw new AppError('not_found', QUIZ_MESSAGES.notFound);
  if (row.authorId !== viewer.id) {
    throw new AppError('forbidden', 'Only the author can edit this quiz.');
  }
  return row;
}

const sameAnswers = (stored: AnswerDraft[], sent: AnswerDraft[]) =>
  stored.length === sent.length &&
  stored.every(
    (answer, index) => answer.text === sent[index]?.text && answer.correct === sent[index].correct,
  );

/**
 * The author changes their quiz. Question, explanation, tags, status and closing time change any
 * time; the answers, `multiple` and the time limit only until someone starts or answers it (a
 * member who saw the answers must be graded against them). Sending them unchanged is allowed, so
 * an edit form may send every field.
 */
export async function updateQuiz(
  ctx: ContentContext,
  viewer: Viewer,
  id: number,
  changes: QuizChanges,
): Promise<QuizView> {
  const now = ctx.now();
  const closesAt = changes.closesAt === undefined ? undefined : closingTime(changes.closesAt, now);
  await ctx.events.transaction(async (tx, events) => {
    const row = await lockOwnQuiz(tx, viewer, id);
    if (row.status !== 'draft' && row.status !== 'published') {
      throw new AppError('forbidden', `This quiz is ${row.status} and cannot be edited.`);
    }
    const stored = await tx
      .select({ text: quizAnswers.text, correct: quizAnswers.correct })
      .from(quizAnswers)
      .where(eq(quizAnswers.quizId, id))
      .orderBy(asc(quizAnswers.position));
    const locked: Record<string, string[]> = {};
    const newAnswers =
      changes.answers && !sameAnswers(stored, changes.answers) ? changes.answers : undefined;
    if (newAnswers) locked.answers = [QUIZ_MESSAGES.answersLocked];
    if (changes.multiple !== undefined && changes.multiple !== row.multiple) {
      locked.multiple = [QUIZ_MESSAGES.answersLocked];
    }
    if (
      changes.timeLimitSeconds !== undefined &&
      changes.timeLimitSeconds !== row.timeLimitSeconds
    ) {
      locked.timeLimitSeconds = [QUIZ_MESSAGES.answersLocked];
    }
    if (Object.keys(locked).length > 0) {
      const [attempt] = await tx
        .select({ quizId: quizAttempts.quizId })
        .from(quizAttempts)
        .where(eq(quizAttempts.quizId, id))
        .limit(1);
      if (attempt) throw AppError.fields(locked);
    }
    // The contract checks answers against the `multiple` sent with them; here against the quiz's.
    const multiple = changes.multiple ?? row.multiple;
    const answers = changes.answers ?? stored;
    if (!multiple && answers.filter((answer) => answer.correct).length > 1) {
      throw AppError.fields({ [changes.answers ? 'answers' : 'multiple']: [ONE_CORRECT] });
    }
    const edited =
      changes.question !== undefined ||
      changes.explanation !== undefined ||
      changes.tags !== undefined ||
      newAnswers !== undefined;
    await tx
      .update(quizzes)
      .set({
        question: changes.question,
        explanation: changes.explanation,
        status: changes.status,
        multiple: changes.multiple,
        timeLimitSeconds: changes.timeLimitSeconds,
        closesAt,
        tagNames: changes.tags && sortedTags(changes.tags),
        updatedAt: now,
        ...(edited ? { editedAt: now } : {}),
      })
      .where(eq(quizzes.id, id));
    if (newAnswers) {
      await tx.delete(quizAnswers).where(eq(quizAnswers.quizId, id));
      await insertAnswers(tx, id, newAnswers);
    }
    if (row.status === 'draft' && changes.status === 'published') {
      const question = changes.question ?? row.question;
      events.add(CONTENT_EVENTS.published, {
        actorId: viewer.id,
        target: quizRef(id),
        title: question,
        content: question,
      } satisfies PublishedEvent);
    }
  });
  // A quiz entering the week's feed, or moving between tags, is ranked at once.
  if (changes.status !== undefined || changes.tags !== undefined) forgetTrendingQuizzes(ctx.db);
  return getQuiz(ctx, viewer, id);
}

/** The author or staff delete a quiz with its answers, attempts, up-votes and comments. */
export async function deleteQuiz(ctx: ContentContext, viewer: Viewer, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: quizzes.authorId, status: quizzes.status })
      .from(quizzes)
      .where(eq(quizzes.id, id))
      .for('update');
    if (!row || !canSeeQuiz(row, viewer)) throw new AppError('not_found', QUIZ_MESSAGES.notFound);
    if (row.authorId !== viewer.id && !viewer.isStaff) {
      throw new AppError('forbidden', 'Only the author or staff can delete this quiz.');
    }
    // Comments, likes, bookmarks, reports and notifications point at many kinds of object, so
    // no foreign key cascades them: each module cleans up what it keeps. Answers, attempts and
    // up-votes cascade; members' records keep the attempts they counted.
    await ctx.content.deleted(tx, 'quiz', [id]);
    await tx.delete(quizzes).where(eq(quizzes.id, id));
  });
}

/**
 * Starts the viewer's clock on a timed quiz and shows its answers: the attempt row gets its
 * `started_at`. Starting again keeps the first start. An untimed quiz needs no start: the call
 * changes nothing and answers the quiz, so a client may call it for any quiz.
 */
export async function startQuiz(
  ctx: ContentContext,
  viewer: Viewer,
  id: number,
): Promise<QuizView> {
  await ctx.db.transaction(async (tx) => {
    // Shares the row with answering; an edit of the answers (`for update`) waits for it.
    const [row] = await tx
      .select({
        authorId: quizzes.authorId,
        status: quizzes.status,
        timeLimitSeconds: quizzes.timeLimitSeconds,
        closesAt: quizzes.closesAt,
      })
      .from(quizzes)
      .where(eq(quizzes.id, id))
      .for('key share');
    if (!row || !canSeeQuiz(row, viewer)) throw new AppError('not_found', QUIZ_MESSAGES.notFound);
    requirePlayable(row, viewer, ctx.now());
    if (row.timeLimitSeconds === null) return;
    await tx
      .insert(quizAttempts)
      .values({ quizId: id, userId: viewer.id, startedAt: ctx.now() })
      .onConflictDoNothing();
  });
  return getQuiz(ctx, viewer, id);
}

/** A quiz the viewer may start or answer: someone else's, published and open. */
export function requirePlayable(
  row: { authorId: number; status: string; closesAt: Date | null },
  viewer: Viewer,
  now: Date,
): void {
  if (row.authorId === viewer.id) throw new AppError('forbidden', QUIZ_MESSAGES.ownQuiz);
  // Archived (or hidden, to staff) quizzes are shown but no longer played.
  if (row.status !== 'published' || isClosedAt(row.closesAt, now)) {
    throw new AppError('validation', QUIZ_MESSAGES.closed);
  }
}
