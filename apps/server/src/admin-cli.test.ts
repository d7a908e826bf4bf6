import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrivateUser } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, logIn, signUp, bearer } from '../test/accounts';
import type { TestApp } from '../test/build-app';
import { ADMIN_USAGE, runAdmin, type AdminIo } from './admin-cli';
import type { DatabaseConnection } from './platform/db';

describe('npm run admin -- grant|revoke <username>', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    await signUp(t, 'Ada');
    dataDir = await mkdtemp(join(tmpdir(), 'agora-admin-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The CLI on the test app's database, which stays open for the test's own checks. */
  async function admin(args: string[], overrides: Partial<AdminIo> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const connection: DatabaseConnection = {
      db: t.db,
      migrate: async () => undefined,
      close: async () => undefined,
    };
    const code = await runAdmin(args, {
      env: { DATA_DIR: dataDir },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      open: async () => connection,
      serverAnswers: async () => false,
      ...overrides,
    });
    return { code, out, err };
  }

  const roleOf = async (username: string) =>
    (
      await t.db.execute<{ role: string }>(
        sql`select role from users where lower(username) = lower(${username})`,
      )
    ).rows[0]?.role;
  const isStaff = async (username: string) => (await roleOf(username)) !== 'member';

  it('grants a staff role, any case, and shows it in the private user', async () => {
    expect(await admin(['grant', 'ada', 'admin'])).toEqual({
      code: 0,
      out: ['Ada is now admin.'],
      err: [],
    });
    expect(await roleOf('ada')).toBe('admin');
    expect(await admin(['grant', 'ADA', 'admin'])).toEqual({
      code: 0,
      out: ['Ada is already admin.'],
      err: [],
    });
    expect(await admin(['grant', 'ada', 'moderator'])).toEqual({
      code: 0,
      out: ['Ada is now moderator.'],
      err: [],
    });

    const session = await logIn(t, 'ada');
    expect(session.user.isStaff).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/user/',
      headers: bearer(session.access),
    });
    expect(me.json<PrivateUser>()).toMatchObject({
      username: 'Ada',
      isStaff: true,
      role: 'moderator',
    });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/moderation/reports/',
      headers: bearer(session.access),
    });
    expect(queue.statusCode).toBe(200);
  });

  it('records each change in the audit log, by the operator', async () => {
    await admin(['revoke', 'ada']);
    const { rows: marks } = await t.db.execute<{ last: number }>(
      sql`select coalesce(max(id), 0)::int as last from staff_actions`,
    );
    const last = marks[0]?.last ?? 0;
    await admin(['grant', 'ada', 'admin']);
    await admin(['grant', 'ada', 'admin']);
    await admin(['revoke', 'ada']);
    const { rows } = await t.db.execute<{ actor_id: number | null; details: string }>(
      sql`select actor_id, details from staff_actions where id > ${last} order by id`,
    );
    expect(rows).toEqual([
      { actor_id: null, details: 'Member → Admin' },
      { actor_id: null, details: 'Admin → Member' },
    ]);
  });

  it('revokes staff rights', async () => {
    await admin(['grant', 'ada', 'admin']);
    expect(await admin(['revoke', 'ada'])).toEqual({
      code: 0,
      out: ['Ada is no longer staff.'],
      err: [],
    });
    expect(await isStaff('ada')).toBe(false);
    expect(await admin(['revoke', 'ada'])).toEqual({
      code: 0,
      out: ['Ada was not staff.'],
      err: [],
    });
    expect((await logIn(t, 'ada')).user.isStaff).toBe(false);
  });

  it('fails with exit code 1 for an unknown member, changing nothing', async () => {
    const before = await t.db.execute(
      sql`select count(*)::int as staff from users where role <> 'member'`,
    );
    expect(await admin(['grant', 'nobody', 'admin'])).toEqual({
      code: 1,
      out: [],
      err: ['No member is called "nobody"; check the spelling (case does not matter).'],
    });
    const after = await t.db.execute(
      sql`select count(*)::int as staff from users where role <> 'member'`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it.each([
    [[]],
    [['grant']],
    [['grant', 'ada']],
    [['promote', 'ada']],
    [['grant', 'ada', 'bob']],
    [['grant', 'ada', 'member']],
    [['revoke', 'ada', 'admin']],
    [['grant', ' ', 'admin']],
  ])('prints the usage with exit code 2 for %o', async (args) => {
    expect(await admin(args)).toEqual({ code: 2, out: [], err: [ADMIN_USAGE] });
  });

  it('refuses to touch the embedded database while the server answers', async () => {
    const result = await admin(['grant', 'ada', 'admin'], { serverAnswers: async () => true });
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      `The Agora server is running on port 8000 with the embedded database in ${join(dataDir, 'db')}; stop it, run this command, then start it again.`,
    ]);
    expect(await isStaff('ada')).toBe(false);
  });

  it('explains a database it cannot open', async () => {
    const result = await admin(['grant', 'ada', 'admin'], {
      open: async () => {
        throw new Error('file is locked');
      },
    });
    expect(result).toEqual({
      code: 1,
      out: [],
      err: [
        `Could not open the embedded database in ${join(dataDir, 'db')} (file is locked). Only one process can open it at a time: stop the Agora server first.`,
      ],
    });
  });

  it('stops at a bad configuration with its one-line message', async () => {
    const result = await admin(['grant', 'ada', 'admin'], {
      env: { DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' },
    });
    expect(result.code).toBe(1);
    expect(result.err).toEqual([expect.stringMatching(/^Invalid configuration: DATABASE_URL /)]);
  });
});
