import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MarkReadBodySchema,
  MessageLimitErrorSchema,
  ReadMarkSchema,
  ReportedThreadsSchema,
  ReportThreadBodySchema,
  ResolveThreadReportsSchema,
  SendMessageBodySchema,
  ThreadParamsSchema,
  ThreadReportedSchema,
  ThreadSchema,
} from '@kalike/shared/contracts/conversations';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { conversationLimits, type ConversationSubject } from '@kalike/shared/domain/conversation-rules';
import { signedInRoutes, userOf } from '../../plugins/auth';
import type { ConversationsService } from './conversations.service';
import { threadAdmins, type ReportedThreadsService } from './reported-threads.service';

export interface ConversationsRoutesOptions {
  service: ConversationsService;
  reportedThreads: ReportedThreadsService;
}

const security = [{ bearerAuth: [] }];
const base = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 500: ErrorResponseSchema };

const subjects: readonly { subject: ConversationSubject; prefix: string; what: string; parties: string }[] = [
  {
    subject: 'enquiry',
    prefix: '/v1/enquiries/:id',
    what: 'an enquiry',
    parties: 'the learner who sent the enquiry and the teacher it is addressed to',
  },
  {
    subject: 'enrolment',
    prefix: '/v1/enrolments/:id',
    what: 'an enrolment (the batch student id)',
    parties: 'the learner whose place it is and the teacher of the batch',
  },
];

export const conversationsRoutes: FastifyPluginAsyncTypebox<ConversationsRoutesOptions> = async (app, { service, reportedThreads }) => {
  // Private words between two people: never stored by browsers or shared caches.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(async (scope) => {
    const partyRoutes = signedInRoutes(scope);

    for (const { subject, prefix, what, parties } of subjects) {
      const tags = ['conversations'];
      const only = `Only ${parties} (404 THREAD_NOT_FOUND for anyone else).`;

      partyRoutes.get(
        `${prefix}/messages`,
        {
          schema: {
            tags,
            summary: `The conversation on ${what}`,
            description:
              `${only} Oldest first, at most the newest ${conversationLimits.threadMessages}` +
              (subject === 'enquiry' ? ", opened by the enquiry's own message and the teacher's replies. " : '. ') +
              "Before enrolment, phone numbers and emails in the other side's messages are hidden (`masked`).",
            security,
            params: ThreadParamsSchema,
            response: { 200: ThreadSchema, ...base },
          },
        },
        async (request) => service.thread(userOf(request), subject, request.params.id),
      );

      partyRoutes.post(
        `${prefix}/messages`,
        {
          schema: {
            tags,
            summary: `Write a message on ${what}`,
            description:
              `${only} 409 THREAD_CLOSED once the enquiry was declined, closed or expired, or the place is over; ` +
              `429 MESSAGE_LIMIT_REACHED past ${conversationLimits.messagesPerHour} messages an hour from one person across threads. ` +
              'The other side is notified that there is a new message, never of its words. Answers the thread.',
            security,
            params: ThreadParamsSchema,
            body: SendMessageBodySchema,
            response: { 200: ThreadSchema, ...base, 409: ErrorResponseSchema, 429: MessageLimitErrorSchema },
          },
        },
        async (request) => service.send(userOf(request), subject, request.params.id, request.body),
      );

      partyRoutes.post(
        `${prefix}/messages/read`,
        {
          schema: {
            tags,
            summary: `Mark the conversation on ${what} read up to a message`,
            description: `${only} \`upTo\` is the time of the newest message read; a mark never moves back and never past now.`,
            security,
            params: ThreadParamsSchema,
            body: MarkReadBodySchema,
            response: { 200: ReadMarkSchema, ...base },
          },
        },
        async (request) => service.markRead(userOf(request), subject, request.params.id, request.body),
      );

      partyRoutes.post(
        `${prefix}/report`,
        {
          schema: {
            tags,
            summary: `Report the conversation on ${what} to Kalike`,
            description: `${only} One open report per side; reporting again while it is open answers the first report's time.`,
            security,
            params: ThreadParamsSchema,
            body: ReportThreadBodySchema,
            response: { 200: ThreadReportedSchema, ...base },
          },
        },
        async (request) => service.report(userOf(request), subject, request.params.id, request.body),
      );
    }
  });

  await app.register(async (scope) => {
    // Authorised by `users.is_admin`, read from the database on each request (never the token's claim).
    const adminRoutes = signedInRoutes(scope, threadAdmins);
    const tags = ['admin'];
    const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };

    adminRoutes.get(
      '/v1/admin/reported-threads',
      {
        schema: {
          tags,
          summary: 'Conversations with open reports, the longest waiting first',
          description: `Admins only (403 FORBIDDEN). At most ${conversationLimits.reportedThreads}, each with its open reports and newest messages as written.`,
          security,
          response: { 200: ReportedThreadsSchema, ...errors },
        },
      },
      async (request) => reportedThreads.list(userOf(request)),
    );

    adminRoutes.post(
      '/v1/admin/reported-threads/:id/resolve',
      {
        schema: {
          tags,
          summary: "Mark a conversation's open reports handled",
          description: 'Admins only. 404 THREAD_NOT_FOUND for an unknown thread; a thread with none open answers `resolved: 0`.',
          security,
          params: ThreadParamsSchema,
          response: { 200: ResolveThreadReportsSchema, ...errors, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => reportedThreads.resolve(userOf(request), request.params.id),
    );
  });
};
