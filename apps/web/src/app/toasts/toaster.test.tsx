import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_HIDE_MS } from '@agora/shared';
import { AppProviders } from '../app-providers';
import { makeStore } from '../store';
import { toastQueued } from '../../lib/toasts/toast-slice';
import { useToast } from '../../lib/toasts/use-toast';

function SaveButton() {
  const toast = useToast();
  return <button onClick={() => toast.success('Saved.')}>Save</button>;
}

function renderToaster() {
  const store = makeStore();
  render(
    <AppProviders store={store}>
      <SaveButton />
    </AppProviders>,
  );
  return store;
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides a toast exactly 2000 ms after it is shown', () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(2000);
    const store = renderToaster();

    act(() => {
      store.dispatch(toastQueued('Profile updated.', 'success'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Profile updated.');

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('alert')).toHaveTextContent('Profile updated.');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().toasts).toEqual([]);
  });

  it('times each toast from its own start', () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(toastQueued('First'));
    });
    act(() => vi.advanceTimersByTime(1000));
    act(() => {
      store.dispatch(toastQueued('Second'));
    });

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('shows a toast from the useToast hook with its severity, and closes it on demand', () => {
    renderToaster();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Saved.');
    expect(alert).toHaveAttribute('data-severity', 'success');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps at most the three newest toasts on screen', () => {
    const store = renderToaster();
    act(() => {
      for (const message of ['One', 'Two', 'Three', 'Four']) store.dispatch(toastQueued(message));
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Two',
      'Three',
      'Four',
    ]);
  });
});
