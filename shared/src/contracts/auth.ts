import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';

export const userTypes = ['Learner', 'Teacher'] as const;
export type UserType = (typeof userTypes)[number];

/** What the browser may send as `x-client`: lowercase user type plus surface, or `unknown` on verify. */
export const clientHeaderPattern = '^(?:(?:learner|teacher)-(?:web|mweb|admin)|unknown)$';
export const clientVersionPattern = '^\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}$';
export const clientKeyIdPattern = '^[A-Za-z0-9._-]{1,64}$';

/** Any common way of writing an Indian mobile; the server normalises it to +91XXXXXXXXXX. */
const PhoneInput = Type.String({ minLength: 10, maxLength: 20, pattern: '^[0-9+ ()-]+$' });

export const OtpRequestBodySchema = Type.Object({ phone: PhoneInput }, { additionalProperties: false });
export type OtpRequestBody = Static<typeof OtpRequestBodySchema>;

/** Identical whether or not the number has an account. */
export const OtpRequestResponseSchema = Type.Object({
  requestId: Uuid,
  expiresAt: Type.String({ format: 'date-time' }),
  resendAfterSeconds: Type.Integer({ minimum: 0 }),
});
export type OtpRequestResponse = Static<typeof OtpRequestResponseSchema>;

export const OtpVerifyBodySchema = Type.Object(
  {
    requestId: Uuid,
    phone: PhoneInput,
    code: Type.String({ pattern: '^[0-9]{6}$' }),
    /**
     * The role this sign-in acts in. Without it: Teacher when the phone has a teacher
     * profile, else Learner. Teacher for a phone without one is 403 NOT_A_TEACHER.
     */
    role: Type.Optional(Type.Enum(userTypes)),
  },
  { additionalProperties: false },
);
export type OtpVerifyBody = Static<typeof OtpVerifyBodySchema>;

export const AuthTokensSchema = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  accessTokenExpiresAt: Type.String({ format: 'date-time' }),
});
export type AuthTokens = Static<typeof AuthTokensSchema>;

export const CurrentUserSchema = Type.Object({
  /** The role of this sign-in (not of the phone: one phone may be a learner and a teacher). */
  userType: Type.Enum(userTypes),
  learnerAccount: Type.Union([
    Type.Object({
      id: Uuid,
      name: Type.String(),
      /** Has paid at least once (the account's `isCustomer`): analytics' user_type from sign-in on. */
      isCustomer: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  teacher: Type.Union([Type.Object({ id: Uuid, name: Type.String() }), Type.Null()]),
  isAdmin: Type.Boolean(),
});
export type CurrentUserDto = Static<typeof CurrentUserSchema>;

export const OtpVerifyResponseSchema = Type.Object({
  user: CurrentUserSchema,
  tokens: AuthTokensSchema,
  isNewUser: Type.Boolean(),
});
export type OtpVerifyResponse = Static<typeof OtpVerifyResponseSchema>;

export const RefreshTokenBodySchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type RefreshTokenBody = Static<typeof RefreshTokenBodySchema>;

export const VerifyResponseSchema = Type.Object({ user: CurrentUserSchema });
export type VerifyResponse = Static<typeof VerifyResponseSchema>;

/** 400 from OTP verification: INVALID_CODE carries how many tries the code has left. */
export const OtpErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  attemptsLeft: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type OtpError = Static<typeof OtpErrorSchema>;

/** 429 TOO_MANY_REQUESTS; the same number is also sent as the Retry-After header. */
export const RateLimitedErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  retryAfterSeconds: Type.Integer({ minimum: 1 }),
});
export type RateLimitedError = Static<typeof RateLimitedErrorSchema>;

/** `POST /v1/auth/switch-role`: a second sign-in, in the other role, for the caller's phone. */
export const SwitchRoleBodySchema = Type.Object({ role: Type.Enum(userTypes) }, { additionalProperties: false });
export type SwitchRoleBody = Static<typeof SwitchRoleBodySchema>;

/** The user as the new sign-in sees them, and its own token pair; the caller's sign-in stays valid. */
export const SignedInAsSchema = Type.Object({ user: CurrentUserSchema, tokens: AuthTokensSchema });
export type SignedInAs = Static<typeof SignedInAsSchema>;
