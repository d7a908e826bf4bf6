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
  return {
    async publish(topic, payload) {
      if (jobs.handles(topic)) throw new Error(`event ${topic} needs a transaction: it makes jobs`);
      await broadcast(topic, payload);
    },
    async transaction(work) {
      const queued: { topic: string; payload: JsonValue }[] = [];
      let open = true;
      const events: EventQueue = {
        add(topic, payload) {
          // Queued from a callback that outlived the transaction: it would never be published.
          if (!open) throw new Error(`event ${topic} queued after its transaction ended`);
          queued.push({ topic, payload });
        },
      };
      let enqueued = false;
      const result = await db
        .transaction(async (tx) => {
          const done = await work(tx, events);
          const durable = queued.filter(({ topic }) => jobs.handles(topic));
          await jobs.enqueue(
            tx,
            durable.map(({ topic, payload }) => ({
              name: topic,
              key: `${topic}:${randomUUID()}`,
              payload,
            })),
          );
          enqueued = durable.length > 0;
          return done;
        })
        .finally(() => {
          open = false;
        });
      if (enqueued) jobs.nudge();
      for (const { topic, payload } of queued) await broadcast(topic, payload);
      return result;
    },
  };
}
