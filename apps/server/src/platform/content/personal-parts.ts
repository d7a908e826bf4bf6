import type { AuthUser } from '../auth';
import type { SignedOutAnswer } from '../cache';

/**
 * Members' answers of a kind's public reads (a list page, one object) made from the signed-out
 * copy the anonymous cache holds: only the objects holding something of the member's own (their
 * like, bookmark, ballot, attempt, or their authorship where it shows them more) are read again
 * as the member sees them, through the same code the route runs; every other object stays as
 * the copy has it, which is what the route would answer that member for it. A page with nothing
 * of theirs is the copy's text itself.
 *
 * This suits kinds whose public answer shows a member, beyond their own marks, no more than a
 * visitor (published objects only, no staff view: the cache leaves staff to the route).
 */

/** An object of the answer, as far as choosing the member's own needs. */
export interface AnsweredObject {
  id: number;
  author: { id: number };
}

export interface PersonalParts<T extends { id: number }> {
  /** The ids among `objects` holding something of the viewer's own: one statement at most. */
  ownIn(viewer: AuthUser, objects: AnsweredObject[]): Promise<Set<number>>;
  /** Those objects as the route answers the viewer, in the answer's shape (missing: gone). */
  readAs(viewer: AuthUser, ids: number[]): Promise<T[]>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isAnswered = (value: unknown): value is AnsweredObject =>
  isObject(value) &&
  typeof value.id === 'number' &&
  isObject(value.author) &&
  typeof value.author.id === 'number';

const isPage = (answer: unknown): answer is { results: unknown[]; next: unknown } =>
  isObject(answer) && Array.isArray(answer.results) && 'next' in answer;

const isList = (answer: unknown): answer is { results: unknown[] } =>
  isObject(answer) && Array.isArray(answer.results);

/** The signed-out answer (`{results, next}`, `{results}` or one object) made the viewer's. */
export async function withPersonalParts<T extends { id: number }>(
  parts: PersonalParts<T>,
  viewer: AuthUser,
  { payload, answer }: SignedOutAnswer,
): Promise<string> {
  const objects = isList(answer) ? answer.results : [answer];
  if (objects.length === 0) return payload;
  if (!objects.every(isAnswered)) {
    // Not the shape the presenter writes: say so rather than guess.
    throw new Error('a signed-out answer holds an object without its id and author');
  }
  const own = await parts.ownIn(viewer, objects);
  if (own.size === 0) return payload;
  const fresh = new Map((await parts.readAs(viewer, [...own])).map((item) => [item.id, item]));
  // An object gone since the copy was made stays as the copy has it, as it would for a visitor.
  const results = objects.map((item) => fresh.get(item.id) ?? item);
  if (isPage(answer)) return JSON.stringify({ results, next: answer.next });
  if (isList(answer)) return JSON.stringify({ results });
  return JSON.stringify(results[0]);
}
