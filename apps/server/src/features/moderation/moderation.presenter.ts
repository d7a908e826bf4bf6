import type { Report } from '@agora/shared';
import type { ReportRow } from './moderation.tables';

/** A member's new report in its API shape. */
export function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    model: row.model,
    objectId: row.objectId,
    reason: row.reason,
    details: row.details,
    status: 'open',
    createdAt: row.createdAt.toISOString(),
  };
}
