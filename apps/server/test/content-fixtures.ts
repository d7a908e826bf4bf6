import {
  type Album,
  DELETED_COMMENT_CONTENT,
  HIDDEN_COMMENT_CONTENT,
  type ContentComment,
  type ContentCommentPage,
  type ContentModel,
  type Discussion,
  type Poll,
  type Quiz,
} from '@agora/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Member } from './accounts';
import type { TestApp } from './build-app';
import { postAlbum } from './albums';
import { send, type ApiRequest, type Body, type Kept } from './content';
import { postDiscussion } from './forums';
import { postPoll } from './polls';
import { postQuiz } from './quizzes';

/**
 * How the content conformance suite (src/content-kinds.test.ts) acts on each registered kind
 * through the real API. A new kind adds its model to CONTENT_MODELS, registers itself in
 * content-kinds.ts and adds its fixture here (TypeScript asks for it); the suite then checks
 * likes, bookmarks, reports, hiding, ownership and clean-up for it.
 */

/** An object made for a test, with where to read it back. */
export interface Made {
  id: number;
  /** The GET whose answer shows the object (its detail page, or the list it is in). */
  read: ApiRequest;
  /** Deletes, as the owner, what holds the object (kinds deleted softly only). */
  purge?: ApiRequest;
}

/** How a viewer sees an object. */
export type Seen =
  | { state: 'missing' }
  | {
      /** `masked`: listed without its text and author (hidden); `deleted`: "[deleted]". */
      state: 'shown' | 'masked' | 'deleted';
      content: string;
      likesCount: number;
      isLiked: boolean;
    };

export interface KindFixture {
  /** Its table, with `id`, `content` and `likes_count` columns. */
  table: string;
  /** A live object owned by `owner`, made through the API. */
  create(t: TestApp, owner: Member): Promise<Made>;
  /** Reads the answer to `made.read` for the object `id`. */
  seen(response: LightMyRequestResponse, id: number): Seen;
  /** Its row (as `rowOf` reads it) says it is hidden. */
  isHidden(row: Record<string, unknown>): boolean;
  /** How other members (and signed-out visitors) see it while it is hidden. */
  hiddenToOthers: 'missing' | 'masked';
  /** The owner's edit: the request, and the field (in the answer and the row) it sets to `value`. */
  edit: { request(id: number): ApiRequest; field: string; value: string };
  /** The owner's delete, answered 204. */
  remove(id: number): ApiRequest;
  /** What another member is answered when editing or deleting it. */
  othersGet: 403 | 404;
  /** Its bookmark endpoints (answered 201 and 204) and the member's list; null when none. */
  bookmark: { add(id: number): ApiRequest; remove(id: number): ApiRequest; list: string } | null;
  /** The member's "liked by me" list; null when the kind has none. */
  likedList: string | null;
  /** The body of POST /api/forums/comments/ commenting on (or replying to) it; null if none. */
  comment: ((id: number) => Body) | null;
  /**
   * `hard`: its row goes, and every generic module forgets it. `soft`: its row stays (comments:
   * "[deleted]"), seen as `seenAs`, and what the generic modules keep about it is `keeps`.
   */
  deletion: { soft: false } | { soft: true; seenAs: Seen['state']; keeps: Partial<Kept> };
}

const EDITED = 'Edited text, as its owner wants it now.';

function unexpected(response: LightMyRequestResponse): never {
  throw new Error(`unexpected answer ${response.statusCode}: ${response.body}`);
}

/** A discussion's detail: 404 when the viewer may not see it. */
function seenInDetail(response: LightMyRequestResponse, id: number): Seen {
  if (response.statusCode === 404) return { state: 'missing' };
  if (response.statusCode !== 200) unexpected(response);
  const discussion = response.json<Discussion>();
  expect(discussion.id).toBe(id);
  const { content, likesCount, isLiked } = discussion;
  return { state: 'shown', content, likesCount, isLiked };
}

/** A comment in its list: hidden ones are masked for others, deleted ones say so or go. */
function seenInList(response: LightMyRequestResponse, id: number): Seen {
  if (response.statusCode !== 200) unexpected(response);
  const item = response.json<ContentCommentPage>().results.find((comment) => comment.id === id);
  if (!item) return { state: 'missing' };
  const { content, likesCount, isLiked } = item;
  const state =
    content === DELETED_COMMENT_CONTENT && item.deleted
      ? 'deleted'
      : content === HIDDEN_COMMENT_CONTENT && item.author === null
        ? 'masked'
        : 'shown';
  return { state, content, likesCount, isLiked };
}

