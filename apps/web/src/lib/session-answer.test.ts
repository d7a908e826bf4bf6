import { describe, expect, it } from 'vitest';
import {
  hasTokenPair,
  isTwoFactorPending,
  SessionAnswerError,
  sessionAnswer,
} from './session-answer';

const user = { id: 1, username: 'ada' };

describe('session answers', () => {
  it('takes a token pair only with two non-empty tokens', () => {
    expect(hasTokenPair({ access: 'a', refresh: 'r' })).toBe(true);
    expect(hasTokenPair({ access: 'a' })).toBe(false);
    expect(hasTokenPair({ access: '', refresh: 'r' })).toBe(false);
    expect(hasTokenPair({ access: 'a', refresh: 7 })).toBe(false);
    expect(hasTokenPair(null)).toBe(false);
    expect(hasTokenPair('a.r')).toBe(false);
  });

  it('tells the two-factor answer apart', () => {
    expect(isTwoFactorPending({ twoFa: true, detail: 'Check mail.' })).toBe(true);
    expect(isTwoFactorPending({ twoFa: false })).toBe(false);
    expect(isTwoFactorPending({ access: 'a', refresh: 'r', user })).toBe(false);
  });

  it('passes an answer with tokens and the member, and refuses one without the member', () => {
    const answer = { access: 'a', refresh: 'r', user };
    expect(sessionAnswer(answer)).toBe(answer);
    expect(() => sessionAnswer({ access: 'a', refresh: 'r' })).toThrow(SessionAnswerError);
    expect(() => sessionAnswer({ access: '', refresh: 'r', user })).toThrow(SessionAnswerError);
  });
});
