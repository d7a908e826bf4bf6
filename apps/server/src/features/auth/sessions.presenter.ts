import type { SessionHistoryItem } from '@agora/shared';
import type { SessionRow } from './auth.tables';

export function presentSession(row: SessionRow, currentSessionId: string): SessionHistoryItem {
  return {
    id: row.id,
    device: row.device,
    browser: row.browser,
    os: row.os,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
