import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exactTime } from '../lib/format';
import { RelativeTime } from './relative-time';

describe('RelativeTime', () => {
  it('says how long ago, and the exact moment on hover', () => {
    const iso = new Date(Date.now() - 5 * 60_000).toISOString();
    render(<RelativeTime iso={iso} />);
    const time = screen.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', iso);
    expect(time).toHaveAttribute('title', exactTime(iso));
  });

  it('gives the date of something over a week old', () => {
    render(<RelativeTime iso="2024-03-02T10:00:00.000Z" />);
    expect(screen.getByText(/2024/)).toHaveAttribute('datetime', '2024-03-02T10:00:00.000Z');
  });
});
