import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClassReportSchema, NewClassReportBodySchema, ReportableClassesSchema } from '@kalike/shared/contracts/class-not-held';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { classNotHeldNoteMaxLength, classNotHeldReportDays } from '@kalike/shared/domain/refund-policy';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { learnerErrors, security, tags } from '../route-schemas';
import type { createClassNotHeld } from './class-not-held';

/** A family's reports that a class did not happen. */
export const classNotHeldRoutes: FastifyPluginAsyncTypebox<{ classNotHeld: ReturnType<typeof createClassNotHeld> }> = async (app, { classNotHeld }) => {
  const learnerRoutes = signedInRoutes(app, payingLearners);

  learnerRoutes.get(
    '/v1/class-reports',
    {
      schema: {
        tags,
        summary: "The family's past classes that can be reported as not held, and every class they reported with its status",
        description: `Classes of the caller's places that started in the last ${classNotHeldReportDays} days (IST) and were not called off, and every class reported, newest first, at most 100.`,
        security,
        response: { 200: ReportableClassesSchema, ...learnerErrors },
      },
    },
    async (request) => ({ classes: await classNotHeld.classesOf(userOf(request)) }),
  );

  learnerRoutes.post(
    '/v1/class-reports',
    {
      schema: {
        tags,
        summary: 'Report that a class did not happen',
        description:
          `Learners only (403), for a class of their own place (404 SESSION_NOT_FOUND otherwise), with an optional note of at most ${classNotHeldNoteMaxLength} characters. ` +
          'A class not started yet or called off is 409 CLASS_NOT_REPORTABLE; after the end of the ' +
          `${classNotHeldReportDays}rd day after the class (IST) 409 CLASS_REPORT_WINDOW_CLOSED; a second report of the same class 409 CLASS_ALREADY_REPORTED. ` +
          "Kalike's admins refund the class or dismiss the report with a reason.",
        security,
        body: NewClassReportBodySchema,
        response: { 201: ClassReportSchema, ...learnerErrors, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await classNotHeld.report(userOf(request), request.body)),
  );
};