const post = (url: string, payload: Body): ApiRequest => ({ method: 'POST', url, payload });

async function comment(t: TestApp, member: Member, payload: Body): Promise<ContentComment> {
  const response = await send(t, member, post('/api/forums/comments/', payload));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentComment>();
}

const commentsOn = (discussion: number): ApiRequest => ({
  method: 'GET',
  url: `/api/forums/comments/?model=forum&id=${discussion}&limit=100`,
});

/**
 * What deleting a comment or reply keeps: nothing. It stays as "[deleted]" for its replies, but
 * its likes, closed reports and notifications go, as they do for all deleted content.
 */
const SOFT_DELETE_KEEPS: Partial<Kept> = {};

/** Comments and replies share their edit and delete endpoints. */

const commentEndpoints = {
  edit: {
    request: (id: number): ApiRequest => ({
      method: 'PUT',
      url: `/api/forums/comments/${id}/`,
      payload: { content: EDITED },
    }),
    field: 'content',
    value: EDITED,
  },
  remove: (id: number): ApiRequest => ({ method: 'DELETE', url: `/api/forums/comments/${id}/` }),
  othersGet: 403,
  table: 'comments',
  seen: seenInList,
  isHidden: (row: Record<string, unknown>) => row.hidden_at !== null,
  hiddenToOthers: 'masked',
  bookmark: null,
  likedList: null,
} as const;

