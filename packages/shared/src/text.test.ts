import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZAppleLogin,
  ZEmail,
  ZFacebookLogin,
  ZGoogleLogin,
  ZLogin,
  ZLogout,
  ZPasswordChange,
  ZPasswordResetConfirm,
  ZProfileUpdate,
  ZRefreshRequest,
  ZRegistration,
  ZSessionHistoryQuery,
  ZVerifyEmail,
} from './auth';
import { ZChatPageQuery, ZChatSearchQuery, ZSendMessage, ZStartChat } from './chat';
import { ZSearchQuery } from './common';
import {
  ZCreateComment,
  ZCreateContentComment,
  ZCreateDiscussion,
  ZCreateSubComment,
  ZDiscussionListQuery,
  ZUpdateComment,
  ZUpdateDiscussion,
} from './forums';
import { ZUploadName } from './media';
import { ZCreateReport } from './moderation';
import { ZNotificationDetailsQuery } from './notifications';
import { ZPageQuery } from './pagination';
import { ZCreatePoll, ZPollListQuery, ZUpdatePoll } from './polls';
import { ZCreateQuiz, ZQuizListQuery, ZUpdateQuiz, ZUsernameParams } from './quizzes';
import { TEXT_MESSAGES, withoutControlCharacters, zLabel, zSearchWords, zText } from './text';

/** The issues of a failed parse, as `path: message`. */
function issues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** `body` with the string at `path` (dotted) replaced by `value`. */
function withField(body: Record<string, unknown>, path: string, value: string): unknown {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1) as string] = value;
  return copy;
}

describe('zText', () => {
  const text = zText();

  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['vertical tab', 'a\u000bb'],
    ['escape', 'a\u001b[31mred'],
    ['delete', 'a\u007fb'],
    ['C1 control', 'a\u0085b'],
  ])('refuses a %s', (_name, value) => {
    expect(issues(text, value)).toEqual([`: ${TEXT_MESSAGES.control}`]);
  });

  it('keeps tabs, line breaks and any printable character', () => {
    const value = 'Line one\r\nline\ttwo\nemoji 😀, Arabic مرحبا, zero\u200Bwidth';
    expect(text.parse(value)).toBe(value);
  });

  it('refuses half of a surrogate pair, alone or next to a whole emoji', () => {
    expect(issues(text, 'a\uD83D')).toEqual([`: ${TEXT_MESSAGES.loneSurrogate}`]);
    expect(issues(text, '\uDE00😀')).toEqual([`: ${TEXT_MESSAGES.loneSurrogate}`]);
  });

  it('answers a value that is not text with its own message', () => {
    expect(issues(zText('Write the comment.'), 5)).toEqual([': Write the comment.']);
  });

  it('says only what is wrong with the characters when the text also breaks a later rule', () => {
    expect(issues(zText().min(5, 'Too short.'), '\u0000')).toEqual([`: ${TEXT_MESSAGES.control}`]);
  });
});

describe('zLabel', () => {
  const label = zLabel().trim().min(1, 'Write it.');

  it.each([
    ['right-to-left override', 'photo\u202Egpj.exe'],
    ['left-to-right override', 'a\u202Db'],
    ['right-to-left embedding', 'a\u202Bb'],
    ['pop directional formatting', 'a\u202Cb'],
    ['first strong isolate', 'a\u2068b\u2069'],
    ['right-to-left isolate', 'a\u2067b'],
  ])('refuses a %s', (_name, value) => {
    expect(issues(label, value)).toEqual([`: ${TEXT_MESSAGES.bidiOverride}`]);
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['joiners and a word joiner', '\u200C\u200D\u2060'],
    ['a word joiner and byte order marks between spaces', ' \uFEFF\u2060 \uFEFF '],
    ['direction marks', '\u200E\u200F\u061C'],
  ])('refuses a label of nothing but %s', (_name, value) => {
    expect(issues(label, value)).toEqual([`: ${TEXT_MESSAGES.invisible}`]);
  });

  it('lets the length rule answer a label of spaces only', () => {
    expect(issues(label, '   ')).toEqual([': Write it.']);
  });

  it('keeps direction marks and joiners inside visible text (Hebrew, Persian, emoji)', () => {
    for (const value of ['שלום\u200F!', 'می\u200Cخواهم', '👩\u200D💻 coder']) {
      expect(label.parse(value)).toBe(value);
    }
  });

  it('refuses control characters and broken characters like every other text', () => {
    expect(issues(label, 'Title\u0000')).toEqual([`: ${TEXT_MESSAGES.control}`]);
    expect(issues(label, 'Title\uD800')).toEqual([`: ${TEXT_MESSAGES.loneSurrogate}`]);
  });
});

