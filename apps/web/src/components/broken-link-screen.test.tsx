import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrokenLinkScreen } from './broken-link-screen';
import { renderWithTheme } from '../../test/render';

describe('BrokenLinkScreen', () => {
  it('shows the SPEC title and text', () => {
    renderWithTheme(<BrokenLinkScreen reload={vi.fn()} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Oh no... a broken link!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("The data you're looking for seems to have gone missing"),
    ).toBeInTheDocument();
  });

  it('reloads the page from its Reload link', async () => {
    const reload = vi.fn();
    renderWithTheme(<BrokenLinkScreen reload={reload} />);
    const link = screen.getByRole('link', { name: 'Reload' });
    expect(link).toHaveAttribute('href', window.location.href);

    await userEvent.click(link);
    expect(reload).toHaveBeenCalledOnce();
  });
});
