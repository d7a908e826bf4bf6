import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppHistory } from './history';
import type { AppHistory } from './history';

let history: AppHistory | undefined;
afterEach(() => history?.dispose());

function open(path: string, options?: Parameters<typeof createAppHistory>[0]) {
  window.history.replaceState(null, '', path);
  history = createAppHistory(options);
  return history;
}

describe('the app history', () => {
  it('opens on the address with the key "default", then files each new entry under a key of its own', () => {
    const app = open('/discussions?tag=garden');
    expect(app.location).toMatchObject({
      pathname: '/discussions',
      search: '?tag=garden',
      key: 'default',
    });

    app.navigate('/discussions/12#comment-3', { state: { from: 'feed' } });
    expect(app.location).toMatchObject({
      pathname: '/discussions/12',
      hash: '#comment-3',
      state: { from: 'feed' },
    });
    expect(app.location.key).not.toBe('default');
    expect(app.action).toBe('PUSH');
    expect(window.location.pathname).toBe('/discussions/12');

    app.navigate({ search: '?tab=comments' }, { replace: true });
    expect(app.location).toMatchObject({
      pathname: '/discussions/12',
      search: '?tab=comments',
      hash: '',
    });
    expect(app.action).toBe('REPLACE');
  });

  it('comes back to an entry by the back button with its key', async () => {
    const app = open('/faq');
    app.navigate('/aboutus');
    window.history.back();
    await waitFor(() => expect(app.location.pathname).toBe('/faq'));
    expect(app.location.key).toBe('default');
    expect(app.action).toBe('POP');
  });

  it('holds a navigation its blocker refuses until it is let through, or drops it', () => {
    const app = open('/discussions/new');
    const stop = app.block(({ nextLocation }) => nextLocation.pathname !== '/discussions/new');
    app.navigate('/discussions');
    expect(app.location.pathname).toBe('/discussions/new');
    app.blocked?.reset();
    expect(app.blocked).toBeNull();
    expect(app.location.pathname).toBe('/discussions/new');

    app.navigate('/discussions');
    app.blocked?.proceed();
    expect(app.location.pathname).toBe('/discussions');
    expect(app.blocked).toBeNull();
    stop();
  });

  it('undoes a refused back button, and goes back once let through', async () => {
    const app = open('/discussions');
    app.navigate('/discussions/new');
    app.block(({ nextLocation }) => nextLocation.pathname !== '/discussions/new');

    window.history.back();
    await waitFor(() => expect(app.blocked).not.toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/discussions/new'));
    expect(app.location.pathname).toBe('/discussions/new');

    app.blocked?.proceed();
    await waitFor(() => expect(app.location.pathname).toBe('/discussions'));
    expect(window.location.pathname).toBe('/discussions');
  });

  it("waits for the next page's code before moving, and a later navigation wins", async () => {
    let arrive = () => {};
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const app = open('/', { prepare: (pathname) => (pathname === '/polls' ? code : null) });

    app.navigate('/polls');
    expect(app.loading).toBe(true);
    expect(app.location.pathname).toBe('/');
    app.navigate('/faq');
    expect(app.location.pathname).toBe('/faq');
    expect(app.loading).toBe(false);

    arrive();
    await code;
    expect(app.location.pathname).toBe('/faq');
  });
});
