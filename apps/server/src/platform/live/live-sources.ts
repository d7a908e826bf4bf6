import type { z } from 'zod';
import type { JsonValue } from '../bus';
import {
  CONTENT_EVENTS,
  ZCommentCreatedEvent,
  ZCountsChangedEvent,
  ZLikedEvent,
  ZVotedEvent,
} from '../content';

/** An object whose counters an event moved, as the event names it. */
export interface ChangedObject {
  model: string;
  id: number;
}

/** A domain event that moves counters, and which objects' counters it moves. */
export interface LiveSource {
  topic: string;
  /** The objects the payload names; none for a payload that is not of the expected shape. */
  changed(payload: JsonValue): ChangedObject[];
}

function source<T>(
  topic: string,
  schema: z.ZodType<T>,
  changed: (event: T) => ChangedObject[],
): LiveSource {
  return {
    topic,
    changed(payload) {
      // It may have crossed a process boundary: a payload of another shape changes nothing here.
      const parsed = schema.safeParse(payload);
      return parsed.success ? changed(parsed.data) : [];
    },
  };
}

const only = ({ model, id }: ChangedObject): ChangedObject[] => [{ model, id }];

/**
 * Every event the live socket follows. All are published after their change commits, so a
 * refresh that starts on receipt reads the change.
 */
export const LIVE_SOURCES: LiveSource[] = [
  source(CONTENT_EVENTS.voted, ZVotedEvent, (event) => only(event.target)),
  source(CONTENT_EVENTS.liked, ZLikedEvent, (event) => only(event.target)),
  // A comment moves its host's comment count.
  source(CONTENT_EVENTS.commentCreated, ZCommentCreatedEvent, (event) =>
    event.comment.host ? only(event.comment.host) : [],
  ),
  source(CONTENT_EVENTS.countsChanged, ZCountsChangedEvent, (event) => only(event.target)),
];
