import { PRELOADED_ANSWERS_ID, preloadKey } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { postDiscussion } from '../../../test/forums';
import { makeWebDist, type WebDist } from '../../../test/web-dist';
import { carriesSession } from './preloaded-answers';

const ELEMENT = new RegExp(
  `<script type="application/json" id="${PRELOADED_ANSWERS_ID}">([^<]*)</script>`,
  'g',
);

describe("a visitor's first screen, sent inside the page", () => {
  let t: TestApp;
  let dist: WebDist;
  let ada: Member;

  beforeAll(async () => {
    dist = await makeWebDist();
    t = await createTestApp({ config: { webDist: dist.dir } });
    ada = await signUp(t, 'ada');
  });
  afterAll(async () => {
    await t.close();
    await dist.remove();
  });

  const page = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const api = async (url: string): Promise<unknown> =>
    (await t.app.inject({ method: 'GET', url })).json();
  /** The answers the page carries, by key; undefined when it carries none. */
  const answersIn = (html: string): Record<string, unknown> | undefined => {
    const found = [...html.matchAll(ELEMENT)];
    expect(found.length).toBeLessThanOrEqual(1);
    const json = found[0]?.[1];
    return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
  };

  it("carries a discussion's reads, each answered as the API answers it", async () => {
    const discussion = await postDiscussion(t, ada, {
      title: 'Closing tags </script><script>alert(1)</script> in a title',
      content: 'A body with <!-- a comment opener and </SCRIPT> in it.',
    });
    const reads = [
      `/api/forums/forums/${discussion.id}/`,
      `/api/forums/forums/${discussion.id}/get_audio/`,
      `/api/forums/forums-comment/?forum=${discussion.id}`,
      `/api/forums/forums/${discussion.id}/related_forums/`,
    ];

    const response = await page(`/discussions/${discussion.id}`);

    expect(response.statusCode).toBe(200);
    const answers = answersIn(response.body);
    expect(Object.keys(answers ?? {}).sort()).toEqual(reads.map(preloadKey).sort());
    for (const read of reads) expect(answers?.[preloadKey(read)]).toEqual(await api(read));
    expect(answers?.[preloadKey(reads[0] ?? '')]).toMatchObject({
      title: discussion.title,
      content: discussion.content,
    });
  });

  it("carries the home page's three newest lists", async () => {
    const answers = answersIn((await page('/')).body);
    const reads = ['forums', 'polls', 'quizs'].map((kind) => `/api/forums/${kind}/?limit=12`);
    expect(Object.keys(answers ?? {}).sort()).toEqual(reads.map(preloadKey).sort());
    for (const read of reads) expect(answers?.[preloadKey(read)]).toEqual(await api(read));
  });

  it("carries the discussions feed in the address's ordering and tag", async () => {
    const answers = answersIn((await page('/discussions?tag=maths&ordering=top')).body);
    expect(Object.keys(answers ?? {}).sort()).toEqual(
      [
        '/api/forums/forums/?ordering=top&tag=maths',
        '/api/common/tags-list?model_name=forum',
        '/api/common/featured-post/?model_type=forum',
      ]
        .map(preloadKey)
        .sort(),
    );
  });

  it('reads an unknown ordering as the latest, as the page does', async () => {
    const answers = answersIn((await page('/discussions?ordering=sideways')).body);
    expect(Object.keys(answers ?? {})).toContain(preloadKey('/api/forums/forums/?ordering=latest'));
  });

  it.each(['agora_refresh=abc', 'theme=dark; agora_access=abc'])(
    'sends a member (cookie %s) no answers: their reads carry their session',
    async (cookie) => {
      const response = await page('/discussions', cookie);
      expect(response.statusCode).toBe(200);
      expect(answersIn(response.body)).toBeUndefined();
    },
  );

  it.each(['/discussions/999999', '/no/such/page', '/login'])(
    '%s, a missing page or one without first-screen reads, carries none',
    async (url) => {
      expect(answersIn((await page(url)).body)).toBeUndefined();
    },
  );
});

describe('carriesSession', () => {
  it('finds either session cookie, and no look-alike', () => {
    expect(carriesSession('agora_refresh=x')).toBe(true);
    expect(carriesSession('a=1; agora_access=x')).toBe(true);
    expect(carriesSession('not_agora_refresh=x; agora_refreshed=1')).toBe(false);
    expect(carriesSession(undefined)).toBe(false);
  });
});
