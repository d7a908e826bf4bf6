import type { Discussion } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { SignedOutAnswer } from '../../platform/cache';
import type { Database } from '../../platform/db';
import { polls, pollVotes } from '../polls';
import { bookmarks, likes } from '../reactions';

interface DiscussionPageAnswer {
  results: Discussion[];
}

const isPage = (answer: unknown): answer is DiscussionPageAnswer =>
  typeof answer === 'object' &&
  answer !== null &&
  'results' in answer &&
  Array.isArray(answer.results);

/**
 * Sets each `"key":true|false` of the JSON text, in document order, to `values`. Inside a JSON
 * string a quote is always escaped, so the pattern only ever meets keys. Undefined when the
 * text holds another number of them than expected.
 */
function setFlags(payload: string, key: string, values: boolean[]): string | undefined {
  let index = 0;
  const set = payload.replace(new RegExp(`"${key}":(?:true|false)`, 'g'), () => {
    const value = values[index];
    index += 1;
    return `"${key}":${value === true}`;
  });
  return index === values.length ? set : undefined;
}

/**
 * A page of discussions made for signed-out visitors, with the viewer's own marks added: their
 * likes, bookmarks and poll votes, looked up in one statement by the page's ids and written
 * into the copy's JSON text (no new serialisation per member). Nothing else of a published
 * list depends on who reads it (anonymous cache, `personalise`).
 */
export async function markDiscussionPage(
  db: Database,
  viewer: AuthUser,
  { payload, answer }: SignedOutAnswer,
): Promise<string> {
  if (!isPage(answer) || answer.results.length === 0) return payload;
  const ids = answer.results.map((discussion) => discussion.id);
  const page = sql`${`{${ids.join(',')}}`}::bigint[]`;
  // Every arm takes the page's ids, whose count is the same on most pages: a custom plan, which
  // sees the array, then never looks cheaper than the generic one, so PostgreSQL keeps that
  // instead of planning the statement on every signed-in read (0.45 ms to run 0.03 when the
  // votes were looked up by the page's poll choices, of which most pages have none).
  const { rows } = await db.execute<{
    kind: 'like' | 'bookmark' | 'vote';
    id: string | number;
  }>(sql`
    select 'like' as kind, ${likes.objectId} as id from ${likes}
      where ${likes.userId} = ${viewer.id} and ${likes.model} = 'forum' and ${likes.objectId} = any(${page})
    union all
    select 'bookmark', ${bookmarks.objectId} from ${bookmarks}
      where ${bookmarks.userId} = ${viewer.id} and ${bookmarks.model} = 'forum' and ${bookmarks.objectId} = any(${page})
    union all
    select 'vote', ${pollVotes.choiceId} from ${polls}
      join ${pollVotes} on ${pollVotes.pollId} = ${polls.id} and ${pollVotes.userId} = ${viewer.id}
      where ${polls.model} = 'forum' and ${polls.objectId} = any(${page})`);
  // node-postgres gives bigint as text; PGlite as a number.
  const marked = new Set(rows.map((row) => `${row.kind}:${Number(row.id)}`));
  const choices = answer.results.flatMap((discussion) => discussion.pollChoices);
  const rewritten = [
    ['isLiked', ids.map((id) => marked.has(`like:${id}`))],
    ['isBookmarked', ids.map((id) => marked.has(`bookmark:${id}`))],
    ['isVoted', choices.map((choice) => marked.has(`vote:${choice.id}`))],
  ] as const;
  let text: string | undefined = payload;
  for (const [key, values] of rewritten) text = text && setFlags(text, key, [...values]);
  if (text !== undefined) return text;
  // Not the shape the presenter writes: say so rather than guess.
  throw new Error('a signed-out discussion page does not hold one mark of each kind per item');
}
