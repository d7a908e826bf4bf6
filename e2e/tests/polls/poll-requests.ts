import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CreatePoll, LiveUpdateEvent, Poll } from '@agora/shared';
import { asMember } from '../../support/members';
import type { Member } from '../../support/members';

/** A poll started by `member` through the API, for flows that are not about the form. */
export async function createPoll(
  request: APIRequestContext,
  member: Member,
  poll: CreatePoll,
): Promise<Poll> {
  const response = await request.post('/api/forums/polls/', { ...asMember(member), data: poll });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Poll;
}

/** `member`'s ballot on `poll`, the options named by their text (in order for a ranked poll). */
export async function castVote(
  request: APIRequestContext,
  member: Member,
  poll: Poll,
  choices: string[],
): Promise<Poll> {
  const response = await request.post('/api/forums/polls-vote/', {
    ...asMember(member),
    data: { poll: poll.id, choices: choices.map((text) => optionId(poll, text)) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Poll;
}

/** The id of the option of `poll` that reads `text`. */
export function optionId(poll: Poll, text: string): number {
  const option = poll.options.find((candidate) => candidate.text === text);
  if (!option) throw new Error(`Poll ${poll.id} has no option "${text}".`);
  return option.id;
}

/**
 * Every `live_update` the page's `/ws/live/` socket receives, in order, from sockets opened
 * after this call.
 */
export function watchLiveUpdates(page: Page): LiveUpdateEvent[] {
  const updates: LiveUpdateEvent[] = [];
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.startsWith('/ws/live/')) return;
    socket.on('framereceived', ({ payload }) => {
      const message: unknown = JSON.parse(payload.toString());
      if (
        typeof message === 'object' &&
        message !== null &&
        'type' in message &&
        message.type === 'live_update'
      ) {
        updates.push(message as LiveUpdateEvent);
      }
    });
  });
  return updates;
}
