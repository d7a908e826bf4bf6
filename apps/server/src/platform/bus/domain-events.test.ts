import { eq, sql } from 'drizzle-orm';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../../test/log-capture';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database';
import { statementOnce, type Database } from '../db';
import { createJobQueue, jobInsert, jobs } from '../jobs';
import type { Bus, JsonValue } from './bus';
import { domainEvents, type DomainEvents, type EventQueue } from './domain-events';

const notes = pgTable('domain_events_notes', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  body: text('body').notNull(),
});

/** A bus that records what it is given and, when told to, refuses some topics. */
function recordingBus(db: Database) {
  const published: { topic: string; payload: JsonValue; committed: string[] }[] = [];
  const failing = new Set<string>();
  const bus: Bus = {
    async publish(topic, payload) {
      if (failing.has(topic)) throw new Error(`broker down for ${topic}`);
      // What a reader outside the transaction finds now: the change must be committed already.
      const rows = await db.select({ body: notes.body }).from(notes).orderBy(notes.id);
      published.push({ topic, payload, committed: rows.map((row) => row.body) });
    },
    subscribe: () => Promise.reject(new Error('not used')),
    idle: async () => {},
    version: () => Promise.reject(new Error('not used')),
    advance: () => Promise.reject(new Error('not used')),
    close: async () => {},
  };
  return { bus, published, failing };
}

describe('domain events', () => {
  let database: TestDatabase;
  let db: Database;
  let recorder: ReturnType<typeof recordingBus>;
  let events: DomainEvents;
  let logs: ReturnType<typeof captureLogs>;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.connection.db;
    await db.execute(
      sql`create table domain_events_notes (id bigint primary key, body text not null)`,
    );
  });
  afterAll(() => database.drop());
  beforeEach(async () => {
    await db.delete(notes);
    recorder = recordingBus(db);
    logs = captureLogs();
    const log = pino(logs.stream);
    events = domainEvents({ db, bus: recorder.bus, jobs: createJobQueue({ db, log }), log });
  });

  it('publishes the queued events in order once the transaction has committed', async () => {
    const result = await events.transaction(async (tx, queue) => {
      await tx.insert(notes).values({ id: 1, body: 'first' });
      queue.add('notes.added', { id: 1 });
      await tx.insert(notes).values({ id: 2, body: 'second' });
      queue.add('notes.added', { id: 2 });
      expect(recorder.published).toEqual([]);
      return 'done';
    });

    expect(result).toBe('done');
    expect(recorder.published).toEqual([
      { topic: 'notes.added', payload: { id: 1 }, committed: ['first', 'second'] },
      { topic: 'notes.added', payload: { id: 2 }, committed: ['first', 'second'] },
    ]);
  });

  it('drops the queued events when the transaction rolls back', async () => {
    const refused = events.transaction(async (tx, queue) => {
      await tx.insert(notes).values({ id: 1, body: 'doomed' });
      queue.add('notes.added', { id: 1 });
      throw new Error('a rule said no');
    });

    await expect(refused).rejects.toThrow('a rule said no');
    expect(recorder.published).toEqual([]);
    expect(await db.select().from(notes)).toEqual([]);
  });

  it('logs an event it could not publish and goes on with the next, failing nothing', async () => {
    recorder.failing.add('notes.lost');

    const result = await events.transaction(async (tx, queue) => {
      await tx.insert(notes).values({ id: 1, body: 'kept' });
      queue.add('notes.lost', { id: 1 });
      queue.add('notes.added', { id: 1 });
      return 1;
    });
    await events.publish('notes.lost', { id: 2 });

    expect(result).toBe(1);
    expect(await db.select({ body: notes.body }).from(notes).where(eq(notes.id, 1))).toEqual([
      { body: 'kept' },
    ]);
    expect(recorder.published.map((event) => event.topic)).toEqual(['notes.added']);
    const failures = logs.lines.filter((line) => line.msg === 'could not publish a domain event');
    expect(failures).toEqual([
      expect.objectContaining({
        level: 50,
        topic: 'notes.lost',
        err: expect.objectContaining({ message: 'broker down for notes.lost' }),
      }),
      expect.objectContaining({ level: 50, topic: 'notes.lost' }),
    ]);
  });

  it('refuses an event queued after its transaction ended', async () => {
    let late: EventQueue | undefined;
    await events.transaction(async (_tx, queue) => {
      late = queue;
    });
    expect(() => late?.add('notes.added', { id: 3 })).toThrow(
      'event notes.added queued after its transaction ended',
    );
    expect(recorder.published).toEqual([]);
  });

  describe('with a job handler', () => {
    const noteJobs = () =>
      db.select({ name: jobs.name, payload: jobs.payload }).from(jobs).orderBy(jobs.id);
    const insertTaken = statementOnce(() => jobInsert());
    const insertNumbered = statementOnce(() =>
      jobInsert(
        sql`jsonb_set(job.payload::jsonb, '{id}', to_jsonb(${sql.placeholder('id')}::int))`,
      ),
    );

    beforeEach(async () => {
      await db.delete(jobs);
      const log = pino(logs.stream);
      const queue = createJobQueue({ db, log });
      queue.handle('notes.noted', async () => {});
      events = domainEvents({ db, bus: recorder.bus, jobs: queue, log });
    });

    it('inserts each job once, whether the work took it into its own statement or not', async () => {
      await events.transaction(async (tx, queue) => {
        await tx.insert(notes).values({ id: 1, body: 'first' });
        queue.add('notes.noted', { id: 1 });
        queue.add('notes.added', { id: 1 });
        await insertTaken.run(tx, { jobs: queue.takeJobs() });
        expect(queue.takeJobs()).toBe('[]');
        queue.add('notes.noted', { id: 2 });
      });

      expect(await noteJobs()).toEqual([
        { name: 'notes.noted', payload: { id: 1 } },
        { name: 'notes.noted', payload: { id: 2 } },
      ]);
      expect(recorder.published.map(({ topic, payload }) => [topic, payload])).toEqual([
        ['notes.noted', { id: 1 }],
        ['notes.added', { id: 1 }],
        ['notes.noted', { id: 2 }],
      ]);
    });

    it('writes no job taken by a statement of a transaction that rolls back', async () => {
      const refused = events.transaction(async (tx, queue) => {
        queue.add('notes.noted', { id: 1 });
        await insertTaken.run(tx, { jobs: queue.takeJobs() });
        throw new Error('a rule said no');
      });

      await expect(refused).rejects.toThrow('a rule said no');
      expect(await noteJobs()).toEqual([]);
      expect(recorder.published).toEqual([]);
    });

    it('gives a one-statement change its jobs to complete, and announces the event', async () => {
      expect(events.jobsOf('notes.added', { id: 0 })).toBe('[]');

      await insertNumbered.run(db, { jobs: events.jobsOf('notes.noted', { id: 0 }), id: 7 });
      await events.announce('notes.noted', { id: 7 });

      expect(await noteJobs()).toEqual([{ name: 'notes.noted', payload: { id: 7 } }]);
      expect(recorder.published).toEqual([
        { topic: 'notes.noted', payload: { id: 7 }, committed: [] },
      ]);
    });
  });
});
