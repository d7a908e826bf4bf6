import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountStat } from './count-stat';

describe('CountStat', () => {
  it('reads the count in words, shows the short number, and names no element without a role', () => {
    const { container } = render(
      <CountStat icon={<svg data-testid="icon" />} label="1,234 likes" value="1.2k" />,
    );
    // Screen readers get the words once; the short number and the icon are hidden from them.
    expect(screen.getByText('1,234 likes')).toBeInTheDocument();
    expect(screen.getByText('1.2k').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByTestId('icon').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByTitle('1,234 likes')).toBeInTheDocument();
    expect(container.querySelector('[aria-label]')).toBeNull();
  });
});
