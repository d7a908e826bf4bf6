import type { FastifyInstance } from 'fastify';
import { domainEvents, type Bus, type DomainEvents } from '../bus';
import type { Database } from '../db';
import type { Storage } from '../storage';
import type { ContentRegistry } from './registry';

/** What every content service uses; built once per app, never from a request. */
export interface ContentContext {
  db: Database;
  storage: Storage;
  now: () => Date;
  content: ContentRegistry;
  /** Publishes domain events once their change is committed; never fails the request. */
  events: DomainEvents;
}

export function contentContext(app: FastifyInstance, bus: Bus = app.bus): ContentContext {
  return {
    db: app.db,
    storage: app.storage,
    now: app.config.clock ?? (() => new Date()),
    content: app.content,
    events: domainEvents({ db: app.db, bus, jobs: app.jobs, log: app.log }),
  };
}
