/** Which writes are limited per member, and the limits as the environment states them. */

/** The writes a member can flood with, each limited on its own. */
export const LIMITED_ACTIONS = [
  'posts',
  'comments',
  'likes',
  'reports',
  'chat_messages',
  'chat_starts',
  'uploads',
] as const;
export type LimitedAction = (typeof LIMITED_ACTIONS)[number];

/** At most `max` within `seconds`. */
export interface LimitWindow {
  max: number;
  seconds: number;
}
/** An action with no windows is not limited. */
export type ActionLimits = Record<LimitedAction, LimitWindow[]>;

/** Each is the environment variable `RATE_LIMIT_<ACTION>`; README lists them. */
export const DEFAULT_ACTION_LIMITS: Record<LimitedAction, string> = {
  posts: '10/60,100/86400',
  comments: '20/60',
  likes: '60/60',
  reports: '10/600',
  chat_messages: '5/1,60/60',
  chat_starts: '10/3600',
  uploads: '20/60',
};

/** What tests start from, so that only the test about a limit meets it. */
export const NO_ACTION_LIMITS: ActionLimits = {
  posts: [],
  comments: [],
  likes: [],
  reports: [],
  chat_messages: [],
  chat_starts: [],
  uploads: [],
};

/** `5/1,60/60` (five a second and sixty a minute) or `off`; undefined when malformed. */
export function parseLimitWindows(value: string): LimitWindow[] | undefined {
  if (value.trim() === 'off') return [];
  const windows = value.split(',').map((part) => /^\s*(\d+)\/(\d+)\s*$/.exec(part));
  if (windows.some((match) => !match || Number(match[1]) < 1 || Number(match[2]) < 1)) {
    return undefined;
  }
  return windows.map((match) => ({ max: Number(match?.[1]), seconds: Number(match?.[2]) }));
}

/** `RATE_LIMIT_<this>` sets the action's limits. */
export const limitVariable = (action: LimitedAction) =>
  `RATE_LIMIT_${action.toUpperCase() as Uppercase<LimitedAction>}` as const;
