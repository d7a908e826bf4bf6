import type { DemoComment } from './demo-discussions';

/** The welcoming demo's quizzes, with who answered what, up-votes, likes and comments. */

export interface DemoQuiz {
  by: string;
  daysAgo: number;
  question: string;
  explanation: string;
  tags: string[];
  answers: { text: string; correct?: boolean }[];
  /** "Choose all that apply". */
  multiple?: boolean;
  timeLimitSeconds?: number;
  /** Days from now until it closes: negative for a quiz that has closed. */
  closesInDays?: number;
  /** Member → the indexes of the answers they chose, in the order they answered. */
  attempts: [string, number[]][];
  upVotedBy?: string[];
  likedBy?: string[];
  comments?: DemoComment[];
}

export const DEMO_QUIZZES: DemoQuiz[] = [
  {
    by: 'devika',
    daysAgo: 8,
    question: 'What contrast ratio does WCAG AA ask for normal body text?',
    explanation: `**4.5:1.** Large text (about 24 px, or 19 px bold) may go down to 3:1; AAA asks for 7:1. Check grey placeholder text first: it is usually the worst offender.`,
    tags: ['accessibility', 'design'],
    answers: [{ text: '3:1' }, { text: '4.5:1', correct: true }, { text: '7:1' }, { text: '2:1' }],
    closesInDays: -1,
    attempts: [
      ['ada', [1]],
      ['emil', [0]],
      ['chloe', [1]],
      ['fatima', [1]],
    ],
    upVotedBy: ['ada', 'chloe'],
    likedBy: ['emil'],
  },
  {
    by: 'ben',
    daysAgo: 6,
    question:
      'A snail climbs 3 m up a 10 m well each day and slides back 2 m each night. On which day does it reach the top?',
    explanation: `**Day 8.** After 7 days and nights it is 7 m up. On the eighth day it climbs
3 m and reaches the top before night comes, so it never slides back.`,
    tags: ['puzzles', 'education'],
    answers: [
      { text: 'Day 7' },
      { text: 'Day 8', correct: true },
      { text: 'Day 9' },
      { text: 'Day 10' },
    ],
    attempts: [
      ['fatima', [1]],
      ['chloe', [3]],
      ['ada', [1]],
      ['devika', [1]],
      ['emil', [0]],
    ],
    upVotedBy: ['fatima', 'ada', 'devika'],
    likedBy: ['ada', 'fatima'],
    comments: [
      {
        by: 'chloe',
        content: 'I did 10 ÷ (3 − 2) and felt very clever for about four seconds.',
        likedBy: ['ben', 'emil'],
        replies: [{ by: 'ben', content: 'That is exactly the trap. Welcome to the club!' }],
      },
    ],
  },
  {
    by: 'ada',
    daysAgo: 5,
    question: 'Which PostgreSQL index types can serve a full-text search? Choose all that apply.',
    explanation: `**GIN and GiST.** GIN is the usual choice for \`tsvector\` columns: bigger and slower to update, but much faster to search. GiST is lossy for text search and rechecks rows. B-tree, BRIN and hash indexes cannot answer \`@@\` queries.`,
    tags: ['postgres'],
    answers: [
      { text: 'GIN', correct: true },
      { text: 'GiST', correct: true },
      { text: 'BRIN' },
      { text: 'Hash' },
    ],
    multiple: true,
    attempts: [
      ['emil', [0, 1]],
      ['devika', [0]],
      ['ben', [0, 2]],
    ],
    upVotedBy: ['emil'],
    likedBy: ['emil', 'devika'],
    comments: [
      {
        by: 'devika',
        content: 'I only knew GIN because of the house-rules post. Today I learned about GiST!',
      },
    ],
  },
  {
    by: 'fatima',
    daysAgo: 3,
    question: 'Which planet has the shortest day?',
    explanation: `**Jupiter**: it turns once in under 10 hours, despite being the largest planet. Saturn is close behind at about 10.5 hours; a day on Venus lasts longer than its year.`,
    tags: ['space', 'science'],
    answers: [
      { text: 'Jupiter', correct: true },
      { text: 'Saturn' },
      { text: 'Earth' },
      { text: 'Mercury' },
    ],
    timeLimitSeconds: 30,
    attempts: [
      ['ben', [0]],
      ['chloe', [0]],
      ['devika', [1]],
      ['emil', [0]],
    ],
    upVotedBy: ['ben', 'chloe', 'emil'],
    likedBy: ['chloe'],
    comments: [{ by: 'emil', content: 'Thirty seconds is not much when you second-guess Saturn!' }],
  },
  {
    by: 'chloe',
    daysAgo: 2,
    question: 'Which three settings make up the exposure triangle? Choose all that apply.',
    explanation: `**Aperture, shutter speed and ISO.** Each doubles or halves the light: open the aperture one stop and you can use a shutter speed twice as fast for the same exposure.
White balance changes colour, not brightness.`,
    tags: ['photography'],
    answers: [
      { text: 'Aperture', correct: true },
      { text: 'Shutter speed', correct: true },
      { text: 'ISO', correct: true },
      { text: 'White balance' },
    ],
    multiple: true,
    attempts: [
      ['devika', [0, 1, 2]],
      ['ada', [0, 1, 3]],
      ['fatima', [0, 1, 2]],
    ],
    upVotedBy: ['fatima'],
  },
  {
    by: 'emil',
    daysAgo: 1,
    question: 'Which joint traditionally fixes a table leg to its apron?',
    explanation: `**Mortise and tenon**: the apron's tenon fits a mortise cut in the leg, and the long glue surfaces make it strong against racking. Dovetails are for drawers and boxes.`,
    tags: ['woodworking', 'diy'],
    answers: [
      { text: 'Dovetail' },
      { text: 'Mortise and tenon', correct: true },
      { text: 'Biscuit' },
      { text: 'Finger joint' },
    ],
    attempts: [
      ['chloe', [1]],
      ['ben', [1]],
    ],
    likedBy: ['chloe'],
  },
];
