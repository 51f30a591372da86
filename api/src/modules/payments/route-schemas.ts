import { Type } from 'typebox';
import { idempotencyKeyHeader, idempotencyKeyPattern } from '@kalike/shared/domain/enquiry-lifecycle';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';

export const security = [{ bearerAuth: [] }];
export const tags = ['payments'];

/** Statuses every signed-in learner route can answer besides its own. */
export const learnerErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  500: ErrorResponseSchema,
};

/** …and those of a call that creates an order. */
export const moneyErrors = { ...learnerErrors, 409: ErrorResponseSchema, 422: ErrorResponseSchema, 502: ErrorResponseSchema };

export const IdempotencyHeadersSchema = Type.Object({
  [idempotencyKeyHeader]: Type.Optional(
    Type.String({
      description: `Required. One new key per payment attempt (${idempotencyKeyPattern}); the same key and body answer 200 with the first order, another body 422 IDEMPOTENCY_KEY_REUSED.`,
    }),
  ),
});

export const idempotencyDescription =
  'Needs the `Idempotency-Key` header (400 IDEMPOTENCY_KEY_REQUIRED): the first call answers 201, the same key and body 200 with the same order, ' +
  "the same key with another body 422 IDEMPOTENCY_KEY_REUSED. Learners only (403 FORBIDDEN); anything not the caller's is 404. " +
  '502 GATEWAY_UNAVAILABLE when the gateway cannot create its order (nothing is kept; retry with the same key).';

export { idempotencyKeyHeader };
