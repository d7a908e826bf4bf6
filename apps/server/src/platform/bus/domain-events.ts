import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db';
import type { JobQueue } from '../jobs';
import type { Bus, JsonValue } from './bus';

/** Where a transaction's work queues the events of its changes. */
export interface EventQueue {
  /**
   * Published once the transaction commits; dropped if it rolls back. A topic with a job handler
   * also becomes a job, inserted in the transaction itself.
   */
  add(topic: string, payload: JsonValue): void;
  /**
   * The jobs of the events added so far and not yet taken, encoded for a `jobInsert` in the
   * caller's next statement of this transaction (one round trip less than inserting them at
   * the end); the transaction then inserts only the jobs of events added after.
   */
  takeJobs(): string;
}

/**
 * A feature's events go out only once the change they announce is committed: a subscriber that
 * acts at once (a live update) must find the change, and a change rolled back must not be
 * announced. Publishing never fails the request, since the change stands by then: a lost event
 * is logged instead. The bus is at most once, so work that must not be lost (notifications)
 * handles the event as a job: `transaction` inserts one per event whose topic has a job handler,
 * in the same transaction as the change (a transactional outbox).
 */
export interface DomainEvents {
  /**
   * Publishes the event of a change already committed (one statement, no transaction). Only for
   * topics without a job handler: such a job could not be committed with its change.
   */
  publish(topic: string, payload: JsonValue): Promise<void>;
  /** Runs `work` in a transaction, then publishes what it queued, in order, if it committed. */
  transaction<T>(work: (tx: Transaction, events: EventQueue) => Promise<T>): Promise<T>;
  /**
   * The jobs that an event of `topic` makes (none without a job handler), encoded for a
   * `jobInsert` in the one statement that writes its change, which needs no transaction then.
   * `draft` is the event's payload as far as it is known before that statement runs; the
   * statement completes it in SQL. Once it has run, `announce` publishes the whole event.
   */
  jobsOf(topic: string, draft: JsonValue): string;
  /** Publishes the event of a change committed with its jobs (see `jobsOf`), and runs them. */
  announce(topic: string, payload: JsonValue): Promise<void>;
}

export function domainEvents(deps: {
  db: Database;
  bus: Bus;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}): DomainEvents {
  const { db, bus, jobs, log } = deps;
  const broadcast = async (topic: string, payload: JsonValue) => {
    try {
      await bus.publish(topic, payload);
    } catch (error) {
      log.error({ err: error, topic }, 'could not publish a domain event');
    }
  };
  const newJobs = (queued: { topic: string; payload: JsonValue }[]) =>
    queued
      .filter(({ topic }) => jobs.handles(topic))
      .map(({ topic, payload }) => ({ name: topic, key: `${topic}:${randomUUID()}`, payload }));
  return {
    jobsOf: (topic, draft) => jobs.encode(newJobs([{ topic, payload: draft }])),
    async announce(topic, payload) {
      if (jobs.handles(topic)) jobs.nudge();
      await broadcast(topic, payload);
    },
    async publish(topic, payload) {
      if (jobs.handles(topic)) throw new Error(`event ${topic} needs a transaction: it makes jobs`);
      await broadcast(topic, payload);
    },
    async transaction(work) {
      const queued: { topic: string; payload: JsonValue }[] = [];
      /** How many of `queued` had their jobs taken by the work's own statements. */
      let taken = 0;
      let open = true;
      const events: EventQueue = {
        add(topic, payload) {
          // Queued from a callback that outlived the transaction: it would never be published.
          if (!open) throw new Error(`event ${topic} queued after its transaction ended`);
          queued.push({ topic, payload });
        },
        takeJobs() {
          const fresh = newJobs(queued.slice(taken));
          taken = queued.length;
          return jobs.encode(fresh);
        },
      };
      const result = await db
        .transaction(async (tx) => {
          const done = await work(tx, events);
          await jobs.enqueue(tx, newJobs(queued.slice(taken)));
          return done;
        })
        .finally(() => {
          open = false;
        });
      if (queued.some(({ topic }) => jobs.handles(topic))) jobs.nudge();
      for (const { topic, payload } of queued) await broadcast(topic, payload);
      return result;
    },
  };
}
