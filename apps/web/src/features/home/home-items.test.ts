import { describe, expect, it } from 'vitest';
import { discussionOf } from '../../../test/forum-fixtures';
import { pollOf } from '../../../test/poll-fixtures';
import { quizOf } from '../../../test/quiz-fixtures';
import {
  discussionItem,
  mostUsedTags,
  newestFirst,
  pollItem,
  quizItem,
  takingTurns,
} from './home-items';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;

describe('home items', () => {
  it('gives every kind one shape, with its own page and its own measure of reach', () => {
    const discussion = discussionItem(discussionOf({ id: 3, title: 'Bread', viewsCount: 40 }));
    expect(discussion).toMatchObject({
      model: 'forum',
      title: 'Bread',
      path: '/discussions/3',
      reach: { count: 40, one: 'view' },
    });
    const poll = pollItem(pollOf({ id: 4, question: 'Which day?', votersCount: 9 }));
    expect(poll).toMatchObject({ path: '/polls/4', title: 'Which day?', reach: { count: 9 } });
    const quiz = quizItem(quizOf({ id: 5, question: 'Capital?', attemptsCount: 2 }));
    expect(quiz).toMatchObject({ path: '/quizzes/5', title: 'Capital?', reach: { count: 2 } });
  });

  it('merges the kinds newest first and keeps the list short', () => {
    const discussions = [1, 4].map((day) =>
      discussionItem(discussionOf({ id: day, createdAt: at(day) })),
    );
    const polls = [3].map((day) => pollItem(pollOf({ id: day, createdAt: at(day) })));
    const quizzes = [2, 5].map((day) => quizItem(quizOf({ id: day, createdAt: at(day) })));
    expect(newestFirst([discussions, polls, quizzes], 4).map((item) => item.path)).toEqual([
      '/quizzes/5',
      '/discussions/4',
      '/polls/3',
      '/quizzes/2',
    ]);
  });

  it('lets the trending lists take turns, each kind’s hottest first', () => {
    const d = [1, 2, 3].map((id) => discussionItem(discussionOf({ id })));
    const p = [1].map((id) => pollItem(pollOf({ id })));
    const q = [1, 2].map((id) => quizItem(quizOf({ id })));
    expect(takingTurns([d, p, q], 5).map((item) => item.path)).toEqual([
      '/discussions/1',
      '/polls/1',
      '/quizzes/1',
      '/discussions/2',
      '/quizzes/2',
    ]);
    expect(takingTurns([[], [], []], 5)).toEqual([]);
  });

  it('adds up each tag across kinds and leads to the kind that uses it most', () => {
    const tags = mostUsedTags(
      [
        {
          model: 'forum',
          tags: [
            { name: 'hiking', count: 2 },
            { name: 'books', count: 1 },
          ],
        },
        { model: 'poll', tags: [{ name: 'hiking', count: 3 }] },
        { model: 'quiz', tags: [{ name: 'space flight', count: 1 }] },
      ],
      2,
    );
    expect(tags).toEqual([
      { name: 'hiking', count: 5, path: '/polls?tag=hiking' },
      { name: 'books', count: 1, path: '/discussions?tag=books' },
    ]);
    expect(
      mostUsedTags([{ model: 'quiz', tags: [{ name: 'space flight', count: 1 }] }], 5),
    ).toEqual([{ name: 'space flight', count: 1, path: '/quizzes?tag=space%20flight' }]);
  });
});
