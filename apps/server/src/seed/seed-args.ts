import { parseArgs } from 'node:util';
import type { BulkSize } from './bulk.seed';

export const USAGE =
  'Usage: npm run seed [-- --members N --discussions N --comments N --seed N]\n' +
  'Without sizes it adds the small demo (once); with any size it adds bulk data.';

export interface Plan {
  bulk?: BulkSize;
  seed: number;
}

/** A bad command line; its message is the one line printed before stopping. */
export class UsageError extends Error {}

/** The command line as a plan; a UsageError names the bad option. */
export function parseSeedArgs(args: string[]): Plan {
  let values: Partial<Record<'members' | 'discussions' | 'comments' | 'seed', string>>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: {
        members: { type: 'string' },
        discussions: { type: 'string' },
        comments: { type: 'string' },
        seed: { type: 'string' },
      },
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
  const seed = count('seed', 0) ?? 1;
  if (members === undefined && discussions === undefined && comments === undefined) {
    return { seed };
  }
  const size = discussions ?? 100_000;
  return {
    bulk: { members: members ?? 1000, discussions: size, comments: comments ?? size * 10 },
    seed,
  };
}
