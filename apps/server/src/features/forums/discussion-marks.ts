import type { Discussion } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { SignedOutAnswer } from '../../platform/cache';
import { idRows, PAGE_ID, type Database } from '../../platform/db';
import { polls, pollVotes } from '../polls';
import { bookmarks, likes, markProbe } from '../reactions';

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
  // One row per discussion, each mark probed by its unique key.
  const { rows } = await db.execute<{
    id: string | number;
    liked: boolean | null;
    bookmarked: boolean | null;
    votes: (string | number)[] | null;
  }>(sql`
    select ${PAGE_ID} as id, ${markProbe(likes, viewer.id, 'forum', PAGE_ID)} as liked,
      ${markProbe(bookmarks, viewer.id, 'forum', PAGE_ID)} as bookmarked,
      (select array_agg(${pollVotes.choiceId}) from ${polls}
        join ${pollVotes} on ${pollVotes.pollId} = ${polls.id} and ${pollVotes.userId} = ${viewer.id}
        where ${polls.model} = 'forum' and ${polls.objectId} = ${PAGE_ID}) as votes
    from ${idRows(ids)}`);
  // node-postgres gives bigint as text; PGlite as a number.
  const marked = new Map(rows.map((row) => [Number(row.id), row]));
  const voted = new Set(rows.flatMap((row) => row.votes ?? []).map(Number));
  const choices = answer.results.flatMap((discussion) => discussion.pollChoices);
  const rewritten = [
    ['isLiked', ids.map((id) => marked.get(id)?.liked === true)],
    ['isBookmarked', ids.map((id) => marked.get(id)?.bookmarked === true)],
    ['isVoted', choices.map((choice) => voted.has(choice.id))],
  ] as const;
  let text: string | undefined = payload;
  for (const [key, values] of rewritten) text = text && setFlags(text, key, [...values]);
  if (text !== undefined) return text;
  // Not the shape the presenter writes: say so rather than guess.
  throw new Error('a signed-out discussion page does not hold one mark of each kind per item');
}
