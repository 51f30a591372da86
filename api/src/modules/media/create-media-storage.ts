import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaConfig } from '../../config';
import { createLocalMediaStorage, type LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage';
import { createS3MediaStorage } from './s3-media-storage';

/** The URL path the API serves local files under; the web origins forward it like /v1. */
export const localMediaPath = '/media';

export interface MediaStorageHandle {
  storage: MediaStorage;
  /** Set when files are on this machine: the API serves them itself. */
  local: LocalMediaStorage | undefined;
  close(): Promise<void>;
}

/** S3 when configured; else the configured folder, or a temporary one that goes when the app closes. */
export async function createMediaStorage(config: MediaConfig): Promise<MediaStorageHandle> {
  if (config.s3) return { storage: createS3MediaStorage(config.s3), local: undefined, close: async () => undefined };
  const temporary = config.dir === undefined ? await mkdtemp(path.join(os.tmpdir(), 'kalike-media-')) : undefined;
  const local = createLocalMediaStorage(config.dir ?? temporary!, localMediaPath);
  return {
    storage: local,
    local,
    close: async () => {
      if (temporary) await rm(temporary, { recursive: true, force: true });
    },
  };
}
