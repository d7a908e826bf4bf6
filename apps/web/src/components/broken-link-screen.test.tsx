import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrokenLinkScreen } from './broken-link-screen';
import { renderWithProviders } from '../../test/render';

describe('BrokenLinkScreen', () => {
  it('shows the SPEC title and text, with a way home', async () => {
    renderWithProviders(<BrokenLinkScreen reload={vi.fn()} />, '/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oh no... a broken link!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("The data you're looking for seems to have gone missing"),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('offers the list a missing object lived in', async () => {
    renderWithProviders(
      <BrokenLinkScreen reload={vi.fn()} onward={{ to: '/polls', label: 'Browse polls' }} />,
      '/polls/404',
    );
    expect(await screen.findByRole('link', { name: 'Browse polls' })).toHaveAttribute(
      'href',
      '/polls',
    );
  });

  it('reloads the page from its Reload link', async () => {
    const reload = vi.fn();
    renderWithProviders(<BrokenLinkScreen reload={reload} />, '/nowhere');
    const link = await screen.findByRole('link', { name: 'Reload' });
    expect(link).toHaveAttribute('href', window.location.href);

    await userEvent.click(link);
    expect(reload).toHaveBeenCalledOnce();
  });
});
