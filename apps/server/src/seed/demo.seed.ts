import { isStaffRole, ZCreateDiscussion } from '@agora/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../features/auth/passwords';
import type { Viewer } from '../platform/auth';
import type { ForumsContext } from '../features/forums';
import { CONTENT_CLEANERS, CONTENT_KINDS } from '../content-kinds';
import { createComment, createReply } from '../features/comments';
import { createDiscussion, viewDiscussion } from '../features/forums/discussions.service';
import { vote } from '../features/forums/polls.service';
import { toggleBookmark, toggleLike } from '../features/reactions';
import { ContentRegistry } from '../platform/content';
import { createUser, users } from '../features/users';
import type { Database } from '../platform/db';
import type { Storage } from '../platform/storage';
import { DEMO_DISCUSSIONS, type DemoComment, type DemoDiscussion } from './demo-discussions';
import { DEMO_MEMBERS } from './demo-members';
import { seedDemoPolls } from './demo-polls.seed';
import { DEMO_PASSWORD } from './demo-password';

export type DemoResult =
  | {
      created: true;
      members: number;
      discussions: number;
      polls: number;
      quizzes: number;
      /** On discussions, polls and quizzes, replies included. */
      comments: number;
    }
  | { created: false; existing: string[] };

const HOUR_MS = 60 * 60 * 1000;

/**
 * The small welcoming demo, made through the forum services themselves: the same validation,
 * rules and counters as the API, each action in its own transaction as in the app. It is made
 * once: when any demo member already exists nothing changes, so running it again is safe.
 */
export async function seedDemo(
  db: Database,
  storage: Storage,
  now: Date = new Date(),
): Promise<DemoResult> {
  const usernames = DEMO_MEMBERS.map((member) => member.username);
  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, usernames));
  if (existing.length > 0) return { created: false, existing: existing.map((row) => row.username) };

  const members = await createMembers(db, new Date(now.getTime() - 30 * 24 * HOUR_MS));
  const story = new DemoStory(db, storage, now, members);
  for (const discussion of DEMO_DISCUSSIONS) await story.post(discussion);
  const made = await seedDemoPolls(db, members, now);
  return {
    created: true,
    members: members.size,
    discussions: DEMO_DISCUSSIONS.length,
    polls: made.polls,
    quizzes: made.quizzes,
    comments: story.comments + made.comments,
  };
}

/** The demo members with verified addresses and the demo password (hashed once). */
async function createMembers(db: Database, joined: Date): Promise<Map<string, Viewer>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const members = new Map<string, Viewer>();
  for (const member of DEMO_MEMBERS) {
    const row = await createUser(db, {
      username: member.username,
      email: `${member.username}@example.com`,
      passwordHash,
      emailVerified: true,
      firstName: member.firstName,
      lastName: member.lastName,
    });
    const role = member.role ?? 'member';
    await db
      .update(users)
      .set({ bio: member.bio, role, createdAt: joined })
      .where(eq(users.id, row.id));
    members.set(member.username, { id: row.id, isStaff: isStaffRole(role) });
  }
  return members;
}

/** Plays the demo's discussions through the services, each action at its moment of the story. */
class DemoStory {
  comments = 0;
  #clock: Date;
  readonly #ctx: ForumsContext;

  constructor(
    db: Database,
    storage: Storage,
    private readonly now: Date,
    private readonly members: Map<string, Viewer>,
  ) {
    this.#clock = now;
    this.#ctx = {
      db,
      storage,
      now: () => this.#clock,
      content: new ContentRegistry(CONTENT_KINDS, CONTENT_CLEANERS),
      // Nothing listens while seeding: notifications are for what happens once the app runs.
      events: {
        publish: async () => undefined,
        announce: async () => undefined,
        jobsOf: () => '[]',
        transaction: (work) =>
          db.transaction((tx) => work(tx, { add: () => undefined, takeJobs: () => '[]' })),
      },
    };
  }

  async post(discussion: DemoDiscussion): Promise<void> {
    const ctx = this.#ctx;
    const posted = new Date(this.now.getTime() - (discussion.daysAgo * 24 + 6) * HOUR_MS);
    this.at(posted, 0);
    const made = await createDiscussion(
      ctx,
      this.as(discussion.by),
      ZCreateDiscussion.parse({
        title: discussion.title,
        content: discussion.content,
        tags: discussion.tags,
        pollChoices: discussion.pollChoices ?? [],
      }),
    );
    const id = made.row.id;
    this.at(posted, 0.5);
    const readers = new Set([
      ...(discussion.likedBy ?? []),
      ...Object.keys(discussion.votes ?? {}),
      ...(discussion.comments ?? []).map((comment) => comment.by),
    ]);
    for (const reader of readers) await viewDiscussion(ctx, this.as(reader), id);
    for (const liker of discussion.likedBy ?? []) {
      await toggleLike(ctx, this.as(liker), { model: 'forum', id });
    }
    for (const reader of discussion.bookmarkedBy ?? []) {
      await toggleBookmark(ctx, this.as(reader), { model: 'forum', id, field: 'forum' });
    }
    for (const [voter, choice] of Object.entries(discussion.votes ?? {})) {
      const choiceId = made.pollChoices[choice]?.id;
      if (choiceId === undefined) throw new Error(`no choice ${choice} in "${discussion.title}"`);
      await vote(ctx, this.as(voter), choiceId);
    }
    for (const [index, comment] of (discussion.comments ?? []).entries()) {
      await this.comment(posted, index, id, comment);
    }
  }

  private async comment(posted: Date, index: number, forum: number, comment: DemoComment) {
    const ctx = this.#ctx;
    this.at(posted, 1 + index);
    const made = await createComment(
      ctx,
      this.as(comment.by),
      { model: 'forum', id: forum, field: 'forum' },
      comment.content,
    );
    this.comments += 1;
    for (const liker of comment.likedBy ?? []) {
      await toggleLike(ctx, this.as(liker), { model: 'comment', id: made.row.id });
    }
    for (const [replyIndex, reply] of (comment.replies ?? []).entries()) {
      this.at(posted, 1.5 + index + replyIndex * 0.2);
      const replied = await createReply(ctx, this.as(reply.by), {
        field: 'comment',
        comment: made.row.id,
        content: reply.content,
      });
      this.comments += 1;
      for (const liker of reply.likedBy ?? []) {
        await toggleLike(ctx, this.as(liker), { model: 'subcomment', id: replied.row.id });
      }
    }
  }

  /** Moves the services' clock to `hours` after `base`, never past the real now. */
  private at(base: Date, hours: number): void {
    this.#clock = new Date(Math.min(base.getTime() + hours * HOUR_MS, this.now.getTime()));
  }

  private as(username: string): Viewer {
    const viewer = this.members.get(username);
    if (!viewer) throw new Error(`no demo member ${username}`);
    return viewer;
  }
}
