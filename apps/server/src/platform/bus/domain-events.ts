import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db';
import type { Bus, JsonValue } from './bus';

/** Where a transaction's work queues the events of its changes. */
export interface EventQueue {
  /** Published once the transaction commits; dropped if it rolls back. */
  add(topic: string, payload: JsonValue): void;
}

/**
 * A feature's events go out only once the change they announce is committed: a subscriber that
 * acts at once (a notification, a live update) must find the change, and a change rolled back
 * must not be announced. Publishing never fails the request, since the change stands by then:
 * a lost event is logged instead.
 */
export interface DomainEvents {
  /** Publishes the event of a change already committed (one statement, no transaction). */
  publish(topic: string, payload: JsonValue): Promise<void>;
  /** Runs `work` in a transaction, then publishes what it queued, in order, if it committed. */
  transaction<T>(work: (tx: Transaction, events: EventQueue) => Promise<T>): Promise<T>;
}

export function domainEvents(deps: {
  db: Database;
  bus: Bus;
  log: FastifyBaseLogger;
}): DomainEvents {
  const { db, bus, log } = deps;
  const publish = async (topic: string, payload: JsonValue) => {
    try {
      await bus.publish(topic, payload);
    } catch (error) {
      log.error({ err: error, topic }, 'could not publish a domain event');
    }
  };
  return {
    publish,
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
      const result = await db
        .transaction((tx) => work(tx, events))
        .finally(() => {
          open = false;
        });
      for (const { topic, payload } of queued) await publish(topic, payload);
      return result;
    },
  };
}
