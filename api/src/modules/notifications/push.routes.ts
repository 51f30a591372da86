import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { PushPublicKeySchema, PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from '@kalike/shared/contracts/notifications';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { isPublicPushEndpoint } from './push-endpoint';
import type { PushSender } from './push-sender';

export interface PushRoutesOptions {
  push: PushSender;
}

/** The words recorded with a browser's subscription, as the consent log keeps them. */
export const pushConsentText = 'Allow notifications from Kalike on this device.';

/** Web push: the key browsers subscribe with, and each person's subscribed browsers. */
export const pushRoutes: FastifyPluginAsyncTypebox<PushRoutesOptions> = async (app, { push }) => {
  app.get(
    '/v1/push/public-key',
    {
      schema: {
        tags: ['user'],
        summary: 'The VAPID public key browsers subscribe to pushes with',
        response: { 200: PushPublicKeySchema },
      },
    },
    async () => ({ publicKey: await push.publicKey() }),
  );

  await app.register(async (scope) => {
    const routes = signedInRoutes(scope);

    routes.post(
      '/v1/push/subscriptions',
      {
        schema: {
          tags: ['user'],
          summary: "Keeps this browser's push subscription for me",
          description:
            'The body of PushSubscription.toJSON(). The endpoint must be https on a public host (400 INVALID_PUSH_SUBSCRIPTION). ' +
            'A browser subscribed before by someone else is now mine: the last person signed in there gets its pushes.',
          security: [{ bearerAuth: [] }],
          body: PushSubscriptionBodySchema,
          response: { 204: Type.Null(), 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const { endpoint, keys } = request.body;
        if (!isPublicPushEndpoint(endpoint))
          throw new DomainError('INVALID_PUSH_SUBSCRIPTION', 'The push endpoint must be an https address of a push service', 400);
        const userId = userOf(request).userId;
        const at = app.clock();
        await app.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('push_subscriptions')
            .values({ user_id: userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: at })
            .onConflict((conflict) =>
              conflict.column('endpoint').doUpdateSet({ user_id: userId, p256dh: keys.p256dh, auth: keys.auth, created_at: at, gone_at: null }),
            )
            .execute();
          await trx
            .insertInto('notification_consents')
            .values({ user_id: userId, channel: 'push', given: true, how: 'push_prompt', shown_text: pushConsentText, created_at: at })
            .execute();
        });
        return reply.status(204).send(null);
      },
    );

    routes.delete(
      '/v1/push/subscriptions',
      {
        schema: {
          tags: ['user'],
          summary: "Stops pushes to this browser (by its endpoint); someone else's endpoint is left alone",
          security: [{ bearerAuth: [] }],
          body: PushUnsubscribeBodySchema,
          response: { 204: Type.Null(), 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const userId = userOf(request).userId;
        const at = app.clock();
        await app.db.transaction().execute(async (trx) => {
          const removed = await trx
            .deleteFrom('push_subscriptions')
            .where('endpoint', '=', request.body.endpoint)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (removed.numDeletedRows > 0n) {
            await trx
              .insertInto('notification_consents')
              .values({ user_id: userId, channel: 'push', given: false, how: 'settings_page', shown_text: pushConsentText, created_at: at })
              .execute();
          }
        });
        return reply.status(204).send(null);
      },
    );
  });
};
