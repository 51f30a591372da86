import { classPackBounds } from '@kalike/shared/domain/listing-authoring-rules';
import { minimumOrderPaise } from '@kalike/shared/domain/payment-values';

/**
 * The prices the take-home calculation (`GET /v1/payments/take-home`) answers for: from the
 * smallest payment the checkout takes to the dearest class pack a listing may have. The API's
 * query schema and the screens that ask both read these.
 */
export const takeHomePriceBounds = { min: minimumOrderPaise, max: classPackBounds.pricePaise.max } as const;
