import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { TabStrip } from './tab-strip';

const TABS = [
  { value: 'latest', label: 'Latest' },
  { value: 'trending', label: 'Trending' },
  { value: 'top', label: 'Top' },
] as const;

function renderStrip(onChange = vi.fn()) {
  renderWithTheme(
    <TabStrip label="Order discussions" tabs={TABS} value="trending" onChange={onChange} />,
  );
  return onChange;
}

describe('TabStrip', () => {
  it('is a named tablist whose selected tab alone is reached by Tab', async () => {
    renderStrip();
    expect(screen.getByRole('tablist', { name: 'Order discussions' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Latest' })).toHaveAttribute('aria-selected', 'false');

    await userEvent.setup().tab();
    expect(screen.getByRole('tab', { name: 'Trending' })).toHaveFocus();
  });

  it('moves focus with the arrow keys, Home and End, wrapping round, and selects with Enter', async () => {
    const onChange = renderStrip();
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Top' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Latest' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Top' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Latest' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Top' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('top');
  });

  it('selects a tab by click', async () => {
    const onChange = renderStrip();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Latest' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('latest');
  });
});
