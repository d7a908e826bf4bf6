import { getTableColumns } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { identityId, referenceId, timestampMs } from './columns';
import { decodeColumns } from './statement-once';

const notes = pgTable('notes', {
  id: identityId(),
  parentId: referenceId('parent_id'),
  body: text('body').notNull(),
  createdAt: timestampMs('created_at').notNull(),
});

describe('decodeColumns', () => {
  it('decodes a raw row by column name as drizzle does: ids as numbers, times as dates', () => {
    // As node-postgres gives them through drizzle: bigint and timestamps as text.
    const row = decodeColumns(getTableColumns(notes), {
      id: '42',
      parent_id: null,
      body: 'Hello',
      created_at: '2026-11-27 15:20:01.123+00',
      extra: 'ignored',
    });
    expect(row).toEqual({
      id: 42,
      parentId: null,
      body: 'Hello',
      createdAt: new Date('2026-11-27T15:20:01.123Z'),
    });
  });

  it('keeps numbers as the embedded database gives them', () => {
    const row = decodeColumns(getTableColumns(notes), {
      id: 7,
      parent_id: 3,
      body: '',
      created_at: '2026-01-02 03:04:05.006+00',
    });
    expect(row).toMatchObject({ id: 7, parentId: 3, body: '' });
  });
});
