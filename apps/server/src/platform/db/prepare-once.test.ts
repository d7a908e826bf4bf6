import { eq, sql } from 'drizzle-orm';
import { alias, bigint, boolean, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database';
import type { Database } from './database';
import { prepareOnce } from './prepare-once';

/** Tables of this test only, with a column of each kind the features read through prepareOnce. */
const probes = pgTable('prepare_once_probes', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  title: text('title').notNull(),
  note: text('note'),
  labels: text('labels').array().notNull(),
  extra: json('extra').$type<{ weight: number }>(),
  flagged: boolean('flagged').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
});
const owners = pgTable('prepare_once_owners', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
});
const owner = alias(owners, 'owner');

const selection = (db: Database) =>
  db
    .select({
      probe: { id: probes.id, title: probes.title, note: probes.note, labels: probes.labels },
      owner: { id: owner.id, name: owner.name },
      extra: probes.extra,
      flagged: probes.flagged,
      times: { createdAt: probes.createdAt, editedAt: probes.editedAt },
      doubled: sql<number>`${probes.id} * 2`.mapWith(Number),
      shout: sql<string>`upper(${probes.title})`,
      missing: sql<string | null>`null`,
    })
    .from(probes)
    .innerJoin(owner, eq(owner.id, probes.ownerId))
    .orderBy(probes.id);

describe('prepareOnce', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.connection.db;
    await db.execute(
      sql`create table prepare_once_owners (id bigint primary key, name text not null)`,
    );
    await db.execute(sql`
      create table prepare_once_probes (
        id bigint primary key, owner_id bigint not null, title text not null, note text,
        labels text[] not null, extra json, flagged boolean not null,
        created_at timestamptz(3) not null, edited_at timestamptz(3)
      )`);
    await db.insert(owners).values([
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace' },
    ]);
    await db.insert(probes).values([
      {
        id: 10,
        ownerId: 1,
        title: 'first "quoted", with commas',
        note: 'a note',
        labels: ['garden', 'with space', 'quote"d'],
        extra: { weight: 3 },
        flagged: true,
        createdAt: new Date('2026-11-24T10:00:00.123Z'),
        editedAt: new Date('2026-11-25T01:02:03.456Z'),
      },
      {
        id: 9_007_199_254,
        ownerId: 2,
        title: 'second',
        note: null,
        labels: [],
        extra: null,
        flagged: false,
        createdAt: new Date('2026-01-01T00:00:00.000Z'),
        editedAt: null,
      },
    ]);
  });
  afterAll(() => database.drop());

  it('gives the rows drizzle itself gives, nesting, decoding and nulls included', async () => {
    const expected = await selection(db);
    const read = prepareOnce(db, 'probe_rows', () => selection(db));

    const rows = await read.execute();

    expect(rows).toEqual(expected);
    expect(rows[0]).toEqual({
      probe: {
        id: 10,
        title: 'first "quoted", with commas',
        note: 'a note',
        labels: ['garden', 'with space', 'quote"d'],
      },
      owner: { id: 1, name: 'Ada' },
      extra: { weight: 3 },
      flagged: true,
      times: {
        createdAt: new Date('2026-11-24T10:00:00.123Z'),
        editedAt: new Date('2026-11-25T01:02:03.456Z'),
      },
      doubled: 20,
      shout: 'FIRST "QUOTED", WITH COMMAS',
      missing: null,
    });
    expect(rows[1]?.probe.note).toBeNull();
    expect(rows[1]?.times.editedAt).toBeNull();
    expect(rows[1]?.probe.id).toBe(9_007_199_254);
  });

  it('builds the statement once per name and runs it with new values', async () => {
    let builds = 0;
    const byOwner = () =>
      prepareOnce(db, 'probe_by_owner', () => {
        builds += 1;
        return db
          .select({ title: probes.title })
          .from(probes)
          .where(eq(probes.ownerId, sql.placeholder('owner')));
      });

    expect(await byOwner().execute({ owner: 1 })).toEqual([
      { title: 'first "quoted", with commas' },
    ]);
    expect(await byOwner().execute({ owner: 2 })).toEqual([{ title: 'second' }]);
    expect(builds).toBe(1);
  });

  it('runs the same read in a transaction, which sees its own writes', async () => {
    const byOwner = prepareOnce(db, 'probe_titles_of_owner', () =>
      db
        .select({ title: probes.title })
        .from(probes)
        .where(eq(probes.ownerId, sql.placeholder('owner')))
        .orderBy(probes.id),
    );
    const rolledBack = new Error('roll back');

    await expect(
      db.transaction(async (tx) => {
        await tx.update(probes).set({ title: 'renamed inside' }).where(eq(probes.ownerId, 2));
        expect(await byOwner.executeIn(tx, { owner: 2 })).toEqual([{ title: 'renamed inside' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await byOwner.execute({ owner: 2 })).toEqual([{ title: 'second' }]);
  });

  it('refuses a name that now builds another statement, naming it', async () => {
    const titles = (on: Database) => () => on.select({ title: probes.title }).from(probes);
    const notes = (on: Database) => () => on.select({ note: probes.note }).from(probes);
    prepareOnce(db, 'probe_titles', titles(db));
    prepareOnce(db, 'probe_text', notes(db));
    const other = await openTestDatabase();
    try {
      const again = other.connection.db;
      expect(() => prepareOnce(again, 'probe_titles', titles(again))).not.toThrow();
      expect(() => prepareOnce(again, 'probe_text', titles(again))).toThrow(
        'prepareOnce: the statement "probe_text" now builds a different SQL text',
      );
    } finally {
      await other.drop();
    }
  });

  it('refuses columns of an outer-joined table, which drizzle would turn into null', () => {
    const lonely = alias(owners, 'lonely');
    expect(() =>
      prepareOnce(db, 'probe_left_join', () =>
        db
          .select({ title: probes.title, lonely: { name: lonely.name } })
          .from(probes)
          .leftJoin(lonely, eq(lonely.id, probes.id)),
      ),
    ).toThrow('select.lonely.name: a column of an outer-joined table');
  });
});
