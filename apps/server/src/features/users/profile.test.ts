import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@agora/shared';
import {
  bearer,
  createAccountsTestApp,
  signUp,
  type Member,
  type TestClock,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { references, storedKeys } from '../../../test/storage';
import { users } from './users.tables';

/** A multipart body as a browser's FormData would send it. */
async function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('avatar', new Blob([file.bytes]), file.name);
  const request = new Request('http://local/', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

describe('profile', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const put = async (
    member: Member | undefined,
    fields: Record<string, string>,
    file?: { bytes: Buffer; name: string },
  ) => {
    const { payload, contentType } = await multipart(fields, file);
    return t.app.inject({
      method: 'PUT',
      url: '/auth/user/',
      headers: { ...(member ? bearer(member.access) : {}), 'content-type': contentType },
      payload,
    });
  };
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#5348C6' } })
      .png()
      .toBuffer();

  it('shows the member their own account', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/auth/user/',
      headers: bearer(ada.access),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...ada.user });
    expect((await t.app.inject({ method: 'GET', url: '/auth/user/' })).statusCode).toBe(401);
  });

  it('saves the form fields; an empty country clears it', async () => {
    const response = await put(ada, {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      bio: 'Analyst',
      country: 'United Kingdom',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Analyst',
      country: 'United Kingdom',
    });
    expect(await rowOf(ada.user.id)).toMatchObject({ firstName: 'Ada', country: 'United Kingdom' });
    const cleared = await put(ada, { country: '' });
    expect(cleared.json()).toMatchObject({ country: null, firstName: 'Ada' });
    expect((await rowOf(ada.user.id))?.country).toBeNull();
  });

  it.each([
    ['firstName', { firstName: 'x'.repeat(151) }],
    ['bio', { bio: 'x'.repeat(1001) }],
  ])('refuses a too long %s and writes nothing', async (field, fields) => {
    const before = await rowOf(ada.user.id);
    const response = await put(ada, { ...fields, lastName: 'Changed' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [expect.any(String)] });
    expect(await rowOf(ada.user.id)).toEqual(before);
  });

  it('needs a signed-in member, and changes only their own account', async () => {
    const anonymous = await put(undefined, { firstName: 'Mallory' });
    expect(anonymous.statusCode).toBe(401);
    await put(bob, { firstName: 'Bob' });
    expect((await rowOf(ada.user.id))?.firstName).toBe('Ada');
    expect((await rowOf(bob.user.id))?.firstName).toBe('Bob');
  });

  it('stores an uploaded image as a 256×256 WebP and deletes the previous one', async () => {
    const first = await put(ada, {}, { bytes: await png(800, 600), name: 'me.png' });
    expect(first.statusCode).toBe(200);
    const firstKey = (await rowOf(ada.user.id))?.avatarKey ?? '';
    expect(firstKey).toMatch(/^avatars\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(first.json().avatar).toBe(`${t.config.publicUrl}/media/${firstKey}`);
    const stream = await t.app.storage.get(firstKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const jpeg = await sharp(await png(300, 300))
      .jpeg()
      .toBuffer();
    const second = await put(ada, {}, { bytes: jpeg, name: 'photo.bin' });
    expect(second.statusCode).toBe(200);
    const secondKey = (await rowOf(ada.user.id))?.avatarKey ?? '';
    expect(secondKey).not.toBe(firstKey);
    expect(await t.app.storage.get(firstKey)).toBeNull();
    expect(await references(t, t.app.storage.url(firstKey))).toBeUndefined();

    // The same picture for another member is the same object, kept while either uses it.
    expect((await put(bob, {}, { bytes: jpeg, name: 'photo.jpg' })).statusCode).toBe(200);
    expect((await rowOf(bob.user.id))?.avatarKey).toBe(secondKey);
    expect(await references(t, t.app.storage.url(secondKey))).toBe(2);
    expect((await put(ada, {}, { bytes: await png(400, 400), name: 'me.png' })).statusCode).toBe(
      200,
    );
    expect(await references(t, t.app.storage.url(secondKey))).toBe(1);
    expect(await t.app.storage.get(secondKey)).not.toBeNull();
    expect(await storedKeys(t, 'staging/')).toEqual([]);
  });

  it('refuses a text file named .png, a broken image and a file over 5 MB', async () => {
    const before = await rowOf(ada.user.id);
    const text = await put(
      ada,
      { bio: 'new' },
      { bytes: Buffer.from('hello, not an image'), name: 'cat.png' },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ avatar: ['Upload a JPEG, PNG, WebP or GIF image.'] });
    const broken = Buffer.concat([(await png(10, 10)).subarray(0, 40)]);
    const brokenResponse = await put(ada, {}, { bytes: broken, name: 'x.png' });
    expect(brokenResponse.statusCode).toBe(400);
    expect(brokenResponse.json()).toEqual({
      avatar: [expect.stringContaining('could not be read')],
    });
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const tooLarge = await put(ada, {}, { bytes: huge, name: 'big.png' });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ avatar: ['Choose an image of at most 5 MB.'] });
    expect(await rowOf(ada.user.id)).toEqual(before);
  });

  it('shows a public profile by id or username, without email or settings', async () => {
    for (const key of [String(ada.user.id), 'ADA']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/auth/userinfo/${key}/`,
        headers: bearer(bob.access),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: ada.user.id,
        username: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        bio: 'Analyst',
        avatar: expect.stringContaining('/media/avatars/'),
        country: null,
        dateJoined: ada.user.dateJoined,
        role: 'member',
      });
    }
    for (const key of ['nobody', '999999']) {
      const missing = await t.app.inject({
        method: 'GET',
        url: `/auth/userinfo/${key}/`,
        headers: bearer(bob.access),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: expect.any(String) });
    }
  });

  it('shows a visitor the same public profile, and refuses a token that is not valid', async () => {
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/auth/userinfo/ada/',
      headers: bearer(bob.access),
    });
    const visitor = await t.app.inject({ method: 'GET', url: '/auth/userinfo/ada/' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual(signedIn.json());
    expect(visitor.json()).not.toHaveProperty('email');
    const missing = await t.app.inject({ method: 'GET', url: '/auth/userinfo/nobody/' });
    expect(missing.statusCode).toBe(404);
    const badToken = await t.app.inject({
      method: 'GET',
      url: '/auth/userinfo/ada/',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toEqual({ detail: expect.any(String) });
  });

  it('toggles notifications by path value', async () => {
    const toggle = (value: string, member: Member | null = bob) =>
      t.app.inject({
        method: 'PUT',
        url: `/auth/userinfo/toggle-notifications/${value}/`,
        headers: member ? bearer(member.access) : {},
      });
    expect((await toggle('false')).json()).toEqual({ notificationsOn: false });
    expect((await rowOf(bob.user.id))?.notificationsOn).toBe(false);
    expect((await rowOf(ada.user.id))?.notificationsOn).toBe(true);
    const bad = await toggle('maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ value: [expect.any(String)] });
    expect((await toggle('true', null)).statusCode).toBe(401);
    expect((await toggle('true')).json()).toEqual({ notificationsOn: true });
    expect((await rowOf(bob.user.id))?.notificationsOn).toBe(true);
  });
});
