import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-css';

const HTML =
  '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"><link rel="icon" href="/favicon.svg" /></head>';

describe('inlineStylesheets', () => {
  it('puts a built stylesheet inside the page and names the file it took', () => {
    const result = inlineStylesheets(HTML, (file) =>
      file === 'assets/index-abc.css' ? '._card_1{color:red}' : undefined,
    );
    expect(result.html).toBe(
      '<head><style>._card_1{color:red}</style><link rel="icon" href="/favicon.svg" /></head>',
    );
    expect(result.inlined).toEqual(['assets/index-abc.css']);
  });

  it('leaves a link to a file it does not have', () => {
    const result = inlineStylesheets(HTML, () => undefined);
    expect(result.html).toBe(HTML);
    expect(result.inlined).toEqual([]);
  });
});
