import type { ErrorCode } from '@kalike/shared/api/error-codes';

/**
 * Thrown by services for expected failures. Services choose the code; the status is a hint
 * the HTTP layer uses so routes stay free of per-code mapping tables.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: number = 400,
    /** Extra machine-readable fields sent beside code and message, e.g. retryAfterSeconds. */
    readonly details?: Readonly<Record<string, string | number | boolean>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