describe('zSearchWords', () => {
  it('drops control characters and broken characters, and keeps tabs and line breaks', () => {
    expect(zSearchWords().parse('hel\u0000lo\u001b \uD800wor\tld\n')).toBe('hello wor\tld\n');
    expect(withoutControlCharacters('\u0000\u0001\u007f\u0085')).toBe('');
  });

  it('drops them before the field’s own rules: a query of NUL alone is empty', () => {
    expect(issues(ZSearchQuery, { q: '\u0000' })).toEqual(['q: Type something to search for.']);
    expect(ZSearchQuery.parse({ q: ' ada\u0000 ' })).toEqual({ q: 'ada' });
    expect(ZChatSearchQuery.parse({ q: 'ad\u0000a' })).toEqual({ q: 'ada' });
  });
});

const discussion = { title: 'A fine title', content: 'Text.', pollChoices: ['Yes', 'No'] };
const poll = { question: 'Which one?', description: 'Pick.', options: ['Tea', 'Coffee'] };
const quiz = {
  question: 'Two plus two?',
  explanation: 'Arithmetic.',
  answers: [
    { text: 'Four', correct: true },
    { text: 'Five', correct: false },
  ],
};
const registration = {
  username: 'ada',
  email: 'ada@example.com',
  password1: 'analytical engine',
  password2: 'analytical engine',
};
const profile = { firstName: 'Ada', lastName: 'Lovelace', bio: 'Poet.', country: 'UK' };

/** Every text field a member sends, in a valid body of its schema. */
const TEXT_FIELDS: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  ['registration', ZRegistration, registration, ['username', 'email', 'password1', 'password2']],
  ['login', ZLogin, { username: 'ada', password: 'analytical engine' }, ['username', 'password']],
  ['verify email', ZVerifyEmail, { key: 'abc' }, ['key']],
  [
    'password change',
    ZPasswordChange,
    { old_password: 'old secret', new_password1: 'new secret', new_password2: 'new secret' },
    ['old_password', 'new_password1', 'new_password2'],
  ],
  [
    'password reset',
    ZPasswordResetConfirm,
    { new_password1: 'new secret', new_password2: 'new secret' },
    ['new_password1', 'new_password2'],
  ],
  ['logout', ZLogout, { refresh_token: 'r' }, ['refresh_token']],
  ['refresh', ZRefreshRequest, { refresh: 'r', access: 'a' }, ['refresh', 'access']],
  ['Google login', ZGoogleLogin, { access_token: 't' }, ['access_token']],
  ['Apple login', ZAppleLogin, { access_token: 't', id_token: 'i' }, ['access_token', 'id_token']],
  ['Facebook login', ZFacebookLogin, { access_token: 't' }, ['access_token']],
  ['profile', ZProfileUpdate, profile, ['firstName', 'lastName', 'bio', 'country']],
  ['session history', ZSessionHistoryQuery, { cursor: 'c' }, ['cursor']],
  ['start chat', ZStartChat, { member: 2, newmessage: 'Hi' }, ['newmessage']],
  ['chat message', ZSendMessage, { newmessage: 'Hi' }, ['newmessage']],
  ['chat page', ZChatPageQuery, { cursor: 'c' }, ['cursor']],
  [
    'discussion',
    ZCreateDiscussion,
    { ...discussion, tags: ['intro'] },
    ['title', 'content', 'tags.0', 'pollChoices.0'],
  ],
  ['discussion edit', ZUpdateDiscussion, { title: 'A title', content: 'T' }, ['title', 'content']],
  [
    'discussion list',
    ZDiscussionListQuery,
    { tag: 'intro', author: 'ada', cursor: 'c' },
    ['tag', 'author', 'cursor'],
  ],
  ['comment', ZCreateComment, { forum: 1, content: 'Hi' }, ['content']],
  ['reply', ZCreateSubComment, { comment: 1, content: 'Hi' }, ['content']],
  ['comment edit', ZUpdateComment, { content: 'Hi' }, ['content']],
  ['kind comment', ZCreateContentComment, { model: 'poll', id: 1, content: 'Hi' }, ['content']],
  ['poll', ZCreatePoll, poll, ['question', 'description', 'options.1']],
  ['poll edit', ZUpdatePoll, poll, ['question', 'description', 'options.0']],
  ['poll list', ZPollListQuery, { author: 'ada' }, ['author']],
  ['quiz', ZCreateQuiz, quiz, ['question', 'explanation', 'answers.1.text']],
  ['quiz edit', ZUpdateQuiz, quiz, ['question', 'explanation', 'answers.0.text']],
  ['quiz list', ZQuizListQuery, { author: 'ada' }, ['author']],
  ['quiz record', ZUsernameParams, { username: 'ada' }, ['username']],
  ['report', ZCreateReport, { model: 'forum', id: 1, reason: 'spam', details: 'x' }, ['details']],
  ['notification list', ZNotificationDetailsQuery, { cursor: 'c' }, ['cursor']],
  ['page', ZPageQuery, { cursor: 'c' }, ['cursor']],
];

