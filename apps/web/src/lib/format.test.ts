import { describe, expect, it } from 'vitest';
import { compactCount, exactTime, grouped, plural, timeAgo } from './format';

/** The output written by hand must be what Intl writes for US English. */
const intl = {
  relative: new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }),
  date: new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' }),
  full: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }),
  compact: new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
  number: new Intl.NumberFormat('en-US'),
};
// ICU puts a narrow no-break space before AM/PM; a plain space reads the same.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

const NOW = Date.parse('2026-11-27T15:04:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it('says just now within a minute, and for a moment in the future', () => {
    expect(timeAgo(before(59_000), NOW)).toBe('just now');
    expect(timeAgo(before(-5 * MINUTE), NOW)).toBe('just now');
  });

  it.each([
    [1, 'minute', MINUTE],
    [59, 'minute', MINUTE],
    [1, 'hour', HOUR],
    [23, 'hour', HOUR],
    [1, 'day', DAY],
    [6, 'day', DAY],
  ] as const)('writes %i %s(s) back as Intl does', (count, unit, size) => {
    expect(timeAgo(before(count * size + 1000), NOW)).toBe(intl.relative.format(-count, unit));
  });

  it('writes the date once a week old', () => {
    for (const iso of ['2026-11-20T10:00:00Z', '2026-01-05T12:00:00Z', '2019-09-30T12:00:00Z']) {
      expect(timeAgo(iso, NOW)).toBe(intl.date.format(new Date(iso)));
    }
  });
});

describe('exactTime', () => {
  it('writes the date and the time of day as Intl does', () => {
    for (const iso of [
      '2026-11-27T15:04:00Z',
      '2026-01-01T00:00:00Z',
      '2026-06-30T12:30:00Z',
      '2026-03-09T23:59:00Z',
    ]) {
      expect(exactTime(iso)).toBe(plain(intl.full.format(new Date(iso))));
    }
  });
});

describe('counts', () => {
  it.each([
    0, 7, 999, 1000, 1049, 1050, 1234, 9999, 12_345, 99_949, 99_950, 999_949, 999_950, 1_234_567,
    2_500_000_000,
  ])('compacts %i as Intl does', (count) => {
    expect(compactCount(count)).toBe(intl.compact.format(count));
  });

  it('groups thousands and says one or many', () => {
    expect(plural(1, 'comment')).toBe('1 comment');
    expect(plural(0, 'comment')).toBe('0 comments');
    expect(plural(1_234_567, 'reply', 'replies')).toBe(`${intl.number.format(1_234_567)} replies`);
  });

  it.each([0, 999, 1000, 12_345, 1_234_567])('groups %i as Intl does', (count) => {
    expect(grouped(count)).toBe(intl.number.format(count));
  });
});
