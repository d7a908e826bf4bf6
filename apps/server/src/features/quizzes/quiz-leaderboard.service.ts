import { QUIZ_LEADERBOARD_SIZE, type Leaderboard, type QuizRecord } from '@agora/shared';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ContentContext } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { authorCard, authorColumns, findUserIdByUsername, users } from '../users';
import { presentRecord } from './quizzes.presenter';
import { quizAttempts, quizRecords } from './quizzes.tables';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface Standing {
  author: { id: number; username: string; avatarKey: string | null };
  correct: number;
  answered: number;
}

/**
 * The members with the most correct answers, in the last 7 days (`week`, counted from the
 * week's answered attempts through `quiz_attempts_answered_idx`) or ever (`all`, read from the
 * records kept with each answer through `quiz_records_correct_idx`). Ties on correct answers go
 * to whoever needed fewer attempts; members tied on both share a rank (1, 2, 2, 4). Members
 * with no correct answer, and closed accounts, are not listed.
 */
export async function leaderboard(
  ctx: ContentContext,
  period: 'week' | 'all',
): Promise<Leaderboard> {
  const standings = period === 'week' ? await weekStandings(ctx) : await allTimeStandings(ctx);
  const results: Leaderboard['results'] = [];
  for (const [index, standing] of standings.entries()) {
    const previous = standings[index - 1];
    const tied = previous?.correct === standing.correct && previous.answered === standing.answered;
    const rank = tied ? (results[index - 1]?.rank ?? index + 1) : index + 1;
    results.push({
      rank,
      user: authorCard(ctx.storage, standing.author),
      correct: standing.correct,
      answered: standing.answered,
    });
  }
  return { period, results };
}

function weekStandings(ctx: ContentContext): Promise<Standing[]> {
  const since = new Date(ctx.now().getTime() - WEEK_MS);
  const correct = sql<number>`count(*) filter (where ${quizAttempts.correct})`.mapWith(Number);
  const answered = count();
  return ctx.db
    .select({ author: authorColumns, correct, answered })
    .from(quizAttempts)
    .innerJoin(users, and(eq(users.id, quizAttempts.userId), isNull(users.deletedAt)))
    .where(gt(quizAttempts.answeredAt, since))
    .groupBy(users.id, users.username, users.avatarKey)
    .having(gt(correct, 0))
    .orderBy(desc(correct), asc(answered), asc(users.id))
    .limit(QUIZ_LEADERBOARD_SIZE);
}

function allTimeStandings(ctx: ContentContext): Promise<Standing[]> {
  return ctx.db
    .select({
      author: authorColumns,
      correct: quizRecords.correct,
      answered: quizRecords.answered,
    })
    .from(quizRecords)
    .innerJoin(users, and(eq(users.id, quizRecords.userId), isNull(users.deletedAt)))
    .where(gt(quizRecords.correct, 0))
    .orderBy(desc(quizRecords.correct), asc(quizRecords.answered), asc(quizRecords.userId))
    .limit(QUIZ_LEADERBOARD_SIZE);
}

/** A member's quiz record, zeros when they never answered; 404 for an unknown username. */
export async function recordOf(ctx: ContentContext, username: string): Promise<QuizRecord> {
  const userId = await findUserIdByUsername(ctx.db, username);
  if (userId === undefined) throw new AppError('not_found', 'This member does not exist.');
  const [row] = await ctx.db
    .select({
      answered: quizRecords.answered,
      correct: quizRecords.correct,
      currentStreak: quizRecords.currentStreak,
      bestStreak: quizRecords.bestStreak,
    })
    .from(quizRecords)
    .where(eq(quizRecords.userId, userId));
  return presentRecord(row);
}
