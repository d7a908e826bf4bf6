import { PRELOADED_ANSWERS_ID, preloadKey, SESSION_COOKIES } from '@agora/shared';
import type { FastifyInstance } from 'fastify';

const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:${Object.values(SESSION_COOKIES).join('|')})=`);

/** A signed-in member's browser: its first reads carry the member's session, so none is sent. */
export function carriesSession(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

async function answerTo(app: FastifyInstance, url: string): Promise<string | undefined> {
  try {
    const response = await app.inject({ method: 'GET', url });
    const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
    return response.statusCode === 200 && json
      ? `${JSON.stringify(preloadKey(url))}:${response.body}`
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The element that carries a visitor's answers to `reads`, asked of the app itself as the
 * browser would ask (the same routes, serializers and caches). A read that fails is left out:
 * the app then makes it on its own. `@agora/shared`'s preloaded-answers.ts says why.
 */
export async function preloadedAnswersTag(app: FastifyInstance, reads: string[]): Promise<string> {
  const answers = (await Promise.all(reads.map((url) => answerTo(app, url)))).filter(
    (answer) => answer !== undefined,
  );
  if (answers.length === 0) return '';
  // `<` occurs only inside JSON strings, where \u003c reads the same: nothing in an answer can
  // close the element early.
  const json = `{${answers.join(',')}}`.replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${PRELOADED_ANSWERS_ID}">${json}</script>`;
}
