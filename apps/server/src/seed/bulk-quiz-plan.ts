import { ZCreateQuiz, type ContentStatus } from '@agora/shared';
import type { Random } from './random';

/**
 * What one generated quiz will be: a question whose right answer is computed or looked up (so
 * the data is never wrong), its rules, dates, how many members answer and how well, and how
 * many up-vote, like and comment. The attempts are made by PostgreSQL (bulk-quizzes.ts).
 */
export interface PlannedQuiz {
  authorId: number;
  question: string;
  explanation: string;
  answers: { text: string; correct: boolean }[];
  multiple: boolean;
  timeLimitSeconds: number | null;
  tags: string[];
  status: ContentStatus;
  createdAt: number;
  closesAt: number | null;
  /** Attempts are made between the quiz's posting and this moment. */
  answeringEndsAt: number;
  /** Share of attempts that are right. */
  skill: number;
  upVotes: number;
  likes: number;
  comments: number;
}

type Question = Pick<PlannedQuiz, 'question' | 'explanation' | 'answers' | 'multiple' | 'tags'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;
const WEEK_MS = 7 * DAY_MS;
/** As polls: a share posted in the last week, so trending always has candidates. */
const LAST_WEEK_SHARE = 0.15;

const CAPITALS: [string, string][] = [
  ['France', 'Paris'],
  ['Japan', 'Tokyo'],
  ['Canada', 'Ottawa'],
  ['Australia', 'Canberra'],
  ['Brazil', 'Brasília'],
  ['Kenya', 'Nairobi'],
  ['Norway', 'Oslo'],
  ['Turkey', 'Ankara'],
  ['New Zealand', 'Wellington'],
  ['Morocco', 'Rabat'],
  ['Vietnam', 'Hanoi'],
  ['Switzerland', 'Bern'],
  ['Nigeria', 'Abuja'],
  ['Chile', 'Santiago'],
  ['South Korea', 'Seoul'],
  ['Egypt', 'Cairo'],
];
const PLANETS = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

const isPrime = (n: number) => {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
  return true;
};

/** Different wrong numbers near `right`, none equal to it or below 1. */
function nearMisses(random: Random, right: number, count: number, spreadBy: number): number[] {
  const wrong = new Set<number>();
  while (wrong.size < count) {
    const miss = right + random.int(-spreadBy, spreadBy);
    if (miss !== right && miss > 0) wrong.add(miss);
  }
  return [...wrong];
}

/** The right answer among shuffled wrong ones. */
function single(random: Random, right: string, wrong: string[]): Question['answers'] {
  const answers = wrong.map((text) => ({ text, correct: false }));
  answers.splice(random.int(0, answers.length), 0, { text: right, correct: true });
  return answers;
}

const QUESTIONS: ((random: Random) => Question)[] = [
  (r) => {
    const a = r.int(6, 29);
    const b = r.int(6, 19);
    const right = a * b;
    return {
      question: `What is ${a} × ${b}?`,
      explanation: `${a} × ${b} = ${right}; check it backwards: ${right} ÷ ${b} = ${a}.`,
      answers: single(r, String(right), nearMisses(r, right, r.int(2, 4), 12).map(String)),
      multiple: false,
      tags: ['education'],
    };
  },
  (r) => {
    const numbers = new Set<number>();
    while (numbers.size < 5) numbers.add(r.int(2, 60));
    const answers = [...numbers].map((n) => ({ text: String(n), correct: isPrime(n) }));
    if (!answers.some((answer) => answer.correct)) answers[0] = { text: '53', correct: true };
    if (answers.every((answer) => answer.correct)) answers[1] = { text: '51', correct: false };
    const unique = [...new Map(answers.map((answer) => [answer.text, answer])).values()];
    return {
      question: 'Which of these numbers are prime? Choose all that apply.',
      explanation:
        'A prime has exactly two divisors, 1 and itself. ' +
        `Here: ${unique
          .filter((answer) => answer.correct)
          .map((answer) => answer.text)
          .join(', ')}.`,
      answers: unique,
      multiple: true,
      tags: ['science', 'education'],
    };
  },
  (r) => {
    const hours = r.int(2, 12);
    const right = hours * 60;
    return {
      question: `How many minutes are there in ${hours} hours?`,
      explanation: `An hour has 60 minutes, so ${hours} hours have ${hours} × 60 = ${right}.`,
      answers: single(r, String(right), [right - 60, right + 60, right + 30].map(String)),
      multiple: false,
      tags: ['education'],
    };
  },
  (r) => {
    const [country, capital] = r.pick(CAPITALS);
    const others = r
      .distinct(3, CAPITALS.length)
      .map((index) => CAPITALS[index]?.[1] ?? '')
      .filter((city) => city !== capital)
      .slice(0, 3);
    return {
      question: `What is the capital of ${country}?`,
      explanation: `${capital} is the capital of ${country}.`,
      answers: single(r, capital, others),
      multiple: false,
      tags: ['travel', 'history'],
    };
  },
  (r) => {
    const place = r.int(0, PLANETS.length - 1);
    const right = PLANETS[place] ?? 'Earth';
    const others = r
      .distinct(4, PLANETS.length)
      .map((index) => PLANETS[index] ?? '')
      .filter((planet) => planet !== right)
      .slice(0, 3);
    return {
      question: `Which planet is the ${ORDINALS[place]} from the Sun?`,
      explanation: `From the Sun outwards: ${PLANETS.join(', ')}.`,
      answers: single(r, right, others),
      multiple: false,
      tags: ['space', 'science'],
    };
  },
];

export class QuizPlanner {
  constructor(
    private readonly random: Random,
    private readonly memberIds: number[],
    private readonly now: number,
  ) {}

  /** The `index`-th of `of` quizzes, oldest first, dated as polls are (bulk-poll-plan.ts). */
  plan(index: number, of: number, status: ContentStatus): PlannedQuiz {
    const r = this.random;
    const recent = Math.floor(of * (1 - LAST_WEEK_SHARE));
    const createdAt =
      index < recent
        ? this.now - YEAR_MS + ((index + r.next()) / Math.max(1, recent)) * (YEAR_MS - WEEK_MS)
        : this.now - WEEK_MS + ((index - recent + r.next()) / Math.max(1, of - recent)) * WEEK_MS;
    const closesAt = r.chance(0.1) ? createdAt + r.int(3, 14) * DAY_MS : null;
    // The shared schema checks the limits (lengths, distinct answers, one correct) as the API does.
    const input = ZCreateQuiz.parse({
      ...r.pick(QUESTIONS)(r),
      timeLimitSeconds: r.chance(0.2) ? r.pick([30, 60]) : null,
      closesAt: closesAt === null ? null : new Date(closesAt).toISOString(),
      status: status === 'draft' ? 'draft' : 'published',
    });
    const live = status !== 'draft';
    return {
      authorId: r.pick(this.memberIds),
      question: input.question,
      explanation: input.explanation,
      answers: input.answers,
      multiple: input.multiple,
      timeLimitSeconds: input.timeLimitSeconds,
      tags: [...input.tags].sort(),
      status,
      createdAt,
      closesAt,
      answeringEndsAt: Math.min(this.now, closesAt ?? this.now),
      skill: 0.3 + r.next() * 0.6,
      upVotes: live ? r.longTail(1, this.memberIds.length) : 0,
      likes: live ? r.longTail(1, this.memberIds.length) : 0,
      comments: live ? r.longTail(0.5, 100) : 0,
    };
  }
}
