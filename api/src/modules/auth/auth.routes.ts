import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthTokensSchema,
  OtpErrorSchema,
  OtpRequestBodySchema,
  OtpRequestResponseSchema,
  OtpVerifyBodySchema,
  OtpVerifyResponseSchema,
  RateLimitedErrorSchema,
  RefreshTokenBodySchema,
  SignedInAsSchema,
  SwitchRoleBodySchema,
  VerifyResponseSchema,
} from '@kalike/shared/contracts/auth';
import { ActionCodeRequestBodySchema, ActionCodeResponseSchema } from '@kalike/shared/contracts/action-codes';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { Type } from 'typebox';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { clientAddressKey } from '../../shared/client-address';
import type { SmsSender } from '../sms/sms.port';
import { createActionCodeSender } from './action-codes.service';
import { createAuthRepository } from './auth.repository';
import { createAuthService } from './auth.service';

export interface AuthRoutesOptions {
  /** The one sender of texts: sign-in codes go out the way every other text does. */
  sms: SmsSender;
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { sms }) => {
  const deps = { repository: createAuthRepository(app.db), runtime: app.auth, clock: app.clock, sms, log: app.log };
  const service = createAuthService(deps);
  const actionCodes = createActionCodeSender(deps);

  // Nothing about a sign-in may be cached by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/v1/auth/otp/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a six-digit sign-in code by SMS',
        description:
          'Same 202 answer whether or not the number has an account. Indian mobiles only (400 INVALID_PHONE). ' +
          'Limits: 3 codes per number per 15 minutes, 10 per number per client address per day, 20 per client ' +
          'address per hour; an IPv6 client address is its /56 (429 TOO_MANY_REQUESTS ' +
          'with retryAfterSeconds). A new code replaces the previous one.',
        body: OtpRequestBodySchema,
        response: {
          202: OtpRequestResponseSchema,
          400: ErrorResponseSchema,
          429: RateLimitedErrorSchema,
          500: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.requestOtp(request.body.phone, clientAddressKey(request.ip));
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/v1/auth/otp/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the code for tokens; creates a Learner on first sign-in',
        description:
          'Wrong code: 400 INVALID_CODE with attemptsLeft (5 per code). Expired, used, replaced or exhausted: 400 CODE_EXPIRED. ' +
          'The sign-in acts in `role`; without it, as a Teacher when the phone has a teacher profile, else as a Learner. ' +
          'Teacher for a phone without a teacher profile: 403 NOT_A_TEACHER, and the code stays usable.',
        body: OtpVerifyBodySchema,
        response: { 200: OtpVerifyResponseSchema, 400: OtpErrorSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request) => service.verifyOtp(request.body),
  );

  app.post(
    '/v1/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new pair',
        description:
          'The presented token is used up. Presenting a used token again revokes the whole sign-in (401 ' +
          'REFRESH_TOKEN_REUSED), except once within 10 s of its rotation while its successor is unused, which ' +
          'returns the same pair again (concurrent tabs). Unknown, expired or revoked: 401 INVALID_REFRESH_TOKEN.',
        body: RefreshTokenBodySchema,
        response: { 200: AuthTokensSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request) => service.refresh(request.body.token),
  );

  app.post(
    '/v1/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the sign-in that the refresh token belongs to',
        description: 'Always 204, also for an unknown token. Access tokens of the sign-in stop working at once.',
        body: RefreshTokenBodySchema,
        response: { 204: Type.Null(), 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.logout(request.body.token);
      return reply.status(204).send(null);
    },
  );

  await app.register(async (scope) => {
    const signedIn = signedInRoutes(scope);

    signedIn.get(
      '/v1/auth/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user behind the bearer access token',
          security: [{ bearerAuth: [] }],
          response: { 200: VerifyResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 500: ErrorResponseSchema },
        },
      },
      async (request) => ({ user: await service.currentUser(userOf(request)) }),
    );

    signedIn.post(
      '/v1/auth/switch-role',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign the same phone in, in its other role',
          description:
            "Starts a second sign-in acting in `role` and answers its pair; the caller's sign-in stays valid, and each " +
            'logs out alone. A teacher switching to Learner for the first time gets an empty learner account. ' +
            'Teacher without a teacher profile: 403 NOT_A_TEACHER. The role the token already has: 400 SAME_ROLE.',
          security: [{ bearerAuth: [] }],
          body: SwitchRoleBodySchema,
          response: { 200: SignedInAsSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema },
        },
      },
      async (request) => service.switchRole(userOf(request), request.body.role),
    );

    signedIn.post(
      '/v1/auth/action-codes',
      {
        schema: {
          tags: ['auth'],
          summary: 'Text the signed-in person a code that confirms one action',
          description:
            'For changing where payouts go (`payout-account`) and deleting the account (`delete-account`): the action ' +
            'then carries `confirmation: { requestId, code }`. The code goes to the phone of the account, is bound to ' +
            "the person and the purpose, lives as long as a sign-in code, and counts against the number's limit together " +
            'with sign-in codes, 3 per 15 minutes (429 TOO_MANY_REQUESTS with retryAfterSeconds); it does not count against ' +
            'the address limits of sign-in codes. A new code replaces the previous one for the purpose.',
          security: [{ bearerAuth: [] }],
          body: ActionCodeRequestBodySchema,
          response: {
            202: ActionCodeResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            429: RateLimitedErrorSchema,
            500: ErrorResponseSchema,
            503: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const sent = await actionCodes.requestActionCode(userOf(request).userId, request.body.purpose, clientAddressKey(request.ip));
        return reply.status(202).send(sent);
      },
    );
  });
};
