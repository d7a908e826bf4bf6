import type { FieldErrors } from '@agora/shared';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Memo } from '../cache';
import type { Database } from '../db';
import { AppError } from '../errors';
import { appWide } from '../plugin';
import { waitInWords } from './action-limits';
import type { Viewer } from './auth.plugin';
import { countLinks } from './link-count';
import type { NewMemberLimits } from './new-member-limits';

/** When a member joined and how many likes they have given, counted up to `enough`. */
export interface MemberStanding {
  joinedAt: Date;
  likesGiven: number;
}

/** What the limits read from features; `apps/server/src/new-member-source.ts` provides it. */
export interface NewMemberSource {
  /** One query; undefined when there is no such member. */
  standing(db: Database, memberId: number, enough: number): Promise<MemberStanding | undefined>;
  /** The distinct usernames a Markdown text `@`-mentions. */
  mentions(markdown: string): string[];
}

/** The writes whose text or number a new member is held to. */
export type NewMemberAction = 'posts' | 'comments' | 'chat_messages' | 'chat_starts';

/** What a file may weigh, and the answer to one that weighs more. */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The `preHandler` (it reads the validated body) holding a new member to NEW_MEMBER_*:
     * too many links or mentions answer 400 on the field where the limit is passed; past the
     * chat-start windows, 429 with `Retry-After`. Staff and established members pass.
     */
    newMemberChecks(action: NewMemberAction): preHandlerAsyncHookHandler;
    /** `usual` for most members; for a new member the smaller of it and their limit. */
    uploadLimit(viewer: Viewer, usual: UploadLimit): Promise<UploadLimit>;
  }
}

export interface NewMembersPluginOptions {
  limits: NewMemberLimits;
  source: NewMemberSource;
  clock?: () => Date;
}

/** How long a member's standing is trusted: a like that graduates them counts within it. */
const STANDING_TTL_MS = 60_000;
/** Members whose standing is held at once; the oldest read is dropped first. */
const STANDING_CAPACITY = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const WHERE: Record<NewMemberAction, string> = {
  posts: 'a post',
  comments: 'a comment',
  chat_messages: 'a message',
  chat_starts: 'a message',
};
const MENTIONS_CHECKED: Record<NewMemberAction, boolean> = {
  posts: true,
  comments: true,
  chat_messages: false,
  chat_starts: false,
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Every string of a validated body with its field's name (`answers.1.text`), in order. */
function bodyTexts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    bodyTexts(item, path ? `${path}.${key}` : key),
  );
}

/** The field where the running total of `count` over the texts first passes `max`. */
function fieldPassing(
  texts: [string, string][],
  max: number,
  count: (text: string) => number,
): string | undefined {
  let total = 0;
  for (const [field, text] of texts) {
    total += count(text);
    if (total > max) return field;
  }
  return undefined;
}

/**
 * NEW_MEMBER_* limits, Discourse's trust level 0: fewer links and mentions per post, fewer new
 * chats a day and smaller uploads for a member's first days, until they have liked a few posts.
 * A member's standing is read only for a write that would pass a limit, a chat start or an
 * upload, then held a minute, so most writes cost nothing. Chat starts are counted where the
 * action limits are (Redis when REDIS_URL is set).
 */
export const newMembersPlugin = appWide<NewMembersPluginOptions>(
  'agora-new-members',
  async (app, { limits, source, clock }) => {
    const now = clock ?? (() => new Date());
    const standings = new Memo<MemberStanding | undefined>(STANDING_CAPACITY);
    const liked =
      limits.graduateLikes === 1
        ? 'a post or comment'
        : `${limits.graduateLikes} posts or comments`;
    const days = limits.days === 1 ? 'day' : `${limits.days} days`;
    const since = `for their first ${days}, or until they have liked ${liked}`;

    async function isNew(viewer: Viewer | null): Promise<boolean> {
      if (!viewer || viewer.isStaff) return false;
      const at = now().getTime();
      const standing = await standings.get(`${viewer.id}:${Math.floor(at / STANDING_TTL_MS)}`, () =>
        source.standing(app.db, viewer.id, limits.graduateLikes),
      );
      if (!standing || standing.likesGiven >= limits.graduateLikes) return false;
      return at - standing.joinedAt.getTime() < limits.days * DAY_MS;
    }

    function textProblems(action: NewMemberAction, body: unknown): FieldErrors {
      const texts = bodyTexts(body);
      const problems: FieldErrors = {};
      const add = (field: string, message: string) => (problems[field] ??= []).push(message);
      if (limits.maxLinks !== null) {
        const field = fieldPassing(texts, limits.maxLinks, countLinks);
        if (field !== undefined) {
          add(
            field,
            `New members can include at most ${plural(limits.maxLinks, 'link')} in ${WHERE[action]} ${since}.`,
          );
        }
      }
      if (limits.maxMentions !== null && MENTIONS_CHECKED[action]) {
        const named = new Set<string>();
        const field = fieldPassing(texts, limits.maxMentions, (text) => {
          const before = named.size;
          for (const name of source.mentions(text)) named.add(name);
          return named.size - before;
        });
        if (field !== undefined) {
          add(
            field,
            `New members can mention at most ${plural(limits.maxMentions, 'member')} in ${WHERE[action]} ${since}.`,
          );
        }
      }
      return problems;
    }

    const chatStartWindows = limits.chatStarts.map((window) => ({
      window,
      check: app.createRateLimit({
        max: window.max,
        timeWindow: window.seconds * 1000,
        keyGenerator: (request) => `new_member_chat_starts:${window.seconds}:${request.user?.id}`,
      }),
    }));

    /** Counts the start in every window; the first one it passes refuses it. */
    async function refuseChatStart(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      for (const { window, check } of chatStartWindows) {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) continue;
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(
          'rate_limited',
          `New members can start at most ${plural(window.max, 'chat')} in ${waitInWords(window.seconds)} ${since}. Please wait ${waitInWords(result.ttlInSeconds)} and try again.`,
        );
      }
    }

    app.decorate(
      'newMemberChecks',
      (action: NewMemberAction): preHandlerAsyncHookHandler =>
        async (request, reply) => {
          const problems = textProblems(action, request.body);
          const limitsStarts = action === 'chat_starts' && chatStartWindows.length > 0;
          if (Object.keys(problems).length === 0 && !limitsStarts) return;
          if (!(await isNew(request.user))) return;
          if (Object.keys(problems).length > 0) throw AppError.fields(problems);
          if (limitsStarts) await refuseChatStart(request, reply);
        },
    );

    app.decorate('uploadLimit', async (viewer: Viewer, usual: UploadLimit) => {
      const max = limits.maxUploadBytes;
      if (max === null || max >= usual.maxBytes || !(await isNew(viewer))) return usual;
      return {
        maxBytes: max,
        tooLarge: `New members can upload files of at most ${sizeInWords(max)} ${since}.`,
      };
    });
  },
);

function sizeInWords(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)} KB`;
  return plural(bytes, 'byte');
}
