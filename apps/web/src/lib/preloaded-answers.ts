import { PRELOADED_ANSWERS_ID, preloadKey } from '@agora/shared';

/**
 * How long after the page opened its answers may stand in for a read: they belong to its first
 * screen, and a read made later (a refetch, a page opened from a link) goes to the server.
 */
const FRESH_FOR_MS = 15_000;

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const element = document.getElementById(PRELOADED_ANSWERS_ID);
  element?.remove();
  try {
    const parsed: unknown = JSON.parse(element?.textContent ?? '{}');
    return new Map(typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : []);
  } catch {
    return new Map();
  }
}

/**
 * The answer the server sent inside the page to a visitor's read of `url`, once; undefined
 * when there is none (a member, another page, or already taken). `@agora/shared`'s
 * preloaded-answers.ts says why the page carries them.
 */
export function takePreloadedAnswer(url: string): unknown {
  if (typeof document === 'undefined' || performance.now() > FRESH_FOR_MS) return undefined;
  answers ??= readAnswers();
  const key = preloadKey(url);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}
