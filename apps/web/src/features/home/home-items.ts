import type { Author, CommonModel, Discussion, Poll, Quiz, TagCount } from '@agora/shared';

/** One line of the home page's lists: a discussion, a poll or a quiz, in the same shape. */
export interface HomeItem {
  model: CommonModel;
  id: number;
  title: string;
  /** The item's page in the app. */
  path: string;
  tags: string[];
  author: Author;
  createdAt: string;
  commentsCount: number;
  likesCount: number;
  /** How many took part, in the kind's own words: views, voters, answers. */
  reach: { count: number; one: string };
}

/** A tag on the home page, leading to the list where it is used most. */
export interface HomeTag {
  name: string;
  count: number;
  path: string;
}

/** Each kind's list page, and what the home page calls one of its items. */
export const KIND_PAGES: Record<CommonModel, { path: string; label: string; plural: string }> = {
  forum: { path: '/discussions', label: 'Discussion', plural: 'discussions' },
  poll: { path: '/polls', label: 'Poll', plural: 'polls' },
  quiz: { path: '/quizzes', label: 'Quiz', plural: 'quizzes' },
};

export function discussionItem(discussion: Discussion): HomeItem {
  return {
    model: 'forum',
    id: discussion.id,
    title: discussion.title,
    path: `/discussions/${discussion.id}`,
    tags: discussion.tags,
    author: discussion.author,
    createdAt: discussion.createdAt,
    commentsCount: discussion.commentsCount,
    likesCount: discussion.likesCount,
    reach: { count: discussion.viewsCount, one: 'view' },
  };
}

export function pollItem(poll: Poll): HomeItem {
  return {
    model: 'poll',
    id: poll.id,
    title: poll.question,
    path: `/polls/${poll.id}`,
    tags: poll.tags,
    author: poll.author,
    createdAt: poll.createdAt,
    commentsCount: poll.commentsCount,
    likesCount: poll.likesCount,
    reach: { count: poll.votersCount, one: 'voter' },
  };
}

export function quizItem(quiz: Quiz): HomeItem {
  return {
    model: 'quiz',
    id: quiz.id,
    title: quiz.question,
    path: `/quizzes/${quiz.id}`,
    tags: quiz.tags,
    author: quiz.author,
    createdAt: quiz.createdAt,
    commentsCount: quiz.commentsCount,
    likesCount: quiz.likesCount,
    reach: { count: quiz.attemptsCount, one: 'answer' },
  };
}

/** Every kind's newest items as one list, newest first. */
export function newestFirst(lists: readonly HomeItem[][], size: number): HomeItem[] {
  return lists
    .flat()
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, size);
}

/**
 * Every kind's trending items as one list. Each kind ranks its own by a score the API does not
 * send, so the lists take turns: each kind's hottest first, then each one's second…
 */
export function takingTurns(lists: readonly HomeItem[][], size: number): HomeItem[] {
  const merged: HomeItem[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest && merged.length < size; rank += 1) {
    for (const list of lists) {
      const item = list[rank];
      if (item && merged.length < size) merged.push(item);
    }
  }
  return merged;
}

/** A tie between tags in code-point order: localeCompare would load ICU on the first page. */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The tags most used across the kinds, each leading to the kind that uses it most. */
export function mostUsedTags(
  byKind: readonly { model: CommonModel; tags: readonly TagCount[] }[],
  size: number,
): HomeTag[] {
  const tags = new Map<string, { count: number; top: CommonModel; topCount: number }>();
  for (const { model, tags: counts } of byKind) {
    for (const { name, count } of counts) {
      const seen = tags.get(name);
      if (!seen) tags.set(name, { count, top: model, topCount: count });
      else {
        seen.count += count;
        if (count > seen.topCount) Object.assign(seen, { top: model, topCount: count });
      }
    }
  }
  return [...tags]
    .sort(([nameA, a], [nameB, b]) => b.count - a.count || byName(nameA, nameB))
    .slice(0, size)
    .map(([name, { count, top }]) => ({
      name,
      count,
      path: `${KIND_PAGES[top].path}?tag=${encodeURIComponent(name)}`,
    }));
}
