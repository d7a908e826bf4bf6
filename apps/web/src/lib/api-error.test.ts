import { describe, expect, it } from 'vitest';
import {
  errorBody,
  errorMessage,
  firstBodyMessage,
  nonFieldErrorMessage,
  ResponseError,
} from './api-error';
import { TokenRefreshError } from './http-client';

const failed = (status: number, data: unknown) => new ResponseError(status, data);

const canceled = () => new DOMException('The operation was aborted.', 'AbortError');

describe('errorMessage (most calls)', () => {
  it('uses the first message of a field error body', () => {
    const error = failed(400, { username: ['That username is taken.'], email: ['Nope.'] });
    expect(errorMessage(error)).toBe('That username is taken.');
  });

  it('uses the detail of a detail body', () => {
    expect(errorMessage(failed(429, { detail: 'Too many attempts; wait 15 minutes.' }))).toBe(
      'Too many attempts; wait 15 minutes.',
    );
  });

  it('skips empty values to find the first message', () => {
    expect(errorMessage(failed(400, { title: [], body: ['', 'Write something.'] }))).toBe(
      'Write something.',
    );
  });

  it.each([
    ['an empty body', {}],
    ['an HTML error page', '<html>502 Bad Gateway</html>'],
    ['no body', undefined],
  ])('falls back to "Error while processing the request" for %s', (_label, data) => {
    expect(errorMessage(failed(502, data))).toBe('Error while processing the request');
  });

  it('falls back to the default given, for a network error', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Oops! Login Error occurred')).toBe(
      'Oops! Login Error occurred',
    );
  });

  it('says "Operation canceled by the user." for a canceled request', () => {
    expect(errorMessage(canceled())).toBe('Operation canceled by the user.');
  });

  it('says "Token refresh failed" when the session could not be refreshed', () => {
    expect(errorMessage(new TokenRefreshError())).toBe('Token refresh failed');
  });

  it('does not show the text of an unexpected exception', () => {
    expect(errorMessage(new TypeError('x is undefined'))).toBe(
      'Error while processing the request',
    );
  });
});

describe('nonFieldErrorMessage (profile and notification calls)', () => {
  it('prefers the first nonFieldErrors message over earlier fields', () => {
    const error = failed(400, {
      bio: ['Keep your bio short.'],
      nonFieldErrors: ['Verify your email before editing your profile.'],
    });
    expect(nonFieldErrorMessage(error)).toBe('Verify your email before editing your profile.');
  });

  it('falls back to the first message, then to the default', () => {
    expect(nonFieldErrorMessage(failed(404, { detail: 'Not found.' }))).toBe('Not found.');
    expect(nonFieldErrorMessage(failed(500, {}), 'Oops! Get User Info Error occurred')).toBe(
      'Oops! Get User Info Error occurred',
    );
  });

  it('says "Operation canceled by the user." for a canceled request', () => {
    expect(nonFieldErrorMessage(canceled())).toBe('Operation canceled by the user.');
  });
});

describe('error body', () => {
  it('is the raw body of a failed call, or undefined without an answer', () => {
    expect(errorBody(failed(400, { detail: 'x' }))).toEqual({ detail: 'x' });
    expect(errorBody(failed(400, ['y']))).toEqual(['y']);
    expect(errorBody(new Error('offline'))).toBeUndefined();
  });

  it('finds the first message of a nested body', () => {
    expect(firstBodyMessage({ address: { city: ['Name a city.'] } })).toBe('Name a city.');
    expect(firstBodyMessage(null)).toBeUndefined();
  });
});
