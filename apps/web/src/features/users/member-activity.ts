import type { Discussion, MemberComment, Poll, Quiz } from '@agora/shared';
import { plural } from '../../lib/format';
import { markdownExcerpt } from '../../lib/markdown';

/** The tabs of a profile's activity, in order; the first is shown when `?tab=` names none. */
export const ACTIVITY_TABS = ['discussions', 'comments', 'polls', 'quizzes', 'albums'] as const;
export type ActivityTab = (typeof ACTIVITY_TABS)[number];
/** The tabs listed as lines; albums show as a grid of covers (the albums feature's). */
export type ListedActivityTab = Exclude<ActivityTab, 'albums'>;

/** A tab's name as its label shows it: "Discussions". */
export const activityLabel = (tab: ActivityTab): string =>
  `${tab.charAt(0).toUpperCase()}${tab.slice(1)}`;

/** `?tab=` as the page reads it: anything else is the first tab. */
export function activityTabOf(value: string | null): ActivityTab {
  return ACTIVITY_TABS.find((tab) => tab === value) ?? 'discussions';
}

/** One line of a profile's activity, whatever its kind. */
export interface ActivityItem {
  id: number;
  title: string;
  /** Its page in the web app. */
  href: string;
  createdAt: string;
  /** A comment's words as plain text; absent for posts, whose title says enough. */
  excerpt?: string;
  /** Counts worth a glance: "3 comments", "12 voters". */
  facts: string[];
}

export interface ActivityPage {
  results: ActivityItem[];
  next: string | null;
}

const FORUMS = '/api/forums';

interface ActivitySource {
  url: string;
  toPage: (data: unknown) => ActivityPage;
}

/**
 * A list of `T`, each item turned into a line. The answer is the server's, written through the
 * list's shared schema (http-client.ts says why it is not parsed again).
 */
function sourceOf<T>(url: string, toItem: (item: T) => ActivityItem): ActivitySource {
  return {
    url,
    toPage: (data) => {
      const page = data as { results: T[]; next: string | null };
      return { next: page.next, results: page.results.map(toItem) };
    },
  };
}

/** A poll's or quiz's line: its question and how many took part. */
const questionLine = (
  path: string,
  post: {
    id: number;
    question: string;
    createdAt: string;
    commentsCount: number;
    isClosed: boolean;
  },
  takers: string,
): ActivityItem => ({
  id: post.id,
  title: post.question,
  href: `/${path}/${post.id}`,
  createdAt: post.createdAt,
  facts: [takers, plural(post.commentsCount, 'comment'), ...(post.isClosed ? ['closed'] : [])],
});

/**
 * Where each tab's list comes from: the public `?author=` lists of each kind, and the comments
 * every visitor may read.
 */
export const ACTIVITY_SOURCES: Record<ListedActivityTab, ActivitySource> = {
  discussions: sourceOf<Discussion>(`${FORUMS}/forums/`, (discussion) => ({
    id: discussion.id,
    title: discussion.title,
    href: `/discussions/${discussion.id}`,
    createdAt: discussion.createdAt,
    facts: [plural(discussion.commentsCount, 'comment'), plural(discussion.likesCount, 'like')],
  })),
  comments: sourceOf<MemberComment>(`${FORUMS}/comments/by_author/`, (comment) => ({
    id: comment.id,
    title: comment.hostTitle,
    href: comment.path,
    createdAt: comment.createdAt,
    excerpt: markdownExcerpt(comment.content, 200),
    facts: [plural(comment.likesCount, 'like')],
  })),
  polls: sourceOf<Poll>(`${FORUMS}/polls/`, (poll) =>
    questionLine('polls', poll, plural(poll.votersCount, 'voter')),
  ),
  quizzes: sourceOf<Quiz>(`${FORUMS}/quizs/`, (quiz) =>
    questionLine('quizzes', quiz, plural(quiz.attemptsCount, 'answer')),
  ),
};
