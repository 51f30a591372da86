import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { MediaS3Config } from '../../config';
import { immutableCacheControl, type MediaStorage } from './media-storage';

/** The calls this adapter makes; the S3 client in production, a recorder in tests. */
export type S3Sender = Pick<S3Client, 'send'>;

/**
 * Files in an S3-compatible bucket (AWS, Cloudflare R2, MinIO…), read by browsers from
 * `publicUrl` (the bucket's public address or a CDN in front of it). Each object carries its
 * content type and the year-long cache header, so the bucket serves it as the API would.
 */
export function createS3MediaStorage(config: MediaS3Config, client: S3Sender = s3ClientOf(config)): MediaStorage {
  const base = config.publicUrl.replace(/\/$/, '');
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: immutableCacheControl }));
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await client.send(new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    },
    urlOf: (key) => `${base}/${key}`,
  };
}

function s3ClientOf(config: MediaS3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: config.forcePathStyle } : {}),
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
}
