import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { DomainError } from '../../shared/domain-error';

const IV_BYTES = 12;
const POSITION_BYTES = 8;
const TAG_BYTES = 16;
/** 36 bytes in base64url; the contract's pattern (shared/src/contracts/page-changes.ts) says the same. */
export const cursorLength = Math.ceil(((IV_BYTES + POSITION_BYTES + TAG_BYTES) * 4) / 3);

const invalidCursor = () => new DomainError('INVALID_CURSOR', 'The cursor must be one this feed gave out, passed back as it came', 400);

/**
 * The feed's cursor as its readers see it: the position (a transaction id, which orders the
 * feed) sealed with AES-256-GCM under a key derived from the feed's secret. A reader learns
 * nothing from it (not how busy the database is, nor how far apart two answers were), and a
 * cursor changed or made up fails its tag and is refused; one sealed under another secret too.
 */
export function createCursorSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'kalike:page-changes-cursor:v1', 32));
  return {
    seal(position: bigint): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const plain = Buffer.alloc(POSITION_BYTES);
      plain.writeBigUInt64BE(position);
      const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return sealed.toString('base64url');
    },

    /** The position in a cursor this feed gave out; 400 INVALID_CURSOR for anything else. */
    open(cursor: string): bigint {
      if (cursor.length !== cursorLength || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
      const bytes = Buffer.from(cursor, 'base64url');
      if (bytes.length !== IV_BYTES + POSITION_BYTES + TAG_BYTES) throw invalidCursor();
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES + POSITION_BYTES));
      try {
        const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, IV_BYTES + POSITION_BYTES)), decipher.final()]);
        return plain.readBigUInt64BE();
      } catch {
        throw invalidCursor();
      }
    },
  };
}

export type CursorSeal = ReturnType<typeof createCursorSeal>;
