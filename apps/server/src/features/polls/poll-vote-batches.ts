import { POLL_MESSAGES, type PollBallot } from '@agora/shared';
import type { Viewer } from '../../platform/auth';
import type { EventQueue } from '../../platform/bus';
import { CONTENT_EVENTS, type ContentContext, type VotedEvent } from '../../platform/content';
import { createWriteBatches, type Settled } from '../../platform/batches';
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

/** A ballot waiting for its batch. */
interface Cast {
  viewer: Viewer;
  ballot: PollBallot;
  admit: AdmitBallot;
}

/**
 * Writes poll-post ballots in batches (`createWriteBatches`): a burst of votes pays one
 * transaction, one lock statement and one write for all of them rather than each its own
 * (issue 16's vote rate), and a member's second ballot for a poll waits for the next write, so
 * it replaces the first. Each ballot is still checked on its own,
 * against its poll as it stands once locked (the lock's read says too whether it is a published
 * poll post, and whose); a refused one is answered its refusal and the others still count. The
 * owner of each poll hears of each vote (a job per vote, in the same transaction). The voters' answers (each poll as its voter now sees it) come from the read after the lock, which
 * reads the whole poll post rather than only its choices and ballot, moved by the batch's own
 * ballots: no read after the commit, so a voter's answer is ready when the batch commits.
 */
export function createVoteBatches(ctx: ContentContext): CastVote {
  const cast = createWriteBatches(
    (batch: Cast[]) => ctx.events.transaction((tx, events) => writeIn(tx, batch, events)),
    { max: MAX_BATCH, key: (one) => `${one.ballot.poll}:${one.viewer.id}` },
  );

  /** The batch's ballots written in `tx`, and each one's poll row as the batch left it. */
  async function writeIn(
    tx: Transaction,
    batch: Cast[],
    events: EventQueue,
  ): Promise<Settled<PollPageRow>[]> {
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
    return batch.map((one, index): Settled<PollPageRow> => {
      const outcome = outcomes[index];
      if (outcome && 'refused' in outcome) return { status: 'rejected', reason: outcome.refused };
      const row = rows[index];
      if (!outcome?.box?.post || !row) return { status: 'rejected', reason: notFound() };
      return { status: 'fulfilled', value: withMoves(row, moves, one.ballot.choices) };
    });
  }

  // The views are made out of the transaction, so its lock is not held meanwhile.
  return async (viewer, ballot, admit) => {
    const row = await cast({ viewer, ballot, admit });
    const view = viewForViewer(ctx, row, viewer);
    if (!view) throw new AppError('not_found', POLL_MESSAGES.notFound);
    return view;
  };
}
