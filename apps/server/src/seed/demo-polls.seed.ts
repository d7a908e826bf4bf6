import { ZCreatePoll, ZCreateQuiz } from '@agora/shared';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../platform/auth';
import type { Database } from '../platform/db';
import { castBallot, pollChoices, polls } from '../features/polls';
import { pollPosts } from '../features/polls/polls.tables';
import { quizAnswers, quizAttempts, quizVotes, quizzes } from '../features/quizzes/quizzes.tables';
import { bookmarks, likes } from '../features/reactions';
import { reserveIds } from './bulk-sql';
import { recountQuizRecords } from './counters';
import { DEMO_POLLS, type DemoPoll } from './demo-polls';
import { DEMO_QUIZZES, type DemoQuiz } from './demo-quizzes';
import { DemoReactions } from './demo-reactions';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/*
 * The demo's polls and quizzes. Their services are the polls and quizzes features' own; the
 * demo writes the same rows those services write: each poll post's poll shares its id, ballots
 * go through the polls module's castBallot (so choice tallies and voters_count move as they do
 * in the app), and every other counter (likes, comments, attempts, correct answers, up-votes,
 * members' quiz records) is set from the rows written here. The seed test recounts them all.
 */

export async function seedDemoPolls(
  db: Database,
  members: Map<string, Viewer>,
  now: Date,
): Promise<{ polls: number; quizzes: number; comments: number }> {
  const reactions = new DemoReactions(db, members, now);
  let comments = 0;
  for (const poll of DEMO_POLLS) comments += await writePoll(db, reactions, poll, now);
  for (const quiz of DEMO_QUIZZES) comments += await writeQuiz(db, reactions, quiz, now);
  await recountQuizRecords(db);
  return { polls: DEMO_POLLS.length, quizzes: DEMO_QUIZZES.length, comments };
}

const postedAt = (now: Date, daysAgo: number) =>
  new Date(now.getTime() - (daysAgo * 24 + 6) * HOUR_MS);
const closingAt = (now: Date, days: number | undefined) =>
  days === undefined ? null : new Date(now.getTime() + days * DAY_MS);

async function writePoll(
  db: Database,
  reactions: DemoReactions,
  demo: DemoPoll,
  now: Date,
): Promise<number> {
  const posted = postedAt(now, demo.daysAgo);
  const closesAt = closingAt(now, demo.closesInDays);
  // The shared schema checks the demo as the API checks a new poll.
  const input = ZCreatePoll.parse({
    question: demo.question,
    description: demo.description,
    options: demo.options,
    type: demo.type,
    maxChoices: demo.maxChoices ?? null,
    results: demo.results,
    voters: demo.voters,
    closesAt: closesAt?.toISOString() ?? null,
    tags: demo.tags,
  });
  const [id = 0] = await reserveIds(db, 'polls', 1);
  await db.insert(polls).overridingSystemValue().values({
    id,
    model: 'poll',
    objectId: id,
    type: input.type,
    maxChoices: input.maxChoices,
    results: input.results,
    voters: input.voters,
    closesAt,
    createdAt: posted,
  });
  const choiceIds = (
    await db
      .insert(pollChoices)
      .values(input.options.map((text, position) => ({ pollId: id, position, text })))
      .returning({ id: pollChoices.id, position: pollChoices.position })
  )
    .sort((a, b) => a.position - b.position)
    .map((choice) => choice.id);

  // Votes come in over the poll's first days, before it closes.
  const lastVote = Math.min(now.getTime(), (closesAt ?? now).getTime() - HOUR_MS);
  for (const [index, [voter, picks]] of Object.entries(demo.votes).entries()) {
    const at = new Date(Math.min(posted.getTime() + (index + 1) * 3 * HOUR_MS, lastVote));
    const ballot = picks.map((pick) => {
      const choiceId = choiceIds[pick];
      if (choiceId === undefined) throw new Error(`no option ${pick} in "${demo.question}"`);
      return choiceId;
    });
    await db.transaction((tx) =>
      castBallot(tx, {
        pollId: id,
        memberId: reactions.member(voter),
        choiceIds: ballot,
        now: at,
      }),
    );
  }
  const likesCount = await reactions.mark(likes, 'poll', id, demo.likedBy ?? [], posted);
  await reactions.mark(bookmarks, 'poll', id, demo.bookmarkedBy ?? [], posted);
  const commentsCount = await reactions.comment('poll', id, demo.comments ?? [], posted);
  await db.insert(pollPosts).values({
    id,
    authorId: reactions.member(demo.by),
    question: input.question,
    description: input.description,
    status: input.status,
    tagNames: [...input.tags].sort(),
    likesCount,
    commentsCount,
    createdAt: posted,
    updatedAt: posted,
  });
  return commentsCount;
}

