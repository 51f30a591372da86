import { errorCodes, type ApiErrorCode, type ErrorCode } from '@kalike/shared/api/error-codes';
import { isOnline } from '@kalike/shared/query/online-status';

/** The API's error body: every non-2xx answer from our API has this shape. */
export interface ApiErrorBody {
  statusCode: number;
  code: ApiErrorCode;
  message: string;
  [extra: string]: unknown;
}

/**
 * A failed call. `statusCode` is 0 when no HTTP answer arrived (offline, time-out), so
 * callers can tell "the server said no" from "we never reached it".
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly body: ApiErrorBody;

  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.body = body;
  }

  get isClientError(): boolean {
    return this.statusCode >= 400 && this.statusCode < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const fallbackErrorMessage = 'Something went wrong. Please try again!! wpw';

/** What an offline person reads instead of any failure that is only the missing connection. */
export const offlineMessage = 'You are offline. Kalike will try again as soon as your connection is back.';

/** True for a failure that carries an answer from our server, which stays true whatever the connection. */
const isServerAnswer = (error: unknown): boolean => isApiError(error) && error.statusCode > 0;

/** A failure that says nothing the missing connection does not explain, seen while offline. */
export function isOfflineFailure(error: unknown): boolean {
  return !isOnline() && !isServerAnswer(error);
}

/**
 * What a person should read for a failed call: the server's message when it gave one;
 * while offline, that they are offline (never the generic fallback).
 */
export function readableErrorMessage(error: unknown): string {
  if (isOfflineFailure(error)) return offlineMessage;
  if (isApiError(error) && error.message) return error.message;
  return fallbackErrorMessage;
}

function isErrorBody(value: unknown): value is Partial<ApiErrorBody> {
  return typeof value === 'object' && value !== null;
}

function isKnownErrorCode(code: unknown): code is ErrorCode {
  return (errorCodes as ReadonlyArray<unknown>).includes(code);
}

/** Builds an ApiError from whatever a non-2xx response carried (JSON, text or nothing). */
export function apiErrorFromResponse(statusCode: number, data: unknown): ApiError {
  const body = isErrorBody(data) ? data : {};
  return new ApiError({
    ...body,
    statusCode,
    // Callers switch on the code, so only the API's own `errorCodes` pass; an answer without one
    // (a proxy's page, a code this build does not know) is named by its status.
    code: isKnownErrorCode(body.code) ? body.code : `HTTP_${statusCode}`,
    message: typeof body.message === 'string' && body.message ? body.message : fallbackErrorMessage,
  });
}
