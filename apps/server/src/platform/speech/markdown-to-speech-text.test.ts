import { describe, expect, it } from 'vitest';
import { markdownToSpeechText } from './markdown-to-speech-text';

const speak = (content: string, title = 'Title') => markdownToSpeechText({ title, content });

describe('markdownToSpeechText', () => {
  it('reads the title as a sentence before the content', () => {
    expect(speak('Hello there.', 'Welcome to Agora')).toBe('Welcome to Agora. Hello there.');
    expect(speak('Yes.', 'Is this on?')).toBe('Is this on? Yes.');
  });

  it('reads links as their text and images as their alt text', () => {
    expect(
      speak('See [the FAQ](https://agora.example.org/faq "FAQ") and ![a red bicycle](bike.png).'),
    ).toBe('Title. See the FAQ and a red bicycle.');
    expect(speak('Read [the guide][guide].\n\n[guide]: https://example.org/guide')).toBe(
      'Title. Read the guide.',
    );
    expect(speak('Mail <mailto:hi@example.org> or visit <https://example.org>.')).toBe(
      'Title. Mail mailto:hi@example.org or visit https://example.org.',
    );
  });

  it('drops code fences and backticks but keeps the code', () => {
    const content = 'Run `npm start` first.\n\n```bash\nnpm install\nnpm start\n```\n\nDone';
    expect(speak(content)).toBe('Title. Run npm start first. npm install. npm start. Done.');
    expect(speak('~~~\nunclosed fence')).toBe('Title. unclosed fence.');
  });

  it('turns headings, list items and paragraphs into sentences', () => {
    const content = [
      '# Getting started',
      '',
      'Three steps:',
      '',
      '- Sign up',
      '* Confirm your e-mail',
      '1. Say hello!',
      '- [x] done task',
      '',
      'Setext heading',
      '==============',
      'A paragraph',
      'wrapped over two lines',
    ].join('\n');
    expect(speak(content)).toBe(
      'Title. Getting started. Three steps: Sign up. Confirm your e-mail. Say hello! done task. ' +
        'Setext heading. A paragraph wrapped over two lines.',
    );
  });

  it('removes emphasis, strike-through, quotes, rules and HTML tags', () => {
    const content = [
      '> **Bold** and *italic* and __strong__ and _em_ and ~~gone~~ words.',
      '',
      '---',
      '',
      'Keep snake_case_names and 2 * 3 * 4 as written.',
      '',
      '<div class="note">Inside <b>HTML</b><br/>tags</div> <!-- a comment -->',
      '<img src="x.png" alt="A diagram">',
    ].join('\n');
    expect(speak(content)).toBe(
      'Title. Bold and italic and strong and em and gone words. ' +
        'Keep snake_case_names and 2 * 3 * 4 as written. Inside HTML tags A diagram.',
    );
  });

  it('reads table rows as sentences without the pipes', () => {
    const content = '| Day | Talk |\n| --- | :--: |\n| Monday | Opening |';
    expect(speak(content)).toBe('Title. Day Talk. Monday Opening.');
  });

  it('decodes entities, unescapes characters and collapses whitespace', () => {
    expect(speak('Tom &amp; Jerry&#33;   \\*not emphasis\\*\t\n\n\n  &lt;3 &nbsp;')).toBe(
      'Title. Tom & Jerry! *not emphasis*. <3.',
    );
  });

  it('gives only the title when the content has no words', () => {
    expect(speak('```\n```\n\n---\n\n<br>', '**Bold** title')).toBe('Bold title.');
  });
});
