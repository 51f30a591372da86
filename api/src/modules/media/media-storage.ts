/**
 * Where uploaded files live: the API's own disk by default, S3-compatible object storage when
 * configured. Keys are content-addressed (`photos/<sha256>.<ext>`), so a stored file never
 * changes and can be cached by browsers and CDNs for a year.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the files; a key that is already gone is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** The public URL a browser loads the file from. */
  urlOf(key: string): string;
}

/** Long-lived caching is safe because a key names its content. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/** The only keys the API writes (and the local route serves): `photos/` and a SHA-256 name. */
export const mediaKeyPattern = /^photos\/[0-9a-f]{64}\.(webp|jpg)$/;

export const contentTypeOfKey = (key: string): string => (key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
