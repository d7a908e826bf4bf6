import type { PollResultsVisibility, PollType, PollVotersVisibility } from '@agora/shared';
import type { DemoComment } from './demo-discussions';

/** The welcoming demo's polls, with who votes for what, likes, bookmarks and comments. */

export interface DemoPoll {
  by: string;
  daysAgo: number;
  question: string;
  description: string;
  tags: string[];
  options: string[];
  type?: PollType;
  maxChoices?: number;
  results?: PollResultsVisibility;
  voters?: PollVotersVisibility;
  /** Days from now until it closes: negative for a poll that has closed. */
  closesInDays?: number;
  /** Member → the indexes of the options they chose, most preferred first. */
  votes: Record<string, number[]>;
  likedBy?: string[];
  bookmarkedBy?: string[];
  comments?: DemoComment[];
}

export const DEMO_POLLS: DemoPoll[] = [
  {
    by: 'devika',
    daysAgo: 9,
    question: 'Which book should the book club read in December?',
    description: `Three nominations came in last month. The poll closes on Sunday evening and the winner is the book we discuss on the **first Thursday of December**.

Results are shown once the poll has closed, so nobody just follows the crowd.`,
    tags: ['books'],
    options: ['Piranesi', 'The Dispossessed', 'Braiding Sweetgrass'],
    results: 'after_close',
    closesInDays: -2,
    votes: {
      ada: [1],
      ben: [2],
      chloe: [0],
      emil: [1],
      fatima: [1],
    },
    likedBy: ['fatima', 'chloe'],
    comments: [
      {
        by: 'fatima',
        content: 'The Dispossessed it is, then! Its library copy has a waiting list, buy early.',
        likedBy: ['devika'],
      },
    ],
  },
  {
    by: 'emil',
    daysAgo: 6,
    question: 'Which evening works best for the monthly meetup?',
    description: `We have been meeting on Thursdays, but a few of you said it clashes with choir and football. Pick the one evening that suits you best.`,
    tags: ['meetups', 'community'],
    options: ['Tuesday', 'Wednesday', 'Thursday', 'Saturday morning instead'],
    votes: {
      ada: [1],
      ben: [3],
      chloe: [1],
      devika: [2],
      fatima: [1],
    },
    likedBy: ['ada', 'chloe'],
    comments: [
      {
        by: 'ben',
        content: 'Saturday mornings would let the allotment people come along with muddy boots.',
        replies: [
          {
            by: 'emil',
            content: 'Muddy boots are always welcome. Wednesday is winning for now though.',
            likedBy: ['ben'],
          },
        ],
      },
    ],
  },
  {
    by: 'devika',
    daysAgo: 4,
    question: 'What should the next accessibility workshop cover?',
    description:
      'Pick **up to two** topics. The two with the most votes fill the two hours; the rest go to the spring session.',
    tags: ['accessibility', 'design'],
    options: [
      'Screen readers',
      'Colour and contrast',
      'Keyboard navigation',
      'Accessible forms',
      'Captions and transcripts',
    ],
    type: 'multiple',
    maxChoices: 2,
    votes: {
      ada: [3, 2],
      ben: [4, 1],
      chloe: [1],
      emil: [2, 0],
      fatima: [4, 3],
    },
    likedBy: ['emil', 'ada', 'fatima'],
    bookmarkedBy: ['ada'],
    comments: [
      {
        by: 'ada',
        content: 'Forms please. Half the bugs I fix at work are unlabelled inputs.',
        likedBy: ['devika', 'emil'],
      },
    ],
  },
  {
    by: 'chloe',
    daysAgo: 3,
    question: 'Rank the walks for our spring group hike',
    description: `Drag them into your order of preference. Counted by instant runoff: the least liked walk drops out each round until one has a majority.

| Walk | Time | Climb |
|---|---|---|
| Lac du Crozet | 3 h | 450 m |
| Moucherotte | 4 h | 700 m |
| Chamechaude | 5 h | 900 m |
| Dent de Crolles | 6 h | 1,000 m |`,
    tags: ['hiking', 'travel'],
    options: ['Lac du Crozet', 'Moucherotte', 'Chamechaude', 'Dent de Crolles'],
    type: 'ranked',
    votes: {
      ada: [0, 1, 2, 3],
      ben: [0, 2, 1],
      devika: [1, 0, 3, 2],
      emil: [3, 2, 1, 0],
      fatima: [2, 0, 1],
    },
    likedBy: ['devika', 'fatima'],
    bookmarkedBy: ['fatima'],
    comments: [
      {
        by: 'emil',
        content: 'Dent de Crolles or nothing! But I will happily carry the picnic up any of them.',
        likedBy: ['chloe'],
      },
    ],
  },
  {
    by: 'ada',
    daysAgo: 2,
    question: 'Be honest: how many browser tabs do you have open right now?',
    description: 'An **anonymous** poll: nobody, not even me, can see who chose what.',
    tags: ['programming'],
    options: ['Fewer than 10', '10 to 50', '50 to 200', 'I have lost count'],
    voters: 'anonymous',
    votes: {
      ben: [0],
      chloe: [1],
      devika: [2],
      emil: [3],
      fatima: [1],
    },
    likedBy: ['ben', 'devika', 'emil', 'fatima'],
    comments: [
      { by: 'devika', content: 'I refuse to say which one I picked. 🙈' },
      {
        by: 'ben',
        content: 'One window, one tab. I was a teacher for thirty years; I like order.',
        likedBy: ['ada', 'fatima'],
      },
    ],
  },
  {
    by: 'fatima',
    daysAgo: 1,
    question: 'Should the astronomy club start earlier in winter?',
    description:
      'It is dark by 18:00 from November. Results show once you have voted, so vote first!',
    tags: ['space', 'meetups'],
    options: ['Yes, from 19:30', 'Keep 21:30', 'Alternate between the two'],
    results: 'after_vote',
    votes: {
      ben: [0],
      emil: [0],
      devika: [2],
    },
    likedBy: ['ben'],
  },
  {
    by: 'ben',
    daysAgo: 0,
    question: 'Which crop should the allotment group trial next year?',
    description: 'We have one spare bed. The poll closes in a few days, in time to order seeds.',
    tags: ['gardening'],
    options: ['Sweet potatoes', 'Okra', 'Melons', 'Blight-resistant tomatoes'],
    closesInDays: 3,
    votes: {
      chloe: [3],
      fatima: [2],
    },
  },
];
