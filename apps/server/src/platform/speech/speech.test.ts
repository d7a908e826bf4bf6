import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { speechPlugin, speechQueueStats } from '.';

describe('speechPlugin', { timeout: 60_000 }, () => {
  it('gives the app a speech service that reads a post aloud', async () => {
    const app = Fastify();
    await app.register(speechPlugin).ready();
    try {
      const post = { title: 'Welcome', content: 'Say **hello** to [Agora](https://example.org).' };
      expect(app.speech.textOf(post)).toBe('Welcome. Say hello to Agora.');
      const { mp3, durationSeconds } = await app.speech.synthesisePost(post);
      expect(mp3[0] === 0xff || mp3.subarray(0, 3).toString('latin1') === 'ID3').toBe(true);
      expect(durationSeconds).toBeGreaterThan(1);
      expect(durationSeconds).toBeLessThan(6);
    } finally {
      await app.close();
    }
  });

  it('cancels its running and waiting jobs when the app closes', async () => {
    const app = Fastify();
    await app.register(speechPlugin).ready();
    const running = app.speech.synthesise('This job is running when the server stops.');
    const waiting = app.speech.synthesise('This one is still waiting.');
    const outcomes = Promise.allSettled([running, waiting]);
    await app.close();
    for (const outcome of await outcomes) {
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: new Error('Speech synthesis was cancelled: the server is shutting down.'),
      });
    }
    await expect(app.speech.synthesise('Too late.')).rejects.toThrow('shutting down');
    expect(speechQueueStats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
