import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppHistory } from './history';
import type { AppHistory } from './history';
import { AppRouter, Link } from './router';

let history: AppHistory | undefined;
afterEach(() => history?.dispose());

function renderLink(link: React.ReactElement) {
  window.history.replaceState(null, '', '/discussions');
  history = createAppHistory();
  render(<AppRouter history={history}>{link}</AppRouter>);
  return { app: history, anchor: screen.getByRole('link') };
}

/** Clicks `anchor`; answers whether the app took the click. The browser's own follow-up, which
 * jsdom cannot do, is cancelled after the app has seen it. */
function click(anchor: HTMLElement, init: MouseEventInit = {}): boolean {
  let taken = false;
  const seen = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', seen, { once: true });
  fireEvent(anchor, new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
  return taken;
}

describe('Link', () => {
  it('follows a plain click inside the app, with its state and options, and leaves them off the <a>', () => {
    const { app, anchor } = renderLink(
      <Link to="/user-info/alice?tab=comments" state={{ from: 'feed' }} preventScrollReset>
        alice
      </Link>,
    );
    expect(anchor).toHaveAttribute('href', '/user-info/alice?tab=comments');
    expect(anchor.getAttributeNames().sort()).toEqual(['href']);

    expect(click(anchor)).toBe(true);
    expect(app.location).toMatchObject({
      pathname: '/user-info/alice',
      search: '?tab=comments',
      state: { from: 'feed' },
    });
    expect(app.preventScrollReset).toBe(true);
  });

  it('replaces the current entry when asked', () => {
    const { app, anchor } = renderLink(
      <Link to="/faq" replace>
        FAQ
      </Link>,
    );
    const before = app.location.key;
    expect(click(anchor)).toBe(true);
    expect(app.location.pathname).toBe('/faq');
    expect(app.action).toBe('REPLACE');
    expect(app.location.key).not.toBe(before);
  });

  it.each([
    ['a Ctrl-click', { ctrlKey: true }],
    ['a Cmd-click', { metaKey: true }],
    ['a Shift-click', { shiftKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves %s to the browser', (_name, init) => {
    const { app, anchor } = renderLink(<Link to="/faq">FAQ</Link>);
    expect(click(anchor, init)).toBe(false);
    expect(app.location.pathname).toBe('/discussions');
  });

  it('leaves a link that opens in another tab to the browser', () => {
    const { app, anchor } = renderLink(
      <Link to="/faq" target="_blank">
        FAQ
      </Link>,
    );
    expect(click(anchor)).toBe(false);
    expect(app.location.pathname).toBe('/discussions');
  });

  it('respects an onClick that took the click itself', () => {
    const handler = vi.fn((event: React.MouseEvent) => event.preventDefault());
    const { app, anchor } = renderLink(
      <Link to="/faq" onClick={handler}>
        FAQ
      </Link>,
    );
    expect(click(anchor)).toBe(true);
    expect(handler).toHaveBeenCalledOnce();
    expect(app.location.pathname).toBe('/discussions');
  });
});
