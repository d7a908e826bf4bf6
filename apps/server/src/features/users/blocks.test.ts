import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { countRows } from '../../../test/forums';

const URL = '/api/common/blocked-user/';
let t: TestApp;
let ada: Member;
let bob: Member;
let gone: Member;

beforeAll(async () => {
  t = await createAccountsTestApp();
  [ada, bob, gone] = [await signUp(t, 'ada'), await signUp(t, 'bob'), await signUp(t, 'gone')];
  await t.db.execute(sql`update users set deleted_at = now() where id = ${gone.user.id}`);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'DELETE', member: Member | null, payload: object) =>
  t.app.inject({ method, url: URL, headers: member ? bearer(member.access) : {}, payload });
const blockRows = () => countRows(t, 'user_blocks');

describe('POST and DELETE /api/common/blocked-user/', () => {
  it('blocks a member, once however often it is asked, and shows both directions', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await call('POST', ada, { user_id: bob.user.id });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({
        userId: bob.user.id,
        blockedByMe: 'True',
        isBlocked: 'True',
      });
    }
    const reverse = await call('DELETE', bob, { user_id: ada.user.id });
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json()).toEqual({
      userId: ada.user.id,
      blockedByMe: 'False',
      isBlocked: 'True',
    });
    expect(
      await countRows(
        t,
        'user_blocks',
        sql`blocker_id = ${ada.user.id} and blocked_id = ${bob.user.id}`,
      ),
    ).toBe(1);
  });

  it('unblocks a member', async () => {
    const response = await call('DELETE', ada, { user_id: bob.user.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: bob.user.id,
      blockedByMe: 'False',
      isBlocked: 'False',
    });
    expect(await blockRows()).toBe(0);
  });

  it.each([
    [
      'yourself',
      () => ({ user_id: ada.user.id }),
      'Choose another member; you cannot block yourself.',
    ],
    [
      'an unknown member',
      () => ({ user_id: 999_999 }),
      'This member does not exist or has left Agora.',
    ],
    [
      'a deleted member',
      () => ({ user_id: gone.user.id }),
      'This member does not exist or has left Agora.',
    ],
    ['no member', () => ({}), 'Send the member as a numeric id.'],
    ['a username', () => ({ user_id: 'bob' }), 'Send the member as a numeric id.'],
  ])('refuses %s naming user_id, writing nothing', async (_, body, message) => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await call(method, ada, body());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ user_id: [message] });
    }
    expect(await blockRows()).toBe(0);
  });

  it('answers 401 without a token', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await call(method, null, { user_id: bob.user.id });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
    expect(await blockRows()).toBe(0);
  });
});
