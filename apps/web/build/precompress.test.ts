import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

describe('precompress', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agora-precompress-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes Brotli and gzip copies of large text files that decode to the file', async () => {
    const script = 'export const greeting = "hello";\n'.repeat(200);
    await writeFile(join(dir, 'index-4f2a9c.js'), script);

    const written = await precompress(dir, ['index-4f2a9c.js']);

    expect(written.sort()).toEqual(['index-4f2a9c.js.br', 'index-4f2a9c.js.gz']);
    const br = await readFile(join(dir, 'index-4f2a9c.js.br'));
    const gz = await readFile(join(dir, 'index-4f2a9c.js.gz'));
    expect(br.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
  });

  it('leaves small files, images, the page template and incompressible files as they are', async () => {
    await writeFile(join(dir, 'small-1.css'), 'a{color:red}');
    await writeFile(join(dir, 'index.html'), '<p>page</p>'.repeat(500));
    await writeFile(join(dir, 'logo-2.png'), Buffer.alloc(4096, 7));
    // Random bytes do not compress: a copy would be larger than the file.
    const noise = randomBytes(4096);
    await writeFile(join(dir, 'noise-3.json'), noise);

    const written = await precompress(dir, [
      'small-1.css',
      'index.html',
      'logo-2.png',
      'noise-3.json',
    ]);

    expect(written).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual([
      'index.html',
      'logo-2.png',
      'noise-3.json',
      'small-1.css',
    ]);
  });
});
