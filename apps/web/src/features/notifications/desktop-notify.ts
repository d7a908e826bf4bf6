import { DEFAULT_NOTIFICATION_TITLE } from '@agora/shared';

/** The part of the browser's Notification API used here; tests pass a fake. */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): unknown;
}

export interface DesktopNotice {
  /** SPEC §7: 'New Notification!' unless given. */
  title?: string;
  body: string;
  icon?: string;
  /** Notices with the same tag replace each other, so several open tabs show one. */
  tag?: string;
}

/** What became of a notice: shown, not allowed by the member, or not possible in this browser. */
export type DesktopNoticeResult = 'shown' | 'blocked' | 'unsupported';

export interface DesktopNotifierEnv {
  /** The browser's Notification; undefined where there is none. Read at each call by default. */
  getNotificationApi?: () => NotificationApi | undefined;
  /** Where a browser without support logs the notice (SPEC §8). */
  log?: (message: string) => void;
}

const browserNotificationApi = (): NotificationApi | undefined =>
  typeof Notification === 'undefined' ? undefined : Notification;

/**
 * Raises desktop notifications (SPEC §7 "Sockets"). Permission is asked at most once, and only
 * while the member has not decided ('default'); browsers without support only log the notice.
 */
export function createDesktopNotifier(env: DesktopNotifierEnv = {}) {
  const getApi = env.getNotificationApi ?? browserNotificationApi;
  const log = env.log ?? ((message: string) => console.info(message));
  let asked: Promise<NotificationPermission> | null = null;

  const unsupported = (notice: DesktopNotice): DesktopNoticeResult => {
    log(`Desktop notifications are not supported in this browser. ${notice.body}`);
    return 'unsupported';
  };

  return async function notifyDesktop(notice: DesktopNotice): Promise<DesktopNoticeResult> {
    const api = getApi();
    if (!api) return unsupported(notice);
    let permission = api.permission;
    if (permission === 'default') {
      asked ??= api.requestPermission().catch((): NotificationPermission => 'default');
      permission = await asked;
    }
    if (permission !== 'granted') return 'blocked';
    try {
      new api(notice.title ?? DEFAULT_NOTIFICATION_TITLE, {
        body: notice.body,
        icon: notice.icon,
        tag: notice.tag,
      });
      return 'shown';
    } catch {
      // Some mobile browsers only show notifications through a service worker.
      return unsupported(notice);
    }
  };
}

export type DesktopNotifier = ReturnType<typeof createDesktopNotifier>;

/** The app's notifier, for the browser it runs in. */
export const notifyDesktop: DesktopNotifier = createDesktopNotifier();
