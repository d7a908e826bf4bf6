import type { Plugin } from 'vite';

/** A `<link rel="stylesheet">` to a built file under `/assets/`, as Vite writes it. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * `html` with each stylesheet link to a file `css` knows replaced by that file's text in a
 * `<style>`; the files inlined, so the caller can drop them. Links to files it does not know
 * stay as they are.
 */
export function inlineStylesheets(
  html: string,
  css: (file: string) => string | undefined,
): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const result = html.replace(STYLESHEET_LINK, (link, file: string) => {
    const text = css(file);
    if (text === undefined) return link;
    inlined.push(file);
    return `<style>${text}</style>`;
  });
  return { html: result, inlined };
}

/**
 * The app's CSS (one file: `cssCodeSplit` is off) goes inside index.html. A linked stylesheet
 * blocks the first paint of the splash until it arrives (one more round trip on a phone), and
 * split per chunk, each page's code waited for its own file as well; the whole of it is a few
 * KB compressed. The server's CSP allows inline styles (emotion writes them too).
 */
export function inlineCssPlugin(): Plugin {
  return {
    name: 'agora-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const result = inlineStylesheets(html, (file) => {
          const output = bundle[file];
          return output?.type === 'asset' ? String(output.source) : undefined;
        });
        // The bundle is keyed by file name; an output removed from it is not written.
        for (const file of result.inlined) Reflect.deleteProperty(bundle, file);
        return result.html;
      },
    },
  };
}
