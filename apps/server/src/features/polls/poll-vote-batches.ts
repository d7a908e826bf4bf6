import { POLL_MESSAGES, type PollBallot } from '@agora/shared';
import type { Viewer } from '../../platform/auth';
import type { EventQueue } from '../../platform/bus';
import { CONTENT_EVENTS, type ContentContext, type VotedEvent } from '../../platform/content';
import type { Transaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  readPollRowsForViewers,
  viewForViewer,
  withMoves,
  type PollPageRow,
  type PollView,
} from './poll-posts.loader';
import { pollRef } from './polls.kinds';
import { castBallots, type AdmitBallot, type ReadBallots } from './polls.service';

/**
 * Casts a member's ballot and answers the poll as they now see it; throws the refusal (an
 * `AppError`) when it is not taken.
 */
export type CastVote = (
  viewer: Viewer,
  ballot: PollBallot,
  admit: AdmitBallot,
) => Promise<PollView>;

/** The most ballots written in one transaction. */
const MAX_BATCH = 100;

/** A ballot's answer: its poll's row as the batch left it, or why it was not taken. */
type Answer = { row: PollPageRow } | { refused: unknown };

interface Waiting {
  viewer: Viewer;
  ballot: PollBallot;
  admit: AdmitBallot;
  resolve(view: PollView): void;
  reject(reason: unknown): void;
}

/**
 * The ballots that waited for the one write in flight, at most one per member and poll (a
 * member's second ballot for a poll waits for the next write, so it replaces the first).
 */
function takeBatch(waiting: Waiting[]): Waiting[] {
  const taken: Waiting[] = [];
  const seen = new Set<string>();
  const left: Waiting[] = [];
  for (const one of waiting) {
    const key = `${one.ballot.poll}:${one.viewer.id}`;
    if (taken.length >= MAX_BATCH || seen.has(key)) {
      left.push(one);
      continue;
    }
    seen.add(key);
    taken.push(one);
  }
  waiting.splice(0, waiting.length, ...left);
  return taken;
}

/**
 * Writes poll-post ballots in batches, as a database groups commits: while one write is in
 * flight, the ballots that arrive wait, then all go in the next transaction, so a burst of
 * votes pays one transaction, one lock statement and one write for all of them rather than each
 * its own (issue 16's vote rate). A write starts one turn of the event loop after its first
 * ballot, so the requests already received join it. Each ballot is still checked on its own,
 * against its poll as it stands once locked (the lock's read says too whether it is a published
 * poll post, and whose); a refused one is answered its refusal and the others still count. The
 * owner of each poll hears of each vote (a job per vote, in the same transaction). If a batch
 * fails as a whole, each of its ballots is written again alone, so only a bad one fails. The
 * voters' answers (each poll as its voter now sees it) come from the read after the lock, which
 * reads the whole poll post rather than only its choices and ballot, moved by the batch's own
 * ballots: no read after the commit, so a voter's answer is ready when the batch commits.
 */
export function createVoteBatches(ctx: ContentContext): CastVote {
  const waiting: Waiting[] = [];
  let writing = false;

  async function write(batch: Waiting[]): Promise<void> {
    let answers: Answer[];
    try {
      answers = await ctx.events.transaction((tx, events) => writeIn(tx, batch, events));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const one of batch) await write([one]);
      return;
    }
    // Out of the transaction, so its lock is not held while the views are made.
    batch.forEach((one, index) => {
      const answer = answers[index];
      if (!answer || 'refused' in answer) {
        one.reject(answer?.refused);
        return;
      }
      const view = viewForViewer(ctx, answer.row, one.viewer);
      if (view) one.resolve(view);
      else one.reject(new AppError('not_found', POLL_MESSAGES.notFound));
    });
  }

  /** The batch's ballots written in `tx`, and each one's answer. */
  async function writeIn(tx: Transaction, batch: Waiting[], events: EventQueue): Promise<Answer[]> {
    const notFound = () => AppError.fields({ poll: [POLL_MESSAGES.notFound] });
    let rows: (PollPageRow | undefined)[] = [];
    // The poll posts as their voters see them, read in the statement that reads the ballots.
    const read: ReadBallots = async (on, pairs) => {
      rows = await readPollRowsForViewers(
        ctx,
        on,
        pairs.map((pair) => ({ pollId: pair.pollId, viewerId: pair.memberId })),
      );
      return rows.map(
        (row) =>
          row && {
            choiceIds: row.options.map((option) => option.id),
            before: row.myVote.length > 0 ? row.myVote : null,
          },
      );
    };
    const { outcomes, moves } = await castBallots(
      tx,
      batch.map((one) => ({
        pollId: one.ballot.poll,
        memberId: one.viewer.id,
        choiceIds: one.ballot.choices,
        now: ctx.now(),
        // Only a published poll post takes votes here (a discussion's poll has its own route).
        admit: (box) => {
          if (!box.post?.published) throw notFound();
          one.admit(box);
        },
      })),
      {
        read,
        // The owner of each poll hears of each vote that changed something, by a job written
        // with the ballots.
        jobsFor: (decided) => {
          batch.forEach((one, index) => {
            const outcome = decided[index];
            if (!outcome || 'refused' in outcome || !outcome.changed) return;
            const { box } = outcome;
            if (!box?.post) return;
            events.add(CONTENT_EVENTS.voted, {
              actorId: one.viewer.id,
              ownerId: box.post.authorId,
              target: pollRef(one.ballot.poll),
              title: box.post.question,
              anonymous: box.voters === 'anonymous',
            } satisfies VotedEvent);
          });
          return events.takeJobs();
        },
      },
    );
    return batch.map((one, index): Answer => {
      const outcome = outcomes[index];
      if (outcome && 'refused' in outcome) return { refused: outcome.refused };
      const row = rows[index];
      if (!outcome?.box?.post || !row) return { refused: notFound() };
      return { row: withMoves(row, moves, one.ballot.choices) };
    });
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      // A write ends in a microtask, before the event loop reads the requests that arrived
      // meanwhile: one turn of the loop first lets them join this batch rather than the next.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await write(takeBatch(waiting));
    }
    writing = false;
  }

  return (viewer, ballot, admit) =>
    new Promise<PollView>((resolve, reject) => {
      waiting.push({ viewer, ballot, admit, resolve, reject });
      if (writing) return;
      writing = true;
      void drain();
    });
}
