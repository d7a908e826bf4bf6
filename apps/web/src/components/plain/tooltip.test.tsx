import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PlainTooltip } from './tooltip';

describe('PlainTooltip', () => {
  it('names its child as MUI does, unless the child has a name of its own', () => {
    render(
      <>
        <PlainTooltip title="Edited May 4, 2026 at 3:04 PM">
          <span tabIndex={0}>edited</span>
        </PlainTooltip>
        <PlainTooltip title="Report">
          <button type="button" aria-label="Report this comment" />
        </PlainTooltip>
      </>,
    );
    expect(screen.getByText('edited')).toHaveAttribute(
      'aria-label',
      'Edited May 4, 2026 at 3:04 PM',
    );
    expect(screen.getByRole('button', { name: 'Report this comment' })).toBeInTheDocument();
  });

  it('shows under the pointer and on keyboard focus, and hides on leaving, blur and Escape', async () => {
    const user = userEvent.setup();
    render(
      <PlainTooltip title="Report">
        <button type="button" aria-label="Report this comment" />
      </PlainTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Report this comment' });

    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Report');
    await user.unhover(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Report');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab({ shift: true });
    await user.tab();
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
