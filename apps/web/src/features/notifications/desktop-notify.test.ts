import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDesktopNotifier, notifyDesktop } from './desktop-notify';
import type { NotificationApi } from './desktop-notify';

/** A browser Notification whose permission the test sets and whose notices it records. */
function fakeNotificationApi(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
) {
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const requestPermission = vi.fn(async () => {
    Fake.permission = answer;
    return answer;
  });
  class Fake {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
    readonly notice: { title: string; options?: NotificationOptions };
    constructor(title: string, options?: NotificationOptions) {
      this.notice = { title, options };
      shown.push(this.notice);
    }
  }
  const api: NotificationApi = Fake;
  return { api, shown, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('desktop notifications (SPEC §7, §8)', () => {
  it("shows a notification titled 'New Notification!' with the message as body when granted", async () => {
    const { api, shown, requestPermission } = fakeNotificationApi('granted');
    const notify = createDesktopNotifier({ getNotificationApi: () => api });
    expect(await notify({ body: 'ada commented on your discussion', tag: 'n-9' })).toBe('shown');
    expect(shown).toEqual([
      {
        title: 'New Notification!',
        options: { body: 'ada commented on your discussion', icon: undefined, tag: 'n-9' },
      },
    ]);
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it("asks permission while it is 'default', then shows the notification once granted", async () => {
    const { api, shown, requestPermission } = fakeNotificationApi('default', 'granted');
    const notify = createDesktopNotifier({ getNotificationApi: () => api });
    expect(await notify({ body: 'first' })).toBe('shown');
    expect(await notify({ body: 'second' })).toBe('shown');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(shown.map((n) => n.options?.body)).toEqual(['first', 'second']);
  });

  it('asks only once even when the member dismisses the prompt', async () => {
    const { api, shown, requestPermission } = fakeNotificationApi('default', 'default');
    const notify = createDesktopNotifier({ getNotificationApi: () => api });
    const results = await Promise.all([notify({ body: 'a' }), notify({ body: 'b' })]);
    expect(await notify({ body: 'c' })).toBe('blocked');
    expect(results).toEqual(['blocked', 'blocked']);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([]);
  });

  it('neither asks nor shows when permission was denied', async () => {
    const { api, shown, requestPermission } = fakeNotificationApi('denied');
    const notify = createDesktopNotifier({ getNotificationApi: () => api });
    expect(await notify({ body: 'a' })).toBe('blocked');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('only logs it, without an error, where the browser has no notifications', async () => {
    const log = vi.fn();
    const notify = createDesktopNotifier({ getNotificationApi: () => undefined, log });
    await expect(notify({ body: 'ada liked your comment' })).resolves.toBe('unsupported');
    expect(log).toHaveBeenCalledWith(
      'Desktop notifications are not supported in this browser. ada liked your comment',
    );
  });

  it('logs with console.info by default (jsdom has no Notification)', async () => {
    expect(typeof globalThis.Notification).toBe('undefined');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    expect(await notifyDesktop({ body: 'hello' })).toBe('unsupported');
    expect(info).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('uses the browser Notification when there is one', async () => {
    const { api, shown } = fakeNotificationApi('granted');
    vi.stubGlobal('Notification', api);
    expect(await createDesktopNotifier()({ body: 'hi', title: 'Reply' })).toBe('shown');
    expect(shown[0]?.title).toBe('Reply');
  });

  it('logs instead of failing where notifications need a service worker', async () => {
    const log = vi.fn();
    const api = Object.assign(
      function Illegal() {
        throw new TypeError('Illegal constructor');
      },
      { permission: 'granted' as const, requestPermission: async () => 'granted' as const },
    ) as unknown as NotificationApi;
    const notify = createDesktopNotifier({ getNotificationApi: () => api, log });
    expect(await notify({ body: 'x' })).toBe('unsupported');
    expect(log).toHaveBeenCalledTimes(1);
  });
});
