import type { ContactMessagePage } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccountsTestApp,
  mailsTo,
  readOutbox,
  signUp,
  type Member,
} from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, makeStaff } from '../../../test/forums';

const CONTACT = '/api/contactus/';
const MESSAGES = '/api/moderation/contact/';
const STAFF_ADDRESS = 'team@agora.example';

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: 'grace@example.org',
  subject: 'A question about events',
  message: 'Can members post events for another city?',
  ...overrides,
});

describe('contact us', () => {
  let t: TestApp;
  let ada: Member;
  let mod: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp({
      config: { contactEmail: STAFF_ADDRESS, contactRateLimitMax: 1000 },
    });
    ada = await signUp(t, 'ada');
    mod = await signUp(t, 'mod');
    await makeStaff(t, mod);
  });
  afterAll(() => t.close());

  it("keeps a visitor's message and mails it to CONTACT_EMAIL", async () => {
    const response = await as(t, null).post(CONTACT, message());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ sent: true });

    const list = await as(t, mod).get(MESSAGES);
    expect(list.statusCode).toBe(200);
    const [first] = list.json<ContactMessagePage>().results;
    expect(first).toMatchObject({ ...message(), sender: null });
    expect(Date.parse(first?.createdAt ?? '')).not.toBeNaN();

    const [mail] = await mailsTo(t, STAFF_ADDRESS);
    expect(mail?.subject).toBe('Contact us: A question about events');
    expect(mail?.text).toContain('Grace Hopper <grace@example.org> wrote through Contact us:');
    expect(mail?.text).toContain('Can members post events for another city?');
    expect(mail?.text).toContain('/moderation?tab=messages');
  });

  it('records the signed-in member who sent a message', async () => {
    const response = await as(t, ada).post(
      CONTACT,
      message({ name: 'Ada', email: 'ada@example.org', subject: '  Two\n lines  ' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [newest] = (await as(t, mod).get(MESSAGES)).json<ContactMessagePage>().results;
    expect(newest).toMatchObject({
      name: 'Ada',
      subject: 'Two lines',
      sender: { id: ada.user.id, username: 'ada' },
    });
  });

  it('answers a filled honeypot as a success and keeps and mails nothing', async () => {
    const rows = await countRows(t, 'contact_messages');
    const mails = (await readOutbox(t)).length;
    const response = await as(t, null).post(CONTACT, message({ website: 'http://spam.example' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ sent: true });
    expect(await countRows(t, 'contact_messages')).toBe(rows);
    expect(await readOutbox(t)).toHaveLength(mails);
  });

  it.each([
    ['no name', { name: '' }, 'name', 'Enter your name.'],
    ['a blank name', { name: '   ' }, 'name', 'Enter your name.'],
    ['a name too long', { name: 'n'.repeat(101) }, 'name', 'Use a name of at most 100 characters.'],
    ['no email', { email: '' }, 'email', 'Enter your email address.'],
    [
      'a bad email',
      { email: 'grace' },
      'email',
      'Enter a valid email address, like name@example.com.',
    ],
    ['no subject', { subject: '' }, 'subject', 'Enter a subject.'],
    [
      'a subject too long',
      { subject: 's'.repeat(151) },
      'subject',
      'Use a subject of at most 150 characters.',
    ],
    ['no message', { message: ' ' }, 'message', 'Write your message.'],
    [
      'a message too long',
      { message: 'm'.repeat(5001) },
      'message',
      'Keep your message to at most 5000 characters.',
    ],
    ['a message that is no text', { message: 42 }, 'message', 'Write your message.'],
  ])(
    'refuses %s with a 400 naming the field, keeping nothing',
    async (_case, change, field, text) => {
      const rows = await countRows(t, 'contact_messages');
      const response = await as(t, null).post(CONTACT, message(change));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: [text] });
      expect(await countRows(t, 'contact_messages')).toBe(rows);
    },
  );

  it('refuses a missing field by name', async () => {
    const { subject: _left, ...rest } = message();
    const response = await as(t, null).post(CONTACT, rest);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ subject: ['Enter a subject.'] });
  });

  it('lists messages to staff only, newest first, a page at a time', async () => {
    for (const n of [1, 2, 3]) {
      await as(t, null).post(CONTACT, message({ subject: `Page test ${n}` }));
    }
    const first = await as(t, mod).get(`${MESSAGES}?limit=2`);
    const page = first.json<ContactMessagePage>();
    expect(page.results.map((item) => item.subject)).toEqual(['Page test 3', 'Page test 2']);
    expect(page.next).toEqual(expect.any(String));
    const second = await as(t, mod).get(
      `${MESSAGES}?limit=2&cursor=${encodeURIComponent(page.next ?? '')}`,
    );
    expect(second.json<ContactMessagePage>().results[0]?.subject).toBe('Page test 1');

    expect((await as(t, null).get(MESSAGES)).statusCode).toBe(401);
    const member = await as(t, ada).get(MESSAGES);
    expect(member.statusCode).toBe(403);
    expect(member.body).not.toContain('grace@example.org');
  });

  it('refuses a tampered cursor and a bad limit with 400 on the field', async () => {
    const cursor = await as(t, mod).get(`${MESSAGES}?cursor=nonsense`);
    expect(cursor.statusCode).toBe(400);
    expect(Object.keys(cursor.json())).toEqual(['cursor']);
    const limit = await as(t, mod).get(`${MESSAGES}?limit=0`);
    expect(limit.statusCode).toBe(400);
    expect(Object.keys(limit.json())).toEqual(['limit']);
  });

  it('refuses an expired or forged token rather than sending as a visitor', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CONTACT,
      headers: bearer('not.a.token'),
      payload: message(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('contact us without CONTACT_EMAIL, and its per-IP limit', () => {
  let t: TestApp;
  let mod: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp({ config: { contactRateLimitMax: 2 } });
    mod = await signUp(t, 'mod');
    await makeStaff(t, mod);
  });
  afterAll(() => t.close());

  it('keeps the message for staff and mails nobody', async () => {
    const before = (await readOutbox(t)).length;
    expect((await as(t, null).post(CONTACT, message())).statusCode).toBe(201);
    expect(await countRows(t, 'contact_messages')).toBe(1);
    expect(await readOutbox(t)).toHaveLength(before);
  });

  it('answers 429 past CONTACT_RATE_LIMIT_MAX from one address, keeping nothing more', async () => {
    expect((await as(t, null).post(CONTACT, message())).statusCode).toBe(201);
    const refused = await as(t, null).post(CONTACT, message());
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Too many attempts/);
    expect(await countRows(t, 'contact_messages')).toBe(2);
    const other = await t.app.inject({
      method: 'POST',
      url: CONTACT,
      remoteAddress: '192.0.2.7',
      payload: message(),
    });
    expect(other.statusCode).toBe(201);
  });
});
