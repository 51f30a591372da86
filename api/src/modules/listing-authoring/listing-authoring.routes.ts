import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  AuthoredListingSchema,
  AuthoringResultSchema,
  BatchBodySchema,
  BatchParamsSchema,
  CreateListingBodySchema,
  ListingIdParamsSchema,
  PlanBodySchema,
  PlanParamsSchema,
  ProgramBodySchema,
  ProgramParamsSchema,
  TeacherListingsSchema,
  UpdateBatchBodySchema,
  UpdateListingBodySchema,
  UpdatePlanBodySchema,
} from '@kalike/shared/contracts/listing-authoring';
import { signedInRoutes, userOf } from '../../plugins/auth';
import type { ListingAuthoringService } from './listing-authoring.service';
import { authoringTeachers } from './listing-edits';

export interface ListingAuthoringRoutesOptions {
  service: ListingAuthoringService;
}

const tags = ['class'];
const security = [{ bearerAuth: [] }];
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 500: ErrorResponseSchema };
const changeErrors = { 400: ErrorResponseSchema, 409: ErrorResponseSchema, ...errors };
const teacherOnly = "Teacher only (403 FORBIDDEN); another teacher's listing, program, batch or plan is 404.";
const readOnly = 'A listing waiting for review is read-only: 409 LISTING_IN_REVIEW.';
const base = '/v1/teachers/me/listings';

