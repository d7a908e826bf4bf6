import type { Discussion } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { SignedOutAnswer } from '../../platform/cache';
import type { Database } from '../../platform/db';
import { pollChoices, pollVotes } from '../polls';
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
  const choiceIds = answer.results.flatMap((discussion) =>
    discussion.pollChoices.map((choice) => choice.id),
  );
  const idList = sql`${`{${ids.join(',')}}`}::bigint[]`;
  const { rows } = await db.execute<{
    kind: 'like' | 'bookmark' | 'vote';
    id: string | number;
  }>(sql`
    select 'like' as kind, ${likes.objectId} as id from ${likes}
      where ${likes.userId} = ${viewer.id} and ${likes.model} = 'forum' and ${likes.objectId} = any(${idList})
    union all
    select 'bookmark', ${bookmarks.objectId} from ${bookmarks}
      where ${bookmarks.userId} = ${viewer.id} and ${bookmarks.model} = 'forum' and ${bookmarks.objectId} = any(${idList})
    union all
    select 'vote', ${pollVotes.choiceId} from ${pollChoices}
      join ${pollVotes} on ${pollVotes.pollId} = ${pollChoices.pollId}
        and ${pollVotes.userId} = ${viewer.id} and ${pollVotes.choiceId} = ${pollChoices.id}
      where ${pollChoices.id} = any(${`{${choiceIds.join(',')}}`}::bigint[])`);
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
