import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createLocalMediaStorage } from './local-media-storage';
import { createS3MediaStorage, type S3Sender } from './s3-media-storage';

const key = `photos/${'ab'.repeat(32)}.webp`;

describe('local media storage', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kalike-media-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('stores, reads back and removes a file under its key, leaving no partial file', async () => {
    const storage = createLocalMediaStorage(dir, '/media/');
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(await readdir(path.join(dir, 'photos'))).toEqual([`${'ab'.repeat(32)}.webp`]);
    expect((await storage.read(key))?.toString()).toBe('webp bytes');
    expect(storage.urlOf(key)).toBe(`/media/${key}`);
    await storage.remove([key, key]);
    expect(await storage.read(key)).toBeNull();
  });

  test('refuses keys it did not make, so nothing outside its folder is read or written', async () => {
    const storage = createLocalMediaStorage(dir, '/media');
    expect(await storage.read('photos/../../etc/passwd')).toBeNull();
    await expect(storage.put('../outside.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('Not a media key');
  });
});

describe('S3 media storage', () => {
  const config = {
    bucket: 'kalike-photos',
    region: 'ap-south-1',
    endpoint: undefined,
    accessKeyId: undefined,
    secretAccessKey: undefined,
    forcePathStyle: false,
    publicUrl: 'https://media.kalike.example/',
  };

  test('puts each file with its type and the year-long cache header, and deletes in one request', async () => {
    const sent: unknown[] = [];
    const client: S3Sender = { send: (async (command: unknown) => void sent.push(command)) as S3Sender['send'] };
    const storage = createS3MediaStorage(config, client);
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    await storage.remove([]);
    await storage.remove([key]);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toMatchObject({
      Bucket: 'kalike-photos',
      Key: key,
      ContentType: 'image/webp',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(sent[1]).toBeInstanceOf(DeleteObjectsCommand);
    expect((sent[1] as DeleteObjectsCommand).input).toMatchObject({ Bucket: 'kalike-photos', Delete: { Objects: [{ Key: key }] } });
    expect(storage.urlOf(key)).toBe(`https://media.kalike.example/${key}`);
  });
});
