import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CloseEnquiryBodySchema,
  ConnectEnquiryBodySchema,
  CreateEnquiriesBodySchema,
  CreateEnquiriesResponseSchema,
  DeclineEnquiryBodySchema,
  EnquiryListQuerySchema,
  EnquiryListSchema,
  EnquiryOfferChoicesSchema,
  EnquiryParamsSchema,
  EnquiryPaymentStartSchema,
  EnquirySchema,
  EnrichEnquiryBodySchema,
  idempotencyKeyHeader,
  idempotencyKeyPattern,
  OfferBatchBodySchema,
  ProposeDemoBodySchema,
  RespondEnquiryBodySchema,
  TeacherMatchesQuerySchema,
  TeacherInboxSchema,
  TeacherMatchesSchema,
} from '@kalike/shared/contracts/enquiries';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { enquiryResponseWindowHours } from '@kalike/shared/domain/enquiry-lifecycle';
import { signedInRoutes, userOf } from '../../plugins/auth';
import type { EnquiriesService } from './enquiries.service';
import { enquiryLearners, enquiryTeachers } from './enquiry-parties';

const security = [{ bearerAuth: [] }];
const tags = ['enquiries'];
const base = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 500: ErrorResponseSchema };
/** Every move on one enquiry can be refused for the role, the owner, or the lifecycle. */
const moveErrors = { ...base, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

const CreateHeadersSchema = Type.Object({
  [idempotencyKeyHeader]: Type.Optional(
    Type.String({
      description: `Required. One new key per submission (${idempotencyKeyPattern}); the same key with the same body replays the first answer.`,
    }),
  ),
});

export interface EnquiriesRoutesOptions {
  /** The same service the background sweep expires enquiries with. */
  service: EnquiriesService;
}

export const enquiriesRoutes: FastifyPluginAsyncTypebox<EnquiriesRoutesOptions> = async (app, { service }) => {
  // Names, phone numbers and messages: never stored by browsers or shared caches.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Public, like the teacher lists it draws from: Request Class is filled in before signing in.
  app.get(
    '/v1/marketplace/enquiries/teacher-matches',
    {
      schema: {
        tags,
        summary: 'Nearby teachers of a subject and whether each fits the mode, days and times asked',
        description:
          'For Request Class. The nearest active listings of the subject, each with `fits` (it teaches where asked and a batch meets ' +
          'on an asked day at an asked time of day; home tuition fits "at home") and a short `reason` ("Sat 10 am batch, 1.2 km"). ' +
          'Fitting listings first, each group nearest first.',
        querystring: TeacherMatchesQuerySchema,
        response: { 200: TeacherMatchesSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request) => service.teacherMatches(request.query),
  );

  const teacherOnly =
    'Teacher only (403 FORBIDDEN for learners); 404 ENQUIRY_NOT_FOUND unless addressed to the caller; ' +
    "409 INVALID_TRANSITION when the enquiry's state does not allow it.";

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, enquiryLearners);

    learnerRoutes.post(
      '/v1/marketplace/enquiries',
      {
        schema: {
          tags,
          summary: 'Send one enquiry to each of up to five teachers (idempotent by key)',
          description:
            'Learners only (403 FORBIDDEN). Needs the `Idempotency-Key` header (400 IDEMPOTENCY_KEY_REQUIRED); the same key and body ' +
            "answer 200 with the first answer's ids, the same key with another body is 422 IDEMPOTENCY_KEY_REUSED. All enquiries are " +
            'written in one transaction. Where an open enquiry to a listing already exists it is returned with `created: false`. ' +
            `Each teacher is texted and has ${enquiryResponseWindowHours} hours to answer before the enquiry expires. ` +
            '400 VALIDATION_ERROR names the field (alternatePhone must be an Indian mobile, no listing twice); ' +
            "404 LISTING_NOT_FOUND, PROGRAM_NOT_FOUND (not that listing's), STUDENT_NOT_FOUND (not the account's); " +
            '409 OWN_LISTING when a teacher learning on the same phone names one of their own listings (nothing is sent).',
          security,
          headers: CreateHeadersSchema,
          body: CreateEnquiriesBodySchema,
          response: {
            200: CreateEnquiriesResponseSchema,
            201: CreateEnquiriesResponseSchema,
            ...base,
            403: ErrorResponseSchema,
            404: ErrorResponseSchema,
            409: ErrorResponseSchema,
            422: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await service.create(userOf(request), request.headers[idempotencyKeyHeader], request.body);
        return reply.status(statusCode).send(body);
      },
    );

    learnerRoutes.patch(
      '/v1/marketplace/enquiries/:id',
      {
        schema: {
          tags,
          summary: 'Add details about the student to an open enquiry',
          description:
            'Learner only. Only the fields sent change (null clears); applied to every open enquiry of the same submission. ' +
            '409 INVALID_TRANSITION once the enquiry has ended; 404 STUDENT_NOT_FOUND for a student not on the account; ' +
            '409 ENQUIRY_ALREADY_OPEN when that student already has an open enquiry with the same teacher.',
          security,
          params: EnquiryParamsSchema,
          body: EnrichEnquiryBodySchema,
          response: { 200: EnquirySchema, ...moveErrors },
        },
      },
      async (request) => service.enrich(userOf(request), request.params.id, request.body),
    );

    learnerRoutes.post(
      '/v1/marketplace/enquiries/:id/connect',
      {
        schema: {
          tags,
          summary: "Accept the teacher's offer: book the demo or enrol in the batch",
          description:
            'Learner only. `offer` must name the current offer, and an offered demo must still be upcoming (409 OFFER_CHANGED). ' +
            'Enrolling takes a seat (409 BATCH_FULL) and ' +
            'creates the batch student the payments flow charges. Repeating a connect that succeeded answers 200 with the same result.',
          security,
          params: EnquiryParamsSchema,
          body: ConnectEnquiryBodySchema,
          response: { 200: EnquirySchema, ...moveErrors },
        },
      },
      async (request) => service.connect(userOf(request), request.params.id, request.body),
    );

    learnerRoutes.post(
      '/v1/marketplace/enquiries/:id/close',
      {
        schema: {
          tags,
          summary: 'Close an open enquiry',
          description: 'Learner only; the teacher is told. Closing a closed enquiry answers 200 unchanged; other ended ones 409 INVALID_TRANSITION.',
          security,
          params: EnquiryParamsSchema,
          body: CloseEnquiryBodySchema,
          response: { 200: EnquirySchema, ...moveErrors },
        },
      },
      async (request) => service.close(userOf(request), request.params.id, request.body),
    );

    learnerRoutes.post(
      '/v1/marketplace/enquiries/:id/payments',
      {
        schema: {
          tags,
          summary: 'Start paying for an enrolment',
          description:
            'Learner only. The batch student, the batch with its class packs, and the payments page to continue on. ' +
            '409 INVALID_TRANSITION until the enquiry is enrolled.',
          security,
          params: EnquiryParamsSchema,
          response: { 200: EnquiryPaymentStartSchema, ...moveErrors },
        },
      },
      async (request) => service.paymentStart(userOf(request), request.params.id),
    );
  });

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, enquiryTeachers);

    teacherRoutes.get(
      '/v1/marketplace/enquiries/teacher/inbox',
      {
        schema: {
          tags,
          summary: "The teacher's enquiries, what needs action first",
          description:
            'Teachers only (403 FORBIDDEN for learners). Enquiries past their deadline are expired first. Each enquiry has its ' +
            '`section` from the lifecycle (needs_reply, waiting_on_learner, closed) and `needsActionBy`, the deadline to answer. ' +
            'Needs reply first, soonest deadline first; then waiting on the family, then closed, each latest change first. ' +
            'Every open enquiry (up to 200) and the latest 50 closed ones, with counts per section and the soonest deadline.',
          security,
          response: { 200: TeacherInboxSchema, ...base, 403: ErrorResponseSchema },
        },
      },
      async (request) => service.inbox(userOf(request)),
    );

    teacherRoutes.get(
      '/v1/marketplace/enquiries/:id/offer-choices',
      {
        schema: {
          tags,
          summary: 'The batches and demo classes the teacher can offer on an enquiry',
          description:
            "Teacher only (403 FORBIDDEN for learners); 404 ENQUIRY_NOT_FOUND unless addressed to the caller. The caller's batches " +
            "with a seat left and not ended (the enquiry's listing first) with their class packs priced in paise, and their " +
            'scheduled classes of the next 14 days, soonest first; at most 30 of each.',
          security,
          params: EnquiryParamsSchema,
          response: { 200: EnquiryOfferChoicesSchema, ...base, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => service.offerChoices(userOf(request), request.params.id),
    );

    teacherRoutes.post(
      '/v1/marketplace/enquiries/:id/seen',
      {
        schema: {
          tags,
          summary: 'Mark a new enquiry as seen',
          description: `${teacherOnly} Idempotent. Seeing is not an answer: the response deadline stays.`,
          security,
          params: EnquiryParamsSchema,
          response: { 200: EnquirySchema, ...moveErrors },
        },
      },
      async (request) => service.markSeen(userOf(request), request.params.id),
    );

    teacherRoutes.post(
      '/v1/marketplace/enquiries/:id/respond',
      {
        schema: {
          tags,
          summary: 'Reply to the learner',
          description: `${teacherOnly} May be repeated while no demo or batch is offered; the learner is texted each time.`,
          security,
          params: EnquiryParamsSchema,
          body: RespondEnquiryBodySchema,
          response: { 200: EnquirySchema, ...moveErrors },
        },
      },
      async (request) => service.respond(userOf(request), request.params.id, request.body),
    );

    teacherRoutes.post(
      '/v1/marketplace/enquiries/:id/propose-demo',
      {
        schema: {
          tags,
          summary: 'Offer a demo class',
          description: `${teacherOnly} The session must be an upcoming scheduled class of one of the caller's batches (404 SESSION_NOT_FOUND); it replaces any earlier demo offer.`,
          security,
          params: EnquiryParamsSchema,
          body: ProposeDemoBodySchema,
          response: { 200: EnquirySchema, ...moveErrors },
        },
      },
      async (request) => service.proposeDemo(userOf(request), request.params.id, request.body),
    );

    teacherRoutes.post(
      '/v1/marketplace/enquiries/:id/offer-batch',
      {
        schema: {
          tags,
          summary: 'Offer a place in a batch',
          description: `${teacherOnly} The batch must be one of the caller's (404 BATCH_NOT_FOUND) with a seat left (409 BATCH_FULL).`,
          security,
          params: EnquiryParamsSchema,
          body: OfferBatchBodySchema,
          response: { 200: EnquirySchema, ...moveErrors },
        },
      },
      async (request) => service.offerBatch(userOf(request), request.params.id, request.body),
    );

    teacherRoutes.post(
      '/v1/marketplace/enquiries/:id/decline',
      {
        schema: {
          tags,
          summary: 'Decline the enquiry with a reason',
          description: `${teacherOnly} The learner is texted the reason. Declining a declined enquiry answers 200 unchanged.`,
          security,
          params: EnquiryParamsSchema,
          body: DeclineEnquiryBodySchema,
          response: { 200: EnquirySchema, ...moveErrors },
        },
      },
      async (request) => service.decline(userOf(request), request.params.id, request.body),
    );
  });

  await app.register(async (scope) => {
    const partyRoutes = signedInRoutes(scope);

    partyRoutes.get(
      '/v1/marketplace/enquiries',
      {
        schema: {
          tags,
          summary: "The caller's enquiries, newest first",
          description:
            "A learner's own enquiries, or a teacher's addressed ones, at most 200. `status=open` or `ended` filters; enquiries " +
            'past their deadline are expired first.',
          security,
          querystring: EnquiryListQuerySchema,
          response: { 200: EnquiryListSchema, ...base },
        },
      },
      async (request) => service.list(userOf(request), request.query),
    );

    partyRoutes.get(
      '/v1/marketplace/enquiries/:id',
      {
        schema: {
          tags,
          summary: 'One enquiry with its offer and history',
          description:
            '`allowedActions` are those the caller may take now. 404 ENQUIRY_NOT_FOUND for anyone but the learner who sent it ' +
            'and the teacher it is addressed to.',
          security,
          params: EnquiryParamsSchema,
          response: { 200: EnquirySchema, ...base, 404: ErrorResponseSchema },
        },
      },
      async (request) => service.get(userOf(request), request.params.id),
    );
  });
};