export const listingAuthoringRoutes: FastifyPluginAsyncTypebox<ListingAuthoringRoutesOptions> = async (app, { service }) => {
  await app.register(async (scope) => {
    const routes = signedInRoutes(scope, authoringTeachers);
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const result = { 200: AuthoringResultSchema, ...changeErrors };

    routes.get(
      base,
      {
        schema: {
          tags,
          security,
          summary: "The signed-in teacher's listings with where each stands in review",
          description: teacherOnly,
          response: { 200: TeacherListingsSchema, ...errors },
        },
      },
      async (request) => service.list(userOf(request)),
    );

    routes.post(
      base,
      {
        schema: {
          tags,
          security,
          summary: 'Start a draft listing: one subject, a title, about, where you are based',
          description: `${teacherOnly} A second listing in the same subject is 409 LISTING_EXISTS. Learners see nothing until an admin approves it.`,
          body: CreateListingBodySchema,
          response: { 201: AuthoringResultSchema, ...changeErrors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return service.create(userOf(request), request.body);
      },
    );

    routes.get(
      `${base}/:listingId`,
      {
        schema: {
          tags,
          security,
          summary: 'One of your listings with its programs, batches, class packs and held changes',
          description: teacherOnly,
          params: ListingIdParamsSchema,
          response: { 200: AuthoredListingSchema, ...errors },
        },
      },
      async (request) => service.read(userOf(request), request.params.listingId),
    );

    routes.patch(
      `${base}/:listingId`,
      {
        schema: {
          tags,
          security,
          summary: 'Change the title, about, subject (drafts only) or where you are based',
          description: `${teacherOnly} ${readOnly} On a live listing a new base locality waits for review (held: true).`,
          params: ListingIdParamsSchema,
          body: UpdateListingBodySchema,
          response: result,
        },
      },
      async (request) => service.update(userOf(request), request.params.listingId, request.body),
    );

    routes.delete(
      `${base}/:listingId`,
      {
        schema: {
          tags,
          security,
          summary: 'Delete a draft never sent for review',
          description: `${teacherOnly} Anything else is 409 LISTING_NOT_DRAFT.`,
          params: ListingIdParamsSchema,
          response: { 204: Type.Null(), ...changeErrors },
        },
      },
      async (request, reply) => {
        await service.remove(userOf(request), request.params.listingId);
        return reply.code(204).send(null);
      },
    );

    routes.post(
      `${base}/:listingId/submit`,
      {
        schema: {
          tags,
          security,
          summary: 'Send a draft, or a listing sent back, for review',
          description: `${teacherOnly} Needs about, a program, a batch and a class pack (409 LISTING_INCOMPLETE says what is missing); other states 409 INVALID_TRANSITION.`,
          params: ListingIdParamsSchema,
          response: result,
        },
      },
      async (request) => service.submit(userOf(request), request.params.listingId),
    );

    routes.post(
      `${base}/:listingId/withdraw`,
      {
        schema: {
          tags,
          security,
          summary: 'Take a listing back from review to keep editing',
          description: `${teacherOnly} Only from in_review (else 409 INVALID_TRANSITION).`,
          params: ListingIdParamsSchema,
          response: result,
        },
      },
      async (request) => service.withdraw(userOf(request), request.params.listingId),
    );

    routes.post(
      `${base}/:listingId/programs`,
      {
        schema: {
          tags,
          security,
          summary: 'Add a program (level, ages, mode)',
          description: `${teacherOnly} ${readOnly}`,
          params: ListingIdParamsSchema,
          body: ProgramBodySchema,
          response: result,
        },
      },
      async (request) => service.addProgram(userOf(request), request.params.listingId, request.body),
    );

    routes.put(
      `${base}/:listingId/programs/:programId`,
      {
        schema: {
          tags,
          security,
          summary: 'Change a program',
          description: `${teacherOnly} ${readOnly}`,
          params: ProgramParamsSchema,
          body: ProgramBodySchema,
          response: result,
        },
      },
      async (request) => service.updateProgram(userOf(request), request.params.listingId, request.params.programId, request.body),
    );

    routes.delete(
      `${base}/:listingId/programs/:programId`,
      {
        schema: {
          tags,
          security,
          summary: 'Remove a program without batches',
          description: `${teacherOnly} ${readOnly} One with batches is 409 PROGRAM_HAS_BATCHES.`,
          params: ProgramParamsSchema,
          response: result,
        },
      },
      async (request) => service.removeProgram(userOf(request), request.params.listingId, request.params.programId),
    );

    routes.post(
      `${base}/:listingId/batches`,
      {
        schema: {
          tags,
          security,
          summary: 'Add a weekly batch: days, times, first and last day, seats and place',
          description:
            `${teacherOnly} ${readOnly} Not starting in the past (400 BATCH_IN_PAST, IST); ends after it starts; the last day after the first. ` +
            'Meeting at the same time as another of your batches is a warning in `warnings`, not an error. On a live listing a place the listing does not have yet is 409 NEEDS_REVIEW.',
          params: ListingIdParamsSchema,
          body: BatchBodySchema,
          response: result,
        },
      },
      async (request) => service.addBatch(userOf(request), request.params.listingId, request.body),
    );

    routes.patch(
      `${base}/:listingId/batches/:batchId`,
      {
        schema: {
          tags,
          security,
          summary: 'Change a batch',
          description:
            `${teacherOnly} ${readOnly} Seats never below those taken (409 SEATS_BELOW_ENROLLED). With families in it, days and times do not change and the last day ` +
            'is not before a pack in date ends (409 BATCH_HAS_STUDENTS). On a live listing a new place waits for review (held: true).',
          params: BatchParamsSchema,
          body: UpdateBatchBodySchema,
          response: result,
        },
      },
      async (request) => service.updateBatch(userOf(request), request.params.listingId, request.params.batchId, request.body),
    );

    routes.delete(
      `${base}/:listingId/batches/:batchId`,
      {
        schema: {
          tags,
          security,
          summary: 'Remove a batch nobody has joined',
          description: `${teacherOnly} ${readOnly} 409 BATCH_HAS_STUDENTS otherwise.`,
          params: BatchParamsSchema,
          response: result,
        },
      },
      async (request) => service.removeBatch(userOf(request), request.params.listingId, request.params.batchId),
    );

    routes.post(
      `${base}/:listingId/plans`,
      {
        schema: {
          tags,
          security,
          summary: 'Add a class pack to a batch (classes, validity, price in paise)',
          description: `${teacherOnly} ${readOnly} Price and per-class price within bounds (400 PRICE_OUT_OF_BOUNDS). On a live listing, a price a class outside the approved packs' is 409 NEEDS_REVIEW.`,
          params: ListingIdParamsSchema,
          body: PlanBodySchema,
          response: result,
        },
      },
      async (request) => service.addPlan(userOf(request), request.params.listingId, request.body),
    );

    routes.patch(
      `${base}/:listingId/plans/:planId`,
      {
        schema: {
          tags,
          security,
          summary: 'Change a class pack',
          description: `${teacherOnly} ${readOnly} On a live listing a new price waits for review (held: true); learners pay the approved one meanwhile.`,
          params: PlanParamsSchema,
          body: UpdatePlanBodySchema,
          response: result,
        },
      },
      async (request) => service.updatePlan(userOf(request), request.params.listingId, request.params.planId, request.body),
    );

    routes.delete(
      `${base}/:listingId/plans/:planId`,
      {
        schema: {
          tags,
          security,
          summary: 'Remove a class pack nobody has bought',
          description: `${teacherOnly} ${readOnly} 409 PLAN_HAS_PACKS otherwise.`,
          params: PlanParamsSchema,
          response: result,
        },
      },
      async (request) => service.removePlan(userOf(request), request.params.listingId, request.params.planId),
    );
  });
};
