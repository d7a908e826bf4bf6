import { ZCreateDiscussion, type ContentStatus } from '@agora/shared';
import type { Random } from './random';
import { SEED_TAGS, TextGenerator } from './text-generator';

/**
 * What one generated discussion will hold, decided in memory before anything is written, so
 * each row can be inserted with its counters already right (the SQL pass after the load only
 * has to confirm them instead of rewriting a million rows).
 */
export interface PlannedDiscussion {
  authorId: number;
  title: string;
  content: string;
  tags: string[];
  status: ContentStatus;
  createdAt: Date;
  viewsCount: number;
  likerIds: number[];
  bookmarkerIds: number[];
  poll: PlannedChoice[];
  comments: PlannedComment[];
}

export interface PlannedChoice {
  text: string;
  voterIds: number[];
}

export interface PlannedComment {
  authorId: number;
  content: string;
  createdAt: Date;
  likerIds: number[];
  replies: PlannedReply[];
}

export type PlannedReply = Omit<PlannedComment, 'replies'>;

/** Share of comments that are replies to another comment (the "20% replies"). */
export const REPLY_SHARE = 0.2;
const DRAFT_SHARE = 0.02;
const ARCHIVED_SHARE = 0.02;
const POLL_SHARE = 0.05;
const SPAN_MS = 365 * 24 * 60 * 60 * 1000;
/** No discussion gets more than this many times the average number of comments. */
const MAX_COMMENT_WEIGHT = 200;

const POLL_CHOICES = [
  ['Yes', 'No', 'It depends'],
  ['Every day', 'Every week', 'Now and then', 'Never'],
  ['Option A', 'Option B'],
  ['Love it', 'It is fine', 'Not for me'],
] as const;

/** Statuses of every discussion to generate; drafts get no comments, likes or views. */
export function planStatuses(random: Random, count: number): ContentStatus[] {
  return Array.from({ length: count }, () => {
    const draw = random.next();
    if (draw < DRAFT_SHARE) return 'draft';
    if (draw < DRAFT_SHARE + ARCHIVED_SHARE) return 'archived';
    return 'published';
  });
}

/**
 * Spreads exactly `total` comments over the discussions with a long tail: most get a few,
 * some get hundreds. Drafts get none.
 */
export function allocateComments(
  random: Random,
  statuses: ContentStatus[],
  total: number,
): number[] {
  const weights = statuses.map((status) =>
    status === 'draft' ? 0 : Math.min(MAX_COMMENT_WEIGHT, random.longTail(1, Infinity) + 0.2),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const counts = weights.map((weight) => Math.floor((weight / sum) * total));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const open = statuses.flatMap((status, index) => (status === 'draft' ? [] : [index]));
  while (left > 0) {
    const index = random.pick(open);
    counts[index] = (counts[index] ?? 0) + 1;
    left -= 1;
  }
  return counts;
}

export class DiscussionPlanner {
  readonly #text: TextGenerator;

  constructor(
    private readonly random: Random,
    private readonly memberIds: number[],
    private readonly now: Date,
  ) {
    this.#text = new TextGenerator(random);
  }

  /** The `index`-th of `of` discussions, spread evenly over the last year, oldest first. */
  plan(index: number, of: number, status: ContentStatus, commentCount: number): PlannedDiscussion {
    const r = this.random;
    const tags = r.distinct(r.int(0, 3), SEED_TAGS.length).map((tag) => SEED_TAGS[tag] ?? '');
    const topic = tags[0] ?? r.pick(SEED_TAGS);
    const withPoll = r.chance(POLL_SHARE);
    // The services' own schema: title and text limits, tag normalisation, poll rules.
    const input = ZCreateDiscussion.parse({
      title: this.#text.title(topic),
      content: this.#text.discussion(topic),
      tags,
      status: status === 'draft' ? 'draft' : 'published',
      pollChoices: withPoll ? r.pick(POLL_CHOICES) : [],
    });
    const createdAt = new Date(
      this.now.getTime() - SPAN_MS + ((index + r.next() * 0.5) / of) * SPAN_MS * 0.99,
    );
    const live = status !== 'draft';
    const likerIds = live ? this.members(r.longTail(3, this.memberIds.length)) : [];
    const comments = this.comments(topic, createdAt, commentCount);
    return {
      authorId: r.pick(this.memberIds),
      title: input.title,
      content: input.content,
      tags: input.tags,
      status,
      createdAt,
      viewsCount: live
        ? likerIds.length * r.int(5, 30) + commentCount * r.int(2, 5) + r.int(0, 50)
        : 0,
      likerIds,
      bookmarkerIds: live && r.chance(0.05) ? this.members(r.int(1, 3)) : [],
      poll: live
        ? this.poll(input.pollChoices)
        : input.pollChoices.map((text) => ({ text, voterIds: [] })),
      comments,
    };
  }

  /** Members vote once each, for a random choice; a poll gets about as many votes as likes. */
  private poll(choices: string[]): PlannedChoice[] {
    const poll = choices.map((text) => ({ text, voterIds: [] as number[] }));
    if (poll.length === 0) return poll;
    for (const voter of this.members(this.random.longTail(6, this.memberIds.length))) {
      this.random.pick(poll).voterIds.push(voter);
    }
    return poll;
  }

  private comments(topic: string, after: Date, count: number): PlannedComment[] {
    const r = this.random;
    // Rounded at random, so the replies add up to REPLY_SHARE overall; a reply needs a parent.
    const replies = count < 2 ? 0 : Math.min(count - 1, Math.floor(count * REPLY_SHARE + r.next()));
    const times = this.timesAfter(after, count);
    const top: PlannedComment[] = [];
    for (let index = 0; index < count - replies; index += 1) {
      top.push({ ...this.comment(topic, times[index] ?? after), replies: [] });
    }
    for (let index = count - replies; index < count; index += 1) {
      const parent = r.pick(top);
      const at = times[index] ?? after;
      const createdAt = at > parent.createdAt ? at : new Date(parent.createdAt.getTime() + 1);
      parent.replies.push(this.comment(topic, createdAt));
    }
    return top;
  }

  private comment(topic: string, createdAt: Date): PlannedReply {
    return {
      authorId: this.random.pick(this.memberIds),
      content: this.#text.comment(topic),
      createdAt,
      likerIds: this.members(this.random.longTail(0.3, this.memberIds.length)),
    };
  }

  /** `count` distinct members. */
  private members(count: number): number[] {
    return this.random
      .distinct(count, this.memberIds.length)
      .map((index) => this.memberIds[index] ?? 0);
  }

  /** Sorted moments between `after` and now. */
  private timesAfter(after: Date, count: number): Date[] {
    const start = Math.min(after.getTime() + 1000, this.now.getTime());
    const span = Math.max(1, this.now.getTime() - start);
    return Array.from({ length: count }, () => start + this.random.next() * span)
      .sort((a, b) => a - b)
      .map((time) => new Date(time));
  }
}
