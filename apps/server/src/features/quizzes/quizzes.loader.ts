import type { Author } from '@agora/shared';
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import { prepareOnce, type Database } from '../../platform/db';
import { bookmarks, likes, markOf } from '../reactions';
import { authorCard, authorColumns, users } from '../users';
import { disclose, type Disclosure, type StoredAnswer } from './quizzes.disclosure';
import { quizAnswers, quizAttempts, quizColumns, quizVotes, quizzes } from './quizzes.tables';

/** A quiz's columns but its explanation, which only `disclose` reads. */
const { explanation: _explanation, ...publicColumns } = quizColumns;

/** A quiz's row as the views carry it: never its explanation. */
export type QuizPublicRow = Omit<typeof quizzes.$inferSelect, 'explanation' | 'searchVector'>;

/** A quiz with everything its API shape needs, as one viewer sees it at one moment. */
export interface QuizView extends Disclosure {
  row: QuizPublicRow;
  author: Author;
  isLiked: boolean;
  isBookmarked: boolean;
  isVoted: boolean;
  /** Someone started or answered it: its answers, `multiple` and time limit are fixed. */
  anyAttempt: boolean;
}

/** A member's id, its placeholder in a statement prepared for every member, or null signed out. */
type ViewerId = number | Placeholder | null;

const viewerMark = (marks: typeof likes | typeof bookmarks, viewerId: ViewerId) =>
  viewerId === null ? sql`false` : markOf(marks, viewerId, 'quiz', quizzes.id);

/** The answers in their order, with whether each is correct: read by `disclose` only. */
const storedAnswers = sql<
  StoredAnswer[]
>`(select coalesce(json_agg(json_build_object('id', a.id, 'text', a.text, 'correct', a.correct) order by a.position), '[]'::json) from ${quizAnswers} a where a.quiz_id = ${quizzes.id})`;

const anyAttempt = sql<boolean>`exists (select 1 from ${quizAttempts} s where s.quiz_id = ${quizzes.id})`;

/**
 * Quizzes with their author card, answers, the viewer's like, bookmark, up-vote and attempt, in
 * one statement whatever the number of quizzes. The attempt's columns are read through `sql`
 * because its table is outer-joined.
 */
function selectQuizzes(db: Database, viewerId: ViewerId) {
  return db
    .select({
      row: publicColumns,
      explanation: quizzes.explanation,
      author: authorColumns,
      answers: storedAnswers,
      anyAttempt,
      isLiked: sql<boolean>`${likes.id} is not null`,
      isBookmarked: sql<boolean>`${bookmarks.id} is not null`,
      isVoted:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${quizVotes} v where v.quiz_id = ${quizzes.id} and v.user_id = ${viewerId})`,
      attempt: {
        startedAt: sql`${quizAttempts.startedAt}`.mapWith(quizAttempts.startedAt),
        answeredAt: sql`${quizAttempts.answeredAt}`.mapWith(quizAttempts.answeredAt),
        chosen: sql`${quizAttempts.chosen}`.mapWith(quizAttempts.chosen),
        correct: sql`${quizAttempts.correct}`.mapWith(quizAttempts.correct),
      },
    })
    .from(quizzes)
    .innerJoin(users, eq(users.id, quizzes.authorId))
    .leftJoin(likes, viewerMark(likes, viewerId))
    .leftJoin(bookmarks, viewerMark(bookmarks, viewerId))
    .leftJoin(
      quizAttempts,
      viewerId === null
        ? sql`false`
        : and(eq(quizAttempts.quizId, quizzes.id), eq(quizAttempts.userId, viewerId)),
    )
    .where(sql`${quizzes.id} = any(${sql.placeholder('ids')}::bigint[])`);
}

type QuizRowRead = Awaited<ReturnType<ReturnType<typeof selectQuizzes>['execute']>>[number];

/**
 * The quizzes of `ids` in that order (missing ones dropped), as the viewer sees them: one
 * statement, prepared once for members and once for signed-out viewers. With `publishedOnly`
 * (lists, rankings) one that stopped being published since the ids were chosen drops out too.
 */
export async function loadQuizzes(
  ctx: ContentContext,
  viewer: Viewer | null,
  ids: number[],
  publishedOnly = true,
): Promise<QuizView[]> {
  if (ids.length === 0) return [];
  const rows = viewer
    ? await prepareOnce(ctx.db, 'quizzes_by_ids', () =>
        selectQuizzes(ctx.db, sql.placeholder('viewer')),
      ).execute({ ids, viewer: viewer.id })
    : await prepareOnce(ctx.db, 'quizzes_by_ids_signed_out', () =>
        selectQuizzes(ctx.db, null),
      ).execute({ ids });
  const now = ctx.now();
  const byId = new Map(rows.map((item) => [item.row.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    if (!item || (publishedOnly && item.row.status !== 'published')) return [];
    return [toQuizView(ctx, item, viewer, now)];
  });
}

function toQuizView(
  ctx: ContentContext,
  item: QuizRowRead,
  viewer: Viewer | null,
  now: Date,
): QuizView {
  const { row, attempt } = item;
  // drizzle types an outer join's fields as a nullable object; the compiled mapper gives an
  // object of nulls when the viewer has no attempt.
  const stored =
    attempt?.startedAt == null
      ? null
      : {
          startedAt: attempt.startedAt,
          answeredAt: attempt.answeredAt,
          chosen: attempt.chosen,
          correct: attempt.correct,
        };
  const disclosure = disclose(
    {
      authorId: row.authorId,
      timeLimitSeconds: row.timeLimitSeconds,
      closesAt: row.closesAt,
      explanation: item.explanation,
    },
    item.answers,
    stored,
    viewer?.id ?? null,
    now,
  );
  return {
    row,
    author: authorCard(ctx.storage, item.author),
    isLiked: item.isLiked,
    isBookmarked: item.isBookmarked,
    isVoted: item.isVoted,
    anyAttempt: item.anyAttempt,
    isClosed: disclosure.isClosed,
    answers: disclosure.answers,
    answersHidden: disclosure.answersHidden,
    startedAt: disclosure.startedAt,
    deadline: disclosure.deadline,
    myAttempt: disclosure.myAttempt,
    reveal: disclosure.reveal,
  };
}
