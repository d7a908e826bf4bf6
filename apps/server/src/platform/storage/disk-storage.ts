import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';
import { checkKey, mediaLink, type Storage } from './storage';

/** A key's file, never outside the folder. */
function pathOf(root: string, key: string): string {
  const path = resolve(root, checkKey(key));
  if (!path.startsWith(root + sep)) {
    throw new AppError('validation', 'This file name is not allowed.');
  }
  return path;
}

/** Files under `root`, served by the storage plugin at `<publicUrl>/media/<key>`. */
export function createDiskStorage(root: string, publicUrl: string): Storage {
  const folder = resolve(root);
  const url = (key: string, downloadName?: string) => {
    pathOf(folder, key);
    // Valid keys hold only URL-safe characters.
    return mediaLink(publicUrl, key, downloadName);
  };
  return {
    kind: 'disk',
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
    async move(from, to) {
      const target = pathOf(folder, to);
      await mkdir(dirname(target), { recursive: true });
      await rename(pathOf(folder, from), target);
    },
    async list(prefix) {
      const base = join(folder, prefix);
      if (!base.startsWith(folder + sep)) return [];
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        },
      );
      return entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
    },
    url,
    // The folder is served by the app itself, with no expiry to sign.
    presign: async (key) => url(key),
  };
}
