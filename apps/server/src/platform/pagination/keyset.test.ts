import { PAGE_SIZE_DEFAULT } from '@agora/shared';
import type { SQL } from 'drizzle-orm';
import { integer, PgDialect, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { integerKey, keyset, pageSize, textKey, timestampKey, uuidKey } from './keyset';

const items = pgTable('items', {
  id: integer('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
});
const newest = keyset({ createdAt: timestampKey(items.createdAt), id: integerKey(items.id) });
const at = new Date('2026-01-02T03:04:05.678Z');

const devices = pgTable('devices', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
});
const byName = keyset({ name: textKey(devices.name), id: uuidKey(devices.id) }, 'asc');
const deviceId = '0b6f3a52-9d1e-4c7a-8f20-5e4d3c2b1a09';

/** What `decode` throws, or undefined. */
function refusalOf(decode: () => unknown): unknown {
  try {
    decode();
  } catch (caught) {
    return caught;
  }
  return undefined;
}

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
    const error = refusalOf(() => newest.decode(cursor));
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

  it('round-trips text and uuid keys, quotes and commas included', () => {
    const position = { name: 'Ada\'s "laptop", |2|', id: deviceId };
    expect(byName.decode(byName.encode(position))).toEqual(position);
    expect(byName.decode(byName.encode({ name: '', id: deviceId }))).toEqual({
      name: '',
      id: deviceId,
    });
  });

  it('compares text and uuid keys as their column types', () => {
    const condition = byName.after({ name: 'phone', id: deviceId });
    expect(condition).toBeDefined();
    const query = new PgDialect().sqlToQuery(condition as SQL);
    expect(query.sql).toBe('("devices"."name", "devices"."id") > ($1::text, $2::uuid)');
    expect(query.params).toEqual(['phone', deviceId]);
  });

  it.each([
    ['an id that is not a uuid', Buffer.from('["phone", "42"]').toString('base64url')],
    ['a numeric id', Buffer.from('["phone", 42]').toString('base64url')],
    ['a name that is not text', Buffer.from(`[7, "${deviceId}"]`).toString('base64url')],
    ['a missing name', Buffer.from(`[null, "${deviceId}"]`).toString('base64url')],
  ])('refuses a text and uuid cursor with %s with a 400 naming the cursor', (_, cursor) => {
    const error = refusalOf(() => byName.decode(cursor));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toBody()).toEqual({ cursor: [expect.any(String)] });
  });

  it('uses the default page size unless asked', () => {
    expect(pageSize(undefined)).toBe(PAGE_SIZE_DEFAULT);
    expect(pageSize(5)).toBe(5);
  });
});
