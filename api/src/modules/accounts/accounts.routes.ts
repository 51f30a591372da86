import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountParamsSchema,
  AddStudentBodySchema,
  LearnerAccountSchema,
  LearnerParamsSchema,
  NewLearnerBodySchema,
  StudentParamsSchema,
  StudentSchema,
  UpdateAccountBodySchema,
  UpdateStudentBodySchema,
} from '@kalike/shared/contracts/accounts';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { createAccountsRepository } from './accounts.repository';
import { createAccountsService } from './accounts.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  500: ErrorResponseSchema,
};
const security = [{ bearerAuth: [] }];

export const accountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createAccountsService({ repository: createAccountsRepository(app.db), now: app.clock });

  // Personal data: never stored by browsers or shared caches.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(async (scope) => {
    const signedIn = signedInRoutes(scope);

    signedIn.get(
      '/v1/user/accounts/:id',
      {
        schema: {
          tags: ['user'],
          summary: "The caller's learner account",
          description: "404 USER_ERROR_NOT_FOUND for another learner's account and for one that does not exist, alike.",
          security,
          params: AccountParamsSchema,
          response: { 200: LearnerAccountSchema, ...errors },
        },
      },
      async (request) => service.get(userOf(request), request.params.id),
    );

    signedIn.put(
      '/v1/user/accounts/:id',
      {
        schema: {
          tags: ['user'],
          summary: 'Update name, email and saved locations (the list is replaced)',
          security,
          params: AccountParamsSchema,
          body: UpdateAccountBodySchema,
          response: { 200: LearnerAccountSchema, ...errors },
        },
      },
      async (request) => service.update(userOf(request), request.params.id, request.body),
    );

    signedIn.post(
      '/v1/user/accounts/learner/new',
      {
        schema: {
          tags: ['user'],
          summary: "Complete the caller's learner account after the first sign-in",
          description: 'Idempotent. The location is added only while the account has none.',
          security,
          body: NewLearnerBodySchema,
          response: { 200: LearnerAccountSchema, ...errors },
        },
      },
      async (request) => service.completeNewLearner(userOf(request), request.body),
    );

    signedIn.post(
      '/v1/user/accounts/:learnerID/addStudent',
      {
        schema: {
          tags: ['user'],
          summary: 'Add a student (child or the adult learner) to the account',
          description: 'At most 6 students per account: 409 TOO_MANY_STUDENTS.',
          security,
          params: LearnerParamsSchema,
          body: AddStudentBodySchema,
          response: { 201: StudentSchema, ...errors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const student = await service.addStudent(userOf(request), request.params.learnerID, request.body);
        return reply.status(201).send(student);
      },
    );

    signedIn.put(
      '/v1/user/accounts/:id/students/:studentId',
      {
        schema: {
          tags: ['user'],
          summary: "Change a student's details",
          description:
            'Only the fields sent change; null clears grade, school or date of birth. 404 STUDENT_NOT_FOUND when the student is not on this account.',
          security,
          params: StudentParamsSchema,
          body: UpdateStudentBodySchema,
          response: { 200: StudentSchema, ...errors },
        },
      },
      async (request) => service.updateStudent(userOf(request), request.params.id, request.params.studentId, request.body),
    );
  });
};