async function writeQuiz(
  db: Database,
  reactions: DemoReactions,
  demo: DemoQuiz,
  now: Date,
): Promise<number> {
  const posted = postedAt(now, demo.daysAgo);
  const closesAt = closingAt(now, demo.closesInDays);
  const input = ZCreateQuiz.parse({
    question: demo.question,
    explanation: demo.explanation,
    answers: demo.answers.map((answer) => ({ text: answer.text, correct: !!answer.correct })),
    multiple: demo.multiple ?? false,
    timeLimitSeconds: demo.timeLimitSeconds ?? null,
    closesAt: closesAt?.toISOString() ?? null,
    tags: demo.tags,
  });
  const [quiz] = await db
    .insert(quizzes)
    .values({
      authorId: reactions.member(demo.by),
      question: input.question,
      explanation: input.explanation,
      status: input.status,
      multiple: input.multiple,
      timeLimitSeconds: input.timeLimitSeconds,
      closesAt,
      tagNames: [...input.tags].sort(),
      createdAt: posted,
      updatedAt: posted,
    })
    .returning({ id: quizzes.id });
  if (!quiz) throw new Error('insert returned no row');
  const answers = (
    await db
      .insert(quizAnswers)
      .values(input.answers.map((answer, position) => ({ quizId: quiz.id, position, ...answer })))
      .returning({
        id: quizAnswers.id,
        position: quizAnswers.position,
        correct: quizAnswers.correct,
      })
  ).sort((a, b) => a.position - b.position);
  const right = answers.filter((answer) => answer.correct).map((answer) => answer.id);

  // Graded as the server grades: right when exactly the correct answers were chosen.
  const lastAnswer = Math.min(now.getTime(), (closesAt ?? now).getTime() - HOUR_MS);
  let correctCount = 0;
  for (const [index, [username, picks]] of demo.attempts.entries()) {
    const chosen = picks.map((pick) => answers[pick]?.id ?? 0).sort((a, b) => a - b);
    const correct = chosen.length === right.length && chosen.every((id) => right.includes(id));
    const answeredAt = new Date(Math.min(posted.getTime() + (index + 1) * 2 * HOUR_MS, lastAnswer));
    // A timed quiz is answered well inside its limit after the member started it.
    const thinking = demo.timeLimitSeconds ? (8 + index * 4) * 1000 : 0;
    await db.insert(quizAttempts).values({
      quizId: quiz.id,
      userId: reactions.member(username),
      startedAt: new Date(answeredAt.getTime() - thinking),
      answeredAt,
      chosen,
      correct,
    });
    if (correct) correctCount += 1;
  }
  const upVoters = demo.upVotedBy ?? [];
  if (upVoters.length > 0) {
    await db.insert(quizVotes).values(
      upVoters.map((username, index) => ({
        quizId: quiz.id,
        userId: reactions.member(username),
        createdAt: reactions.at(posted, index + 1),
      })),
    );
  }
  const likesCount = await reactions.mark(likes, 'quiz', quiz.id, demo.likedBy ?? [], posted);
  const commentsCount = await reactions.comment('quiz', quiz.id, demo.comments ?? [], posted);
  await db
    .update(quizzes)
    .set({
      attemptsCount: demo.attempts.length,
      correctCount,
      votesCount: upVoters.length,
      likesCount,
      commentsCount,
    })
    .where(eq(quizzes.id, quiz.id));
  return commentsCount;
}
