import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  ZLogin,
  ZLoginResponse,
  ZPasswordChange,
  ZPasswordResetConfirm,
  ZPrivateUser,
  ZProfileUpdate,
  ZPublicProfile,
  ZRegistration,
} from './auth';

/** The issues of a failed parse, as `path: message`. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const registration = {
  username: 'ada.lovelace',
  email: 'ada@example.com',
  password1: 'analytical engine',
  password2: 'analytical engine',
};

describe('registration', () => {
  it('accepts a valid registration and trims the username and email', () => {
    const parsed = ZRegistration.parse({ ...registration, username: ' ada_1 ', email: ' a@b.co ' });
    expect(parsed).toMatchObject({ username: 'ada_1', email: 'a@b.co' });
  });

  it.each([
    ['ab', 'at least 3'],
    ['a'.repeat(USERNAME_MAX_LENGTH + 1), 'at most 30'],
    ['ada lovelace', 'only letters, digits'],
    ['ada@home', 'only letters, digits'],
    ['12345', 'cannot be only digits'],
  ])('refuses the username %j', (username, message) => {
    expect(issues(ZRegistration, { ...registration, username })).toEqual([
      expect.stringMatching(new RegExp(`^username: .*${message}`)),
    ]);
  });

  it('accepts exactly 3 and exactly 30 characters', () => {
    expect(issues(ZRegistration, { ...registration, username: 'a-b' })).toEqual([]);
    expect(issues(ZRegistration, { ...registration, username: 'a'.repeat(30) })).toEqual([]);
  });

  it('refuses a bad email', () => {
    expect(issues(ZRegistration, { ...registration, email: 'ada@' })).toEqual([
      'email: Enter a valid email address, like name@example.com.',
    ]);
  });

  it('refuses a short or all-digit password', () => {
    const short = { ...registration, password1: 'seven77', password2: 'seven77' };
    expect(issues(ZRegistration, short)).toEqual([
      'password1: Use a password of at least 8 characters.',
    ]);
    const digits = { ...registration, password1: '12345678', password2: '12345678' };
    expect(issues(ZRegistration, digits)).toEqual([
      'password1: Add letters or symbols: a password cannot be only digits.',
    ]);
  });

  it('puts a password mismatch on password2', () => {
    expect(issues(ZRegistration, { ...registration, password2: 'analytical engines' })).toEqual([
      'password2: The two passwords do not match; type the same password in both fields.',
    ]);
  });
});

describe('password change and reset', () => {
  it('put a mismatch on new_password2', () => {
    const change = { old_password: 'x', new_password1: 'difference', new_password2: 'different' };
    expect(issues(ZPasswordChange, change)).toEqual([
      expect.stringMatching(/^new_password2: The two passwords do not match/),
    ]);
    expect(
      issues(ZPasswordResetConfirm, { new_password1: 'difference', new_password2: 'x' }),
    ).toEqual([expect.stringMatching(/^new_password2: /)]);
  });
});

describe('login', () => {
  it('defaults keepmeloggedin to false and takes an email as the username', () => {
    expect(ZLogin.parse({ username: 'ada@example.com', password: 'pw' })).toEqual({
      username: 'ada@example.com',
      password: 'pw',
      keepmeloggedin: false,
    });
  });

  it('does not apply new-password rules to a login', () => {
    expect(issues(ZLogin, { username: 'ada', password: '1234', keepmeloggedin: true })).toEqual([]);
    expect(issues(ZLogin, { username: ' ', password: '' })).toEqual([
      'username: Enter your username or email address.',
      'password: Enter your password.',
    ]);
  });

  it('tells a two-factor answer from a token answer', () => {
    expect(ZLoginResponse.parse({ twoFa: true, detail: 'Check your email.' })).toEqual({
      twoFa: true,
      detail: 'Check your email.',
    });
    expect(ZLoginResponse.safeParse({ twoFa: false, detail: 'x' }).success).toBe(false);
  });
});

describe('profile', () => {
  const user = {
    id: 1,
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    bio: '',
    avatar: null,
    country: null,
    emailVerified: false,
    isTwoFaOn: false,
    notificationsOn: true,
    hasPassword: true,
    isStaff: false,
    role: 'member',
    silence: null,
    dateJoined: '2026-01-01T00:00:00.000Z',
  };

  it('accepts http(s) avatars only', () => {
    expect(issues(ZPrivateUser, { ...user, avatar: 'https://cdn.example/a.webp' })).toEqual([]);
    expect(issues(ZPrivateUser, { ...user, avatar: 'javascript:alert(1)' })).toHaveLength(1);
  });

  it('keeps the email and settings out of the public profile', () => {
    expect(Object.keys(ZPublicProfile.parse(user))).not.toContain('email');
    expect(Object.keys(ZPublicProfile.parse(user))).not.toContain('isTwoFaOn');
  });

  it('limits names to 150 and the bio to 1000 characters', () => {
    const ok = {
      firstName: 'a'.repeat(NAME_MAX_LENGTH),
      lastName: '',
      bio: 'b'.repeat(BIO_MAX_LENGTH),
      country: null,
    };
    expect(issues(ZProfileUpdate, ok)).toEqual([]);
    expect(
      issues(ZProfileUpdate, { ...ok, lastName: 'a'.repeat(151), bio: 'b'.repeat(1001) }),
    ).toEqual([
      'lastName: Keep your last name to 150 characters or fewer.',
      'bio: Keep your bio to 1000 characters or fewer.',
    ]);
  });
});
