import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { storedKeys } from '../../../test/storage';
import { STAGING_MAX_AGE_MS, STORAGE_SWEEP_JOB } from './storage-sweep';
import { stage } from './stored-objects';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (key: string) =>
  t.app.storage.put(key, Buffer.from(key), { contentType: 'text/plain' });
const countOf = async (key: string) =>
  (
    await t.db.execute<{ reference_count: number }>(
      sql`select reference_count from stored_objects where key = ${key}`,
    )
  ).rows[0]?.reference_count;

/** Asks for a sweep as the hourly timer does, and waits for the queue to run it. */
async function runSweep() {
  await t.db.transaction((tx) =>
    t.app.jobs.enqueue(tx, [
      { name: STORAGE_SWEEP_JOB, key: `${STORAGE_SWEEP_JOB}:${randomUUID()}`, payload: {} },
    ]),
  );
  t.app.jobs.nudge();
  await t.app.jobs.idle();
}

describe('the storage sweep job', () => {
  it('deletes objects nothing points at and stale staged uploads, and nothing else', async () => {
    const orphan = 'files/aa/orphan.txt';
    const held = 'files/bb/held.txt';
    await put(orphan);
    await put(held);
    await t.db.execute(
      sql`insert into stored_objects (key, reference_count) values (${orphan}, 0), (${held}, 1)`,
    );
    const stale = `staging/${(Date.now() - STAGING_MAX_AGE_MS - 1000).toString(36)}-${randomUUID()}`;
    const untimed = `staging/${randomUUID()}`;
    await put(stale);
    await put(untimed);
    const fresh = await stage(
      t.app.storage,
      Buffer.from('streaming'),
      { folder: 'files', extension: 'txt' },
      {
        contentType: 'text/plain',
      },
    );

    await runSweep();

    expect(await storedKeys(t, 'files/')).toEqual([held]);
    expect(await countOf(orphan)).toBeUndefined();
    expect(await countOf(held)).toBe(1);
    expect(await storedKeys(t, 'staging/')).toEqual([fresh.stagingKey]);
    expect(
      (await t.db.execute(sql`select 1 from jobs where name = ${STORAGE_SWEEP_JOB}`)).rows,
    ).toEqual([]);
  });
});
