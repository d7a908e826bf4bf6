import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCE = readFileSync(join(import.meta.dirname, '../../web/index.html'), 'utf8');

/** The web app's index.html as the build writes it: its entry script swapped for the bundle. */
export const INDEX_HTML = SOURCE.replace(
  /<script type="module" src="\/src\/main.tsx"><\/script>/,
  '<script type="module" crossorigin src="/assets/index-4f2a9c.js"></script>',
);

/** The site's own description, from index.html. */
export const SITE_DESCRIPTION = /name="description"\s+content="([^"]*)"/.exec(SOURCE)?.[1] ?? '';

export interface WebDist {
  dir: string;
  remove(): Promise<void>;
}

/** A temporary web build: index.html and `files` (paths relative to it). */
export async function makeWebDist(files: Record<string, string | Buffer> = {}): Promise<WebDist> {
  const dir = await mkdtemp(join(tmpdir(), 'agora-web-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
