import type { APIRequestContext } from '@playwright/test';
import type { Album, CreateQuiz, Discussion, Poll, Quiz } from '@agora/shared';
import { expect } from '../../support/test';
import { asMember } from '../../support/members';
import type { Member } from '../../support/members';
import { solidPng } from '../../support/png';
import { createPoll } from '../polls/poll-requests';

/** A word of its own per call, so a spec finds what it made among other specs' content. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** A discussion by `author` with one comment by `commenter`, made through the API. */
export async function discussionWithComment(
  request: APIRequestContext,
  author: Member,
  commenter: Member,
): Promise<Discussion> {
  const posted = await request.post('/api/forums/forums/', {
    ...asMember(author),
    data: {
      title: unique('Which trail for a first autumn hike'),
      content: 'Looking for a **gentle** loop with a view. Where would you start?',
      tags: ['hiking'],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const discussion = (await posted.json()) as Discussion;
  const commented = await request.post('/api/forums/forums-comment/', {
    ...asMember(commenter),
    data: { forum: discussion.id, content: 'The lake loop: two hours, and benches at the top.' },
  });
  expect(commented.status(), await commented.text()).toBe(201);
  return discussion;
}

/** A single-choice poll by `author`. */
export const poll = (request: APIRequestContext, author: Member): Promise<Poll> =>
  createPoll(request, author, {
    question: unique('Which day suits the next meetup'),
    options: ['Saturday', 'Sunday', 'Either'],
    tags: ['meetups'],
  });

/** A quiz by `author` with one correct answer. */
export async function quiz(request: APIRequestContext, author: Member): Promise<Quiz> {
  const data: CreateQuiz = {
    question: unique('Which planet is closest to the sun'),
    explanation: 'Mercury orbits at about 58 million km.',
    answers: [
      { text: 'Mercury', correct: true },
      { text: 'Venus', correct: false },
      { text: 'Mars', correct: false },
    ],
    tags: ['science'],
  };
  const response = await request.post('/api/forums/quizs/', { ...asMember(author), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Quiz;
}

/** `from` starts a chat with `to`. */
export async function chat(
  request: APIRequestContext,
  from: Member,
  to: Member,
  message: string,
): Promise<void> {
  const response = await request.post('/api/chats/chat-list/', {
    ...asMember(from),
    data: { member: to.id, newmessage: message },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** `reporter` reports `discussion` as spam, so the staff queue has an item. */
export async function report(
  request: APIRequestContext,
  reporter: Member,
  discussion: Discussion,
): Promise<void> {
  const response = await request.post('/api/forums/report/', {
    ...asMember(reporter),
    data: { model: 'forum', id: discussion.id, reason: 'spam' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** An album by `author` with two pictures, made through the API. */
export async function album(request: APIRequestContext, author: Member): Promise<Album> {
  const picture = async (name: string, colour: [number, number, number]) => ({
    name,
    mimeType: 'image/png',
    buffer: await solidPng(240, colour),
  });
  const response = await request.post('/api/common/albums/', {
    ...asMember(author),
    multipart: {
      name: unique('Beach day'),
      album_images: await picture('sand.png', [222, 196, 140]),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const made = (await response.json()) as Album;
  const added = await request.post('/api/common/album-images/', {
    ...asMember(author),
    multipart: { album: String(made.id), album_images: await picture('sea.png', [40, 110, 170]) },
  });
  expect(added.status(), await added.text()).toBe(201);
  return made;
}
