import { parseArgs } from 'node:util';
import type { BulkSize } from './bulk.seed';

export const USAGE =
  'Usage: npm run seed [-- --members N --discussions N --comments N --polls N --votes N --quizzes N --seed N]\n' +
  'Without sizes it adds the small demo (once); with any size it adds bulk data.';

const SIZES = ['members', 'discussions', 'comments', 'polls', 'votes', 'quizzes'] as const;
/** Poll ballots per poll when `--polls` comes without `--votes` (the 5,000,000 / 100,000). */
export const VOTES_PER_POLL = 50;

export interface Plan {
  bulk?: BulkSize;
  seed: number;
}

/** A bad command line; its message is the one line printed before stopping. */
export class UsageError extends Error {}

/** The command line as a plan; a UsageError names the bad option. */
export function parseSeedArgs(args: string[]): Plan {
  let values: Partial<Record<(typeof SIZES)[number] | 'seed', string>>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: Object.fromEntries(
        [...SIZES, 'seed'].map((name) => [name, { type: 'string' as const }]),
      ),
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const count = (name: keyof typeof values, min: number): number | undefined => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw) || Number(raw) < min) {
      throw new UsageError(`--${name} must be a whole number of at least ${min}`);
    }
    return Number(raw);
  };
  const members = count('members', 1);
  const discussions = count('discussions', 0);
  const comments = count('comments', 0);
  const polls = count('polls', 0);
  const votes = count('votes', 0);
  const quizzes = count('quizzes', 0);
  const seed = count('seed', 0) ?? 1;
  if (SIZES.every((name) => values[name] === undefined)) return { seed };
  if (votes !== undefined && polls === undefined) {
    throw new UsageError(`--votes needs --polls: the votes are cast on those polls\n${USAGE}`);
  }
  // Asking for polls or quizzes alone does not add the forum's 100,000 discussions.
  const forumSize = polls === undefined && quizzes === undefined ? 100_000 : 0;
  const size = discussions ?? (comments === undefined ? forumSize : 100_000);
  return {
    bulk: {
      members: members ?? 1000,
      discussions: size,
      comments: comments ?? size * 10,
      polls: polls ?? 0,
      votes: votes ?? (polls ?? 0) * VOTES_PER_POLL,
      quizzes: quizzes ?? 0,
    },
    seed,
  };
}
