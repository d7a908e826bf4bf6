import type { CreateReport, ReportModel } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type Member } from './accounts';
import type { TestApp } from './build-app';
import { as } from './forums';

/**
 * Moderation helpers for tests: reports made through the API and the rows they leave.
 *
 *   await reportBy(t, [bob, cy, dee], 'forum', discussion.id); // hides it
 */

export const REPORT = '/api/forums/report/';

export async function report(
  t: TestApp,
  member: Member,
  fields: Partial<CreateReport> & { model: ReportModel; id: number },
): Promise<LightMyRequestResponse> {
  return as(t, member).post(REPORT, { reason: 'spam', ...fields });
}

/** Each member reports the object once, successfully. */
export async function reportBy(
  t: TestApp,
  members: Member[],
  model: ReportModel,
  id: number,
): Promise<void> {
  for (const member of members) {
    const response = await report(t, member, { model, id });
    expect(response.statusCode, response.body).toBe(201);
  }
}

export type StoredReport = {
  reporter_id: number;
  reason: string;
  details: string;
  status: string;
  resolved_by_id: number | null;
};

/** The reports of one object, oldest first. */
export async function reportsOf(t: TestApp, model: ReportModel, id: number) {
  const { rows } = await t.db.execute<StoredReport>(
    sql`select reporter_id::int, reason, details, status, resolved_by_id::int from reports
        where model = ${model} and object_id = ${id} order by id`,
  );
  return rows;
}

export async function discussionStatusOf(t: TestApp, id: number): Promise<string | undefined> {
  const { rows } = await t.db.execute<{ status: string }>(
    sql`select status from discussions where id = ${id}`,
  );
  return rows[0]?.status;
}

export async function commentHidden(t: TestApp, id: number): Promise<boolean | undefined> {
  const { rows } = await t.db.execute<{ hidden: boolean }>(
    sql`select hidden_at is not null as hidden from comments where id = ${id}`,
  );
  return rows[0]?.hidden;
}

/** A request with a JSON body and any method, as `member` (or signed out). */
export const send = (
  t: TestApp,
  member: Member | null,
  method: 'POST' | 'DELETE',
  url: string,
  payload: Record<string, unknown>,
) => t.app.inject({ method, url, headers: member ? bearer(member.access) : {}, payload });
