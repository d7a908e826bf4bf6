import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';

/** Where uploaded files live; only the local-disk flavour exists so far. */
export interface Storage {
  /** Replaces any file under that key. `contentType` is for object stores; disk goes by extension. */
  put(key: string, data: Buffer | Readable, contentType?: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Absolute URL the file is served at. */
  url(key: string): string;
}

export const MEDIA_URL_PREFIX = '/media/';

/** Slash-separated segments of letters, digits, `.`, `_` and `-`, none starting with a dot. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const KEY_MAX_LENGTH = 512;

/** Keys come from code, but may embed member input: anything leaving the folder is refused. */
function pathOf(root: string, key: string): string {
  const path = resolve(root, key);
  if (key.length > KEY_MAX_LENGTH || !KEY.test(key) || !path.startsWith(root + sep)) {
    throw new AppError('validation', 'This file name is not allowed.');
  }
  return path;
}

export function createDiskStorage(root: string, publicUrl: string): Storage {
  const folder = resolve(root);
  return {
    async put(key, data) {
      const path = pathOf(folder, key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file. Dot files are not served.
      const partial = join(dirname(path), `.${randomBytes(8).toString('hex')}.partial`);
      try {
        await pipeline(Buffer.isBuffer(data) ? [data] : data, createWriteStream(partial));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(folder, key);
      let handle;
      try {
        handle = await open(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
      return handle.createReadStream();
    },
    async delete(key) {
      await rm(pathOf(folder, key), { force: true });
    },
    url(key) {
      pathOf(folder, key);
      // Valid keys hold only URL-safe characters.
      return publicUrl + MEDIA_URL_PREFIX + key;
    },
  };
}
