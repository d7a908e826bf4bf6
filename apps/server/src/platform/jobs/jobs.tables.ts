import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, timestampMs } from '../db/columns';

/**
 * Background work waiting to run (platform/jobs). A row is inserted in the transaction of the
 * change that causes it and deleted by the run that completes it; a row with `failed_at` gave up
 * after its last attempt and stays for an operator to read.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: identityId(),
    /** Which handler runs it. */
    name: text('name').notNull(),
    /** One job per key: a second enqueue of the same key while the first is kept adds nothing. */
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull(),
    /** Not claimed before this (the database's clock): the next attempt after a failure. */
    runAt: timestampMs('run_at')
      .notNull()
      .default(sql`now()`),
    /** Attempts claimed so far; also what a run must still see to complete its job. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Set while a worker holds it; a worker that died lets it go when this passes. */
    lockedUntil: timestampMs('locked_until'),
    failedAt: timestampMs('failed_at'),
    lastError: text('last_error'),
    createdAt: timestampMs('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt, table.id)
      .where(sql`failed_at is null`),
  ],
);
