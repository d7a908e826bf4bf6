import type { Comment, Discussion } from '@agora/shared';
import { member } from './account-fixtures';

/** Shared set-up for the forum pages' tests: content factories and a scroll observer double. */

const WRITTEN_AT = '2026-03-01T10:00:00.000Z';

export function discussionOf(overrides: Partial<Discussion> = {}): Discussion {
  return {
    id: 1,
    title: 'How do we water the community garden?',
    content: 'We need a **rota** for the summer.',
    tags: ['garden'],
    status: 'published',
    author: { id: 99, username: 'grace', avatar: null },
    createdAt: WRITTEN_AT,
    updatedAt: WRITTEN_AT,
    editedAt: null,
    likesCount: 2,
    commentsCount: 0,
    viewsCount: 10,
    isLiked: false,
    isBookmarked: false,
    hasAudio: false,
    pollChoices: [],
    ...overrides,
  };
}

/** The signed-in test member (`member`, id 7) as an author. */
export const memberAuthor = { id: member.id, username: member.username, avatar: null };

export function commentOf(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 100,
    forum: 1,
    parent: null,
    content: 'Count me in for Tuesdays.',
    author: { id: 99, username: 'grace', avatar: null },
    createdAt: WRITTEN_AT,
    updatedAt: WRITTEN_AT,
    editedAt: null,
    likesCount: 0,
    isLiked: false,
    repliesCount: 0,
    deleted: false,
    hidden: false,
    ...overrides,
  };
}

export const page = <T>(results: T[], next: string | null = null) => ({
  status: 200,
  data: { results, next },
});

/**
 * jsdom has no IntersectionObserver. This one records what it observes; `reachAll()` reports
 * every observed element as scrolled into view, like the reader reaching the end of a list.
 */
export function installIntersectionObserver() {
  const observers = new Set<FakeIntersectionObserver>();

  class FakeIntersectionObserver {
    readonly elements = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(element: Element) {
      this.elements.add(element);
    }
    unobserve(element: Element) {
      this.elements.delete(element);
    }
    disconnect() {
      this.elements.clear();
      observers.delete(this);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
    reach() {
      const entries = [...this.elements].map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      );
      if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
    }
  }

  const original = window.IntersectionObserver;
  window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  return {
    reachAll: () => {
      for (const observer of [...observers]) observer.reach();
    },
    observed: () => [...observers].reduce((count, observer) => count + observer.elements.size, 0),
    restore: () => {
      window.IntersectionObserver = original;
    },
  };
}