export const KIND_FIXTURES: Record<ContentModel, KindFixture> = {
  forum: {
    table: 'discussions',
    async create(t, owner) {
      const { id } = await postDiscussion(t, owner);
      return { id, read: { method: 'GET', url: `/api/forums/forums/${id}/` } };
    },
    seen: seenInDetail,
    isHidden: (row) => row.status === 'hidden',
    hiddenToOthers: 'missing',
    edit: {
      request: (id) => ({
        method: 'PATCH',
        url: `/api/forums/forums/${id}/`,
        payload: { content: EDITED },
      }),
      field: 'content',
      value: EDITED,
    },
    remove: (id) => ({ method: 'DELETE', url: `/api/forums/forums/${id}/` }),
    othersGet: 403,
    bookmark: {
      add: (id) => post('/api/common/bookmark/', { model: 'forum', id }),
      remove: (id) => ({
        method: 'DELETE',
        url: '/api/common/bookmark/',
        payload: { model: 'forum', id },
      }),
      list: '/api/forums/forums/bookmarked_by_me/?limit=100',
    },
    likedList: '/api/forums/forums/liked_by_me/?limit=100',
    comment: (id) => ({ model: 'forum', id, content: 'A comment on it.' }),
    deletion: { soft: false },
  },

  comment: {
    ...commentEndpoints,
    async create(t, owner) {
      const discussion = await postDiscussion(t, owner);
      const { id } = await comment(t, owner, {
        model: 'forum',
        id: discussion.id,
        content: 'Mine.',
      });
      return {
        id,
        read: commentsOn(discussion.id),
        purge: { method: 'DELETE', url: `/api/forums/forums/${discussion.id}/` },
      };
    },
    comment: (id) => ({ parent: id, content: 'A reply to it.' }),
    // A deleted comment keeps its place while it has replies; its text and author are wiped.
    deletion: {
      soft: true,
      seenAs: 'deleted',
      keeps: SOFT_DELETE_KEEPS,
    },
  },

  subcomment: {
    ...commentEndpoints,
    async create(t, owner) {
      const discussion = await postDiscussion(t, owner);
      const parent = await comment(t, owner, { model: 'forum', id: discussion.id, content: 'Hi.' });
      const { id } = await comment(t, owner, { parent: parent.id, content: 'My reply.' });
      return {
        id,
        read: { method: 'GET', url: `/api/forums/comments/?parent=${parent.id}&limit=100` },
        purge: { method: 'DELETE', url: `/api/forums/forums/${discussion.id}/` },
      };
    },
    // Replies take no replies.
    comment: null,
    deletion: {
      soft: true,
      seenAs: 'missing',
      keeps: SOFT_DELETE_KEEPS,
    },
  },

  poll: {
    table: 'poll_posts',
    async create(t, owner) {
      const { id } = await postPoll(t, owner);
      return { id, read: { method: 'GET', url: `/api/forums/polls/${id}/` } };
    },
    seen(response, id) {
      if (response.statusCode === 404) return { state: 'missing' };
      if (response.statusCode !== 200) unexpected(response);
      const poll = response.json<Poll>();
      expect(poll.id).toBe(id);
      const { description: content, likesCount, isLiked } = poll;
      return { state: 'shown', content, likesCount, isLiked };
    },
    isHidden: (row) => row.status === 'hidden',
    hiddenToOthers: 'missing',
    edit: {
      request: (id) => ({
        method: 'PATCH',
        url: `/api/forums/polls/${id}/`,
        payload: { description: EDITED },
      }),
      field: 'description',
      value: EDITED,
    },
    remove: (id) => ({ method: 'DELETE', url: `/api/forums/polls/${id}/` }),
    othersGet: 403,
    bookmark: {
      add: (id) => post('/api/common/bookmark/', { model: 'poll', id }),
      remove: (id) => ({
        method: 'DELETE',
        url: '/api/common/bookmark/',
        payload: { model: 'poll', id },
      }),
      list: '/api/forums/polls/bookmarked_by_me/?limit=100',
    },
    likedList: '/api/forums/polls/liked_by_me/?limit=100',
    comment: (id) => ({ model: 'poll', id, content: 'A comment on it.' }),
    deletion: { soft: false },
  },

  quiz: {
    table: 'quizzes',
    async create(t, owner) {
      const { id } = await postQuiz(t, owner);
      return { id, read: { method: 'GET', url: `/api/forums/quizs/${id}/` } };
    },
    seen(response, id) {
      if (response.statusCode === 404) return { state: 'missing' };
      if (response.statusCode !== 200) unexpected(response);
      const quiz = response.json<Quiz>();
      expect(quiz.id).toBe(id);
      const { question: content, likesCount, isLiked } = quiz;
      return { state: 'shown', content, likesCount, isLiked };
    },
    isHidden: (row) => row.status === 'hidden',
    hiddenToOthers: 'missing',
    edit: {
      request: (id) => ({
        method: 'PATCH',
        url: `/api/forums/quizs/${id}/`,
        payload: { question: EDITED },
      }),
      field: 'question',
      value: EDITED,
    },
    remove: (id) => ({ method: 'DELETE', url: `/api/forums/quizs/${id}/` }),
    othersGet: 403,
    bookmark: {
      add: (id) => post('/api/common/bookmark/', { model: 'quiz', id }),
      remove: (id) => ({
        method: 'DELETE',
        url: '/api/common/bookmark/',
        payload: { model: 'quiz', id },
      }),
      list: '/api/forums/quizs/bookmarked_by_me/?limit=100',
    },
    likedList: '/api/forums/quizs/liked_by_me/?limit=100',
    comment: (id) => ({ model: 'quiz', id, content: 'A comment on it.' }),
    deletion: { soft: false },
  },

  album: {
    table: 'albums',
    async create(t, owner) {
      const { id } = await postAlbum(t, owner);
      return { id, read: { method: 'GET', url: `/api/common/albums/${id}/` } };
    },
    seen(response, id) {
      if (response.statusCode === 404) return { state: 'missing' };
      if (response.statusCode !== 200) unexpected(response);
      const album = response.json<Album>();
      expect(album.id).toBe(id);
      const { name: content, likesCount, isLiked } = album;
      return { state: 'shown', content, likesCount, isLiked };
    },
    isHidden: (row) => row.hidden_at !== null,
    hiddenToOthers: 'missing',
    edit: {
      request: (id) => ({
        method: 'PATCH',
        url: `/api/common/albums/${id}/`,
        payload: { name: EDITED },
      }),
      field: 'name',
      value: EDITED,
    },
    remove: (id) => ({ method: 'DELETE', url: `/api/common/albums/${id}/` }),
    othersGet: 403,
    bookmark: {
      add: (id) => post(`/api/common/albums/${id}/bookmark/`, {}),
      remove: (id) => ({ method: 'DELETE', url: `/api/common/albums/${id}/bookmark/` }),
      list: '/api/common/albums/?bookmarked=true&limit=100',
    },
    likedList: '/api/common/albums/?liked=true&limit=100',
    comment: (id) => ({ model: 'album', id, content: 'A comment on it.' }),
    deletion: { soft: false },
  },
};
