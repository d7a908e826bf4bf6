import { createElement, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import './preact-client';

describe('the production client (Preact)', () => {
  let host: HTMLElement;

  beforeEach(() => {
    document.title = 'Agora';
    host = document.createElement('div');
    document.body.append(host);
  });

  afterEach(() => {
    render(null, host);
    host.remove();
  });

  it('names the document after the page’s <title> while the page is shown, as React 19 does', () => {
    render(createElement('main', null, createElement('title', null, 'Polls · Agora')), host);
    expect(document.title).toBe('Polls · Agora');

    render(createElement('main', null, createElement('title', null, 'Quizzes', ' · Agora')), host);
    expect(document.title).toBe('Quizzes · Agora');

    render(createElement('main', null), host);
    expect(document.title).toBe('Agora');
  });

  it('leaves the document’s name alone for the title of an SVG picture', () => {
    render(createElement('svg', null, createElement('title', null, 'Seen')), host);
    expect(document.title).toBe('Agora');
    expect(host.querySelector('svg > title')?.textContent).toBe('Seen');
  });
});
