import {
  ZCreatePoll,
  type ContentStatus,
  type PollResultsVisibility,
  type PollType,
  type PollVotersVisibility,
} from '@agora/shared';
import type { Random } from './random';
import { SEED_TAGS, TextGenerator } from './text-generator';

/**
 * What one generated poll will be, decided in memory: its text, rules, dates and how many
 * members vote, like and comment. The ballots themselves are made by PostgreSQL from this plan
 * (bulk-polls.ts).
 */
export interface PlannedPoll {
  authorId: number;
  question: string;
  description: string;
  options: string[];
  type: PollType;
  maxChoices: number | null;
  results: PollResultsVisibility;
  voters: PollVotersVisibility;
  tags: string[];
  status: ContentStatus;
  createdAt: number;
  closesAt: number | null;
  /** Ballots are cast between these two moments. */
  votingEndsAt: number;
  likes: number;
  comments: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;
const WEEK_MS = 7 * DAY_MS;
/** Share of polls posted in the last week, so trending always has candidates. */
export const LAST_WEEK_SHARE = 0.15;
const DRAFT_SHARE = 0.02;
const ARCHIVED_SHARE = 0.02;

/** A small vocabulary: a tag page of polls is then never empty. */
export const POLL_TAGS = SEED_TAGS.slice(0, 16);

const FREQUENCY = ['Every day', 'A few times a week', 'Every week', 'Now and then', 'Never'];
const HOURS = ['None', 'Less than an hour', '1 to 3 hours', '4 to 10 hours', 'More than 10 hours'];
const WORTH = ['Yes', 'No', 'It depends', 'Never tried it'];
const CRITERIA = [
  'Price',
  'Quality',
  'Ease of use',
  'How it looks',
  'Durability',
  'Support',
  'The community around it',
  'What friends recommend',
];
const IDEAS = [
  'A beginners evening',
  'A show and tell',
  'A field trip',
  'A reading group',
  'A hands-on workshop',
  'A swap meet',
  'An expert talk',
  'A weekend challenge',
  'A live stream',
  'A picnic',
];

/** Question shapes, each with the options it offers and the poll types that fit it. */
const SHAPES: { question: string; options: string[]; types: PollType[] }[] = [
  { question: 'How often do you make time for {topic}?', options: FREQUENCY, types: ['single'] },
  { question: 'How many hours a week go to {topic}?', options: HOURS, types: ['single'] },
  {
    question: 'Is a dedicated {topic} group worth joining?',
    options: WORTH,
    types: ['single'],
  },
  {
    question: 'What matters most when you choose something for {topic}?',
    options: CRITERIA,
    types: ['multiple', 'ranked', 'single'],
  },
  {
    question: 'What should the next {topic} meetup be?',
    options: IDEAS,
    types: ['ranked', 'multiple', 'single'],
  },
];

export class PollPlanner {
  readonly #text: TextGenerator;

  constructor(
    private readonly random: Random,
    private readonly memberIds: number[],
    private readonly now: number,
  ) {
    this.#text = new TextGenerator(random);
  }

  /**
   * The `index`-th of `of` polls, oldest first: most spread over the year before last week,
   * the last LAST_WEEK_SHARE over the last seven days.
   */
  plan(index: number, of: number, status: ContentStatus): PlannedPoll {
    const r = this.random;
    const recent = Math.floor(of * (1 - LAST_WEEK_SHARE));
    const createdAt =
      index < recent
        ? this.now - YEAR_MS + ((index + r.next()) / Math.max(1, recent)) * (YEAR_MS - WEEK_MS)
        : this.now - WEEK_MS + ((index - recent + r.next()) / Math.max(1, of - recent)) * WEEK_MS;
    const tags = r.distinct(r.int(1, 3), POLL_TAGS.length).map((tag) => POLL_TAGS[tag] ?? '');
    const topic = (tags[0] ?? 'community').replace(/-/g, ' ');
    const shape = r.pick(SHAPES);
    const type = r.chance(0.6) ? (shape.types[0] ?? 'single') : r.pick(shape.types);
    const count = Math.min(shape.options.length, type === 'single' ? r.int(2, 5) : r.int(3, 6));
    const options = r.distinct(count, shape.options.length).map((at) => shape.options[at] ?? '');
    const closes = r.chance(0.25);
    const closesAt = closes ? createdAt + r.int(1, 14) * DAY_MS : null;
    const results: PollResultsVisibility =
      closes && r.chance(0.4) ? 'after_close' : r.chance(0.2) ? 'after_vote' : 'always';
    // The shared schema checks the limits (lengths, distinct options, maxChoices) as the API does.
    const input = ZCreatePoll.parse({
      question: shape.question.replace('{topic}', topic),
      description: r.chance(0.7) ? this.#text.paragraph(topic, 1, 3) : '',
      options,
      type,
      maxChoices: type === 'multiple' && r.chance(0.6) ? r.int(2, Math.max(2, count - 1)) : null,
      results,
      voters: r.chance(0.15) ? 'anonymous' : 'public',
      closesAt: closesAt === null ? null : new Date(closesAt).toISOString(),
      tags,
      status: status === 'draft' ? 'draft' : 'published',
    });
    const live = status !== 'draft';
    return {
      authorId: r.pick(this.memberIds),
      question: input.question,
      description: input.description,
      options: input.options,
      type: input.type,
      maxChoices: input.maxChoices,
      results: input.results,
      voters: input.voters,
      tags: [...input.tags].sort(),
      status,
      createdAt,
      closesAt,
      votingEndsAt: Math.min(this.now, closesAt ?? this.now),
      likes: live ? r.longTail(2, this.memberIds.length) : 0,
      comments: live ? r.longTail(1, 200) : 0,
    };
  }
}

/** Every poll's status and its share of the ballots: a long tail, none for drafts. */
export function planPollStatuses(
  random: Random,
  count: number,
): { statuses: ContentStatus[]; weights: number[] } {
  const statuses = Array.from({ length: count }, (): ContentStatus => {
    const draw = random.next();
    if (draw < DRAFT_SHARE) return 'draft';
    return draw < DRAFT_SHARE + ARCHIVED_SHARE ? 'archived' : 'published';
  });
  const weights = statuses.map((status) =>
    status === 'draft' ? 0 : Math.min(200, random.longTail(1, Infinity) + 0.2),
  );
  return { statuses, weights };
}
