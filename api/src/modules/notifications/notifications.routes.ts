import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  NotificationAudienceQuerySchema,
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  notificationPageSize,
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
  UnreadCountSchema,
  WhatsappConsentBodySchema,
} from '@kalike/shared/contracts/notifications';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { checkAudience } from './notification-audience';
import { createNotificationCentre } from './notification-centre';
import { createNotificationCentreRepository } from './notification-centre.repository';
import { createNotificationPreferences } from './notification-preferences';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };

/** The notification centre (list, unread count, read) and each person's channels and consent. */
export const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const centre = createNotificationCentre(createNotificationCentreRepository(app.db), app.clock);
  const preferences = createNotificationPreferences(app.db, app.clock);

  await app.register(async (scope) => {
    const routes = signedInRoutes(scope);
    routes.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    routes.get(
      '/v1/notifications',
      {
        schema: {
          tags: ['user'],
          summary: 'My notifications of one audience, newest first',
          description: `Pages of ${notificationPageSize}; pass \`nextCursor\` back as \`before\`. The audience must be the role signed in as (403 FORBIDDEN).`,
          security: [{ bearerAuth: [] }],
          querystring: NotificationListQuerySchema,
          response: { 200: NotificationPageSchema, ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        checkAudience(user, request.query.audience);
        return centre.page(user.userId, request.query.audience, request.query.before);
      },
    );

    routes.get(
      '/v1/notifications/unread-count',
      {
        schema: {
          tags: ['user'],
          summary: 'How many of my notifications of one audience are unread',
          security: [{ bearerAuth: [] }],
          querystring: NotificationAudienceQuerySchema,
          response: { 200: UnreadCountSchema, ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        checkAudience(user, request.query.audience);
        return { count: await centre.unreadCount(user.userId, request.query.audience) };
      },
    );

    routes.post(
      '/v1/notifications/:id/read',
      {
        schema: {
          tags: ['user'],
          summary: 'Marks one of my notifications read',
          description: "Someone else's notification, or none, is 404 NOT_FOUND. Reading it twice is harmless.",
          security: [{ bearerAuth: [] }],
          params: NotificationIdParamsSchema,
          response: { 204: Type.Null(), 404: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await centre.markRead(userOf(request).userId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    routes.post(
      '/v1/notifications/read-all',
      {
        schema: {
          tags: ['user'],
          summary: 'Marks all my notifications of one audience read',
          security: [{ bearerAuth: [] }],
          querystring: NotificationAudienceQuerySchema,
          response: { 200: Type.Object({ marked: Type.Integer({ minimum: 0 }) }), ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        checkAudience(user, request.query.audience);
        return { marked: await centre.markAllRead(user.userId, request.query.audience) };
      },
    );

    routes.get(
      '/v1/account/notification-preferences',
      {
        schema: {
          tags: ['user'],
          summary: 'My channels for every kind of one audience, with my WhatsApp opt-in and consent log',
          description: 'In-app is always on. WhatsApp is available with the opt-in, push with a subscribed browser.',
          security: [{ bearerAuth: [] }],
          querystring: NotificationAudienceQuerySchema,
          response: { 200: NotificationPreferencesSchema, ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        checkAudience(user, request.query.audience);
        return preferences.read(user.userId, request.query.audience);
      },
    );

    routes.put(
      '/v1/account/notification-preferences',
      {
        schema: {
          tags: ['user'],
          summary: 'Changes my channels per kind',
          description:
            'The shape GET answers (read-only fields are ignored); kinds left out keep their settings. An unknown kind or channel, ' +
            'or in-app turned off, is 400. Turning a channel off cancels what is still waiting to go out on it.',
          security: [{ bearerAuth: [] }],
          querystring: NotificationAudienceQuerySchema,
          body: NotificationPreferencesUpdateSchema,
          response: { 200: NotificationPreferencesSchema, ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        checkAudience(user, request.query.audience);
        return preferences.update(user.userId, request.query.audience, request.body);
      },
    );

    routes.post(
      '/v1/account/whatsapp-consent',
      {
        schema: {
          tags: ['user'],
          summary: 'Gives or withdraws my consent to messages on WhatsApp',
          description: 'Recorded with when, how and the words shown. Withdrawing cancels every WhatsApp message still waiting.',
          security: [{ bearerAuth: [] }],
          body: WhatsappConsentBodySchema,
          response: { 204: Type.Null(), 429: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await preferences.recordWhatsappConsent(userOf(request).userId, request.body.given, request.body.how ?? 'settings_page');
        return reply.status(204).send(null);
      },
    );
  });
};
