import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaKeyPattern, type MediaStorage } from './media-storage';

export interface LocalMediaStorage extends MediaStorage {
  readonly kind: 'local';
  readonly dir: string;
  /** The file's bytes, or null when there is none (or the key is not one the API writes). */
  read(key: string): Promise<Buffer | null>;
}

/**
 * Files on the API's disk under `dir`, served by the API at `publicBaseUrl` (`/media`, which the
 * web origins forward to the API like `/v1`).
 */
export function createLocalMediaStorage(dir: string, publicBaseUrl: string): LocalMediaStorage {
  const fileOf = (key: string) => {
    if (!mediaKeyPattern.test(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(dir, ...key.split('/'));
  };
  const base = publicBaseUrl.replace(/\/$/, '');
  return {
    kind: 'local',
    dir,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    urlOf: (key) => `${base}/${key}`,
    async read(key) {
      if (!mediaKeyPattern.test(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