describe('the shared request schemas', () => {
  it.each(TEXT_FIELDS)('accept the valid %s body', (_name, schema, body) => {
    expect(issues(schema, body)).toEqual([]);
  });

  it.each(TEXT_FIELDS)('refuse a NUL in every text field of a %s', (_name, schema, body, paths) => {
    for (const path of paths) {
      expect(issues(schema, withField(body, path, 'te\u0000xt'))).toContain(
        `${path}: ${TEXT_MESSAGES.control}`,
      );
    }
  });

  it.each([
    ['discussion title', ZCreateDiscussion, discussion, 'title'],
    ['discussion poll choice', ZCreateDiscussion, discussion, 'pollChoices.0'],
    ['poll question', ZCreatePoll, poll, 'question'],
    ['poll option', ZCreatePoll, poll, 'options.0'],
    ['quiz question', ZCreateQuiz, quiz, 'question'],
    ['quiz answer', ZCreateQuiz, quiz, 'answers.0.text'],
    ['first name', ZProfileUpdate, profile, 'firstName'],
    ['last name', ZProfileUpdate, profile, 'lastName'],
  ])('refuse a %s that reverses or vanishes', (_name, schema, body, path) => {
    expect(issues(schema, withField(body, path, 'my\u202Egpj.exe'))).toEqual([
      `${path}: ${TEXT_MESSAGES.bidiOverride}`,
    ]);
    expect(issues(schema, withField(body, path, '\u200B\u200B\u200B\u200B'))).toEqual([
      `${path}: ${TEXT_MESSAGES.invisible}`,
    ]);
  });

  it('refuse an upload name that hides its real extension, and keep an ordinary one', () => {
    expect(issues(ZUploadName, 'holiday\u202Egpj.exe')).toEqual([
      `: ${TEXT_MESSAGES.bidiOverride}`,
    ]);
    expect(ZUploadName.parse('talk.webm 2026-03-01 10:00:00')).toBe(
      'talk.webm 2026-03-01 10:00:00',
    );
  });

  it('let a member clear a first name: empty is not blank', () => {
    expect(ZProfileUpdate.parse({ ...profile, firstName: '' }).firstName).toBe('');
  });

  it('check an email address for control characters before its format', () => {
    expect(issues(ZEmail, 'ada\u0000@example.com')).toEqual([`: ${TEXT_MESSAGES.control}`]);
  });
});
