import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';

/**
 * What a signed-in person confirms with a code texted to their phone, on top of being signed
 * in: a stolen sign-in alone must not be enough to move money's destination or erase an account.
 * A code is bound to the person and to one purpose.
 */
export const actionCodePurposes = ['payout-account', 'delete-account'] as const;
export type ActionCodePurpose = (typeof actionCodePurposes)[number];

export const ActionCodeRequestBodySchema = Type.Object({ purpose: Type.Enum(actionCodePurposes) }, { additionalProperties: false });
export type ActionCodeRequestBody = Static<typeof ActionCodeRequestBodySchema>;

export const ActionCodeResponseSchema = Type.Object({
  requestId: Uuid,
  expiresAt: Type.String({ format: 'date-time' }),
  resendAfterSeconds: Type.Integer({ minimum: 0 }),
  /** The phone the code went to, as people write it with most digits hidden: "+91 ••••• •2345". */
  sentTo: Type.String(),
});
export type ActionCodeResponse = Static<typeof ActionCodeResponseSchema>;

/** Carried in the body of the action it confirms. */
export const ActionConfirmationSchema = Type.Object({ requestId: Uuid, code: Type.String({ pattern: '^[0-9]{6}$' }) }, { additionalProperties: false });
export type ActionConfirmation = Static<typeof ActionConfirmationSchema>;
