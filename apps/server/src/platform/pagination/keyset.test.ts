import { PAGE_SIZE_DEFAULT } from '@agora/shared';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { integerKey, keyset, pageSize, timestampKey } from './keyset';

const items = pgTable('items', {
  id: integer('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
});
const newest = keyset({ createdAt: timestampKey(items.createdAt), id: integerKey(items.id) });
const at = new Date('2026-01-02T03:04:05.678Z');

describe('keyset pagination', () => {
  it('round-trips a position through an opaque cursor', () => {
    const cursor = newest.encode({ createdAt: at, id: 42 });
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(newest.decode(cursor)).toEqual({ createdAt: at, id: 42 });
  });

  it('reads no cursor as the first page', () => {
    expect(newest.decode(undefined)).toBeUndefined();
    expect(newest.decode('')).toBeUndefined();
    expect(newest.after(undefined)).toBeUndefined();
  });

  it.each([
    ['garbage', 'not a cursor'],
    ['the wrong number of parts', Buffer.from('[1]').toString('base64url')],
    ['a bad date', Buffer.from('["yesterday", 1]').toString('base64url')],
    ['a fractional id', Buffer.from(`["${at.toISOString()}", 1.5]`).toString('base64url')],
  ])('refuses %s with a 400 naming the cursor', (_, cursor) => {
    const error = (() => {
      try {
        newest.decode(cursor);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toBody()).toEqual({ cursor: [expect.any(String)] });
  });

  it('trims the extra row to one page and points `next` at its last row', () => {
    const rows = [3, 2, 1].map((id) => ({ id, createdAt: at }));
    const page = newest.page(rows, 2, (row) => row);
    expect(page.rows.map((row) => row.id)).toEqual([3, 2]);
    expect(newest.decode(page.next ?? '')).toEqual({ createdAt: at, id: 2 });
    expect(newest.page(rows.slice(0, 2), 2, (row) => row).next).toBeNull();
  });

  it('uses the default page size unless asked', () => {
    expect(pageSize(undefined)).toBe(PAGE_SIZE_DEFAULT);
    expect(pageSize(5)).toBe(5);
  });
});
