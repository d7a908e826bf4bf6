import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { captureLogs } from '../../../test/log-capture';
import type { Bus, JsonValue } from './bus';

/** Test projects run at the same time against one Redis: every test uses its own topic. */
const topic = () => `test.${randomUUID()}`;

/** Resolves with the next `count` payloads the handler receives on `bus`. */
async function receive(bus: Bus, name: string, count = 1) {
  const received: JsonValue[] = [];
  let done: (payloads: JsonValue[]) => void = () => {};
  const all = new Promise<JsonValue[]>((resolve) => (done = resolve));
  const unsubscribe = await bus.subscribe(name, (payload) => {
    received.push(payload);
    if (received.length === count) done(received);
  });
  return { all, received, unsubscribe };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('in-process bus', () => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createTestApp({ logStream: logs.stream });
  });
  afterAll(() => t.close());

  it('delivers a JSON copy of each event to every subscriber of its topic', async () => {
    const name = topic();
    const first = await receive(t.app.bus, name);
    const second = await receive(t.app.bus, name);
    const other = await receive(t.app.bus, topic());
    const payload = { chatId: 7, message: 'hi', at: ['x'] };

    await t.app.bus.publish(name, payload);

    expect(await first.all).toEqual([payload]);
    expect(await second.all).toEqual([payload]);
    expect(first.received[0]).not.toBe(payload);
    expect(first.received[0]).not.toBe(second.received[0]);
    await tick();
    expect(other.received).toEqual([]);
  });

  it('runs handlers outside the async context of the request that published', async () => {
    const name = topic();
    const request = new AsyncLocalStorage<string>();
    let seen: string | undefined = 'not run';
    let markHandled: () => void = () => {};
    const handled = new Promise<void>((resolve) => (markHandled = resolve));
    await t.app.bus.subscribe(name, () => {
      seen = request.getStore();
      markHandled();
    });
    await request.run('request 1', () => t.app.bus.publish(name, 'event'));
    await handled;
    expect(seen).toBeUndefined();
  });

  it('is idle once the handlers of the events received have finished', async () => {
    const name = topic();
    const handled: string[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await t.app.bus.subscribe(name, async () => {
      await released;
      handled.push('slow');
    });
    await t.app.bus.publish(name, 'event');
    await tick();

    let idle = false;
    const becameIdle = t.app.bus.idle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false);
    release();
    await becameIdle;
    expect(handled).toEqual(['slow']);
  });

  it('stops delivering after unsubscribe', async () => {
    const name = topic();
    const listener = await receive(t.app.bus, name, 2);
    await t.app.bus.publish(name, 1);
    await tick();
    await listener.unsubscribe();
    await t.app.bus.publish(name, 2);
    await tick();
    expect(listener.received).toEqual([1]);
  });

  it('logs a failing handler and still runs the others', async () => {
    const name = topic();
    await t.app.bus.subscribe(name, () => {
      throw new Error('handler broke');
    });
    const healthy = await receive(t.app.bus, name);
    await t.app.bus.publish(name, 'event');
    expect(await healthy.all).toEqual(['event']);
    await tick();
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        msg: 'bus handler failed',
        topic: name,
        err: expect.objectContaining({ message: 'handler broke' }),
      }),
    );
  });
});

describe('Redis bus at start', () => {
  it('refuses to start when REDIS_URL points at nothing', async () => {
    await expect(createTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } })).rejects.toThrow(
      'Cannot connect to Redis at REDIS_URL',
    );
  });
});

describe.runIf(process.env.REDIS_URL)('Redis bus between two instances', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const config = { redisUrl: process.env.REDIS_URL };
    [first, second] = await Promise.all([createTestApp({ config }), createTestApp({ config })]);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  it('delivers an event published on one instance to a subscriber on the other', async () => {
    const name = topic();
    const onSecond = await receive(second.app.bus, name);
    const onFirst = await receive(first.app.bus, name);
    await first.app.bus.publish(name, { notificationCount: 3 });
    expect(await onSecond.all).toEqual([{ notificationCount: 3 }]);
    expect(await onFirst.all).toEqual([{ notificationCount: 3 }]);
  });

  it('stops delivering to an instance once its last subscriber leaves the topic', async () => {
    const name = topic();
    const onSecond = await receive(second.app.bus, name, 2);
    await first.app.bus.publish(name, 'one');
    await tick();
    await onSecond.unsubscribe();
    await first.app.bus.publish(name, 'two');
    await tick();
    expect(onSecond.received).toEqual(['one']);
  });
});
