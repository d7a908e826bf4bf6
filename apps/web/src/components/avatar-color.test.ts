import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColorOf } from './avatar-color';

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('avatarColorOf', () => {
  it('gives white initials a contrast of at least 4.5:1 on every colour', () => {
    for (const color of AVATAR_COLORS) {
      expect(1.05 / (luminance(color) + 0.05), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a member on one colour, whatever the case of their name', () => {
    expect(avatarColorOf('ada')).toBe(avatarColorOf('ada'));
    expect(avatarColorOf('Ada')).toBe(avatarColorOf('ada'));
    expect(AVATAR_COLORS).toContain(avatarColorOf('ada'));
  });

  it('spreads the demo members over several colours', () => {
    const members = ['ada', 'grace', 'linus', 'margaret', 'alan', 'barbara', 'dennis', 'edsger'];
    expect(new Set(members.map(avatarColorOf)).size).toBeGreaterThanOrEqual(5);
  });
});
