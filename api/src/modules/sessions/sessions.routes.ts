import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  AddExtraClassBodySchema,
  AddHolidayBodySchema,
  AttendanceBodySchema,
  AttendanceCorrectionBodySchema,
  AttendanceCorrectionSchema,
  AttendanceMarkParamsSchema,
  AttendanceResultSchema,
  BatchParamsSchema,
  CancelSessionBodySchema,
  HolidaySchema,
  SessionParamsSchema,
  SessionRegisterSchema,
  SessionSchema,
  TeacherWeekQuerySchema,
  TeacherWeekSchema,
  UpcomingSessionsQuerySchema,
  UpcomingSessionsSchema,
} from '@kalike/shared/contracts/sessions';
import { sessionGenerationHorizonDays, sessionLimits, teacherWeeksBack, upcomingDays } from '@kalike/shared/domain/session-values';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { sessionLearners, sessionTeachers } from './session-views';
import type { SessionsService } from './sessions.service';

const security = [{ bearerAuth: [] }];
const tags = ['class'];
const base = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };
const moveErrors = { ...base, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const window =
  `\`days\` IST days from today (${upcomingDays.min}–${upcomingDays.max}, default ${upcomingDays.default}); \`from\` is today, \`until\` exclusive. ` +
  `Sessions exist ${sessionGenerationHorizonDays} days ahead, generated from each batch's weekdays and times less its holidays; ` +
  'cancelled ones are listed with their reason. Batches come soonest next session first, sessions soonest first.';
const teacherOnly = "Teacher only (403 FORBIDDEN for learners); 404 unless the batch is one of the caller's.";

export interface SessionsRoutesOptions {
  service: SessionsService;
}

/** Learner and teacher session lists, and the teacher's moves: cancel, holiday, attendance. */
export const sessionsRoutes: FastifyPluginAsyncTypebox<SessionsRoutesOptions> = async (app, { service }) => {
  // Children's names, addresses and schedules: never stored by browsers or shared caches.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, sessionLearners);

    learnerRoutes.get(
      '/v1/class/sessions/learner/upcoming',
      {
        schema: {
          tags,
          summary: "The family's upcoming sessions, by batch",
          description:
            "Learner only (403 FORBIDDEN for teachers). Every batch the account's students are enrolled or active in, each once, with " +
            "`students` the family's own students in it (a learner attending themself is named by the account). `place` is the " +
            "apartment or locality with a one-line address and a map link, or the online room. The room's `joinUrl` is given only when one of " +
            "the family's students in the batch has a class pack in use or was admitted by the teacher; otherwise it is null and `withheld` says why " +
            '(a seat held unpaid is listed too, without the room). ' +
            window,
          security,
          querystring: UpcomingSessionsQuerySchema,
          response: { 200: UpcomingSessionsSchema, ...base },
        },
      },
      async (request) => service.learnerUpcoming(userOf(request), request.query),
    );
  });

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, sessionTeachers);

    teacherRoutes.get(
      '/v1/class/sessions/teacher/upcoming',
      {
        schema: {
          tags,
          summary: "The teacher's upcoming sessions, by batch",
          description: `Teacher only (403 FORBIDDEN for learners). The caller's batches that meet in the window, with everyone enrolled in each. ${window}`,
          security,
          querystring: UpcomingSessionsQuerySchema,
          response: { 200: UpcomingSessionsSchema, ...base },
        },
      },
      async (request) => service.teacherUpcoming(userOf(request), request.query),
    );

    teacherRoutes.get(
      '/v1/class/sessions/teacher/week',
      {
        schema: {
          tags,
          summary: "The teacher's classes of one week, Monday to Sunday (IST)",
          description:
            'Teacher only (403 FORBIDDEN for learners). `week` is the Monday the week starts on (this week when left out); ' +
            `from ${teacherWeeksBack} weeks back to the week in which the ${sessionGenerationHorizonDays}-day generation horizon ends, else ` +
            "400 VALIDATION_ERROR (also for a day that is not a Monday). Every session of the caller's batches in the week, soonest first, " +
            'cancelled ones with their reason, each with its batch, place and the number of students in the batch now; and the holidays ' +
            'touching the week. `previousWeek`/`nextWeek` are null at the ends of the window.',
          security,
          querystring: TeacherWeekQuerySchema,
          response: { 200: TeacherWeekSchema, ...base },
        },
      },
      async (request) => service.teacherWeek(userOf(request), request.query),
    );

    teacherRoutes.get(
      '/v1/class/sessions/:id/register',
      {
        schema: {
          tags,
          summary: 'One class with its register',
          description:
            `${teacherOnly} (SESSION_NOT_FOUND). The class, its batch, and its students (everyone enrolled or active now, and ` +
            'anyone already marked), each with their mark (null until marked) and where they stand before marking: classes left in ' +
            'paid packs still in date, what is owed on the ledger, the current pack, and a `flag` to raise with the family (owes, ' +
            'expired, used_up, no_pack, last_class). `marking.open` is false before the class starts and for a cancelled class.',
          security,
          params: SessionParamsSchema,
          response: { 200: SessionRegisterSchema, ...base, 404: ErrorResponseSchema },
        },
      },
      async (request) => service.register(userOf(request), request.params.id),
    );

    teacherRoutes.post(
      '/v1/class/sessions/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel one upcoming class',
          description:
            `${teacherOnly} (SESSION_NOT_FOUND). Only a scheduled class that has not started: 409 SESSION_ALREADY_STARTED or ` +
            'SESSION_COMPLETED otherwise. Every family in the batch is texted the IST day, time and reason. Cancelling a cancelled ' +
            `class answers 200 unchanged and texts nobody. \`reason\` at most ${sessionLimits.cancelReasonMax} characters, not blank.`,
          security,
          params: SessionParamsSchema,
          body: CancelSessionBodySchema,
          response: { 200: SessionSchema, ...moveErrors },
        },
      },
      async (request) => service.cancel(userOf(request), request.params.id, request.body),
    );

    teacherRoutes.post(
      '/v1/class/batches/:id/holidays',
      {
        schema: {
          tags,
          summary: "Add a holiday to one of the teacher's batches",
          description:
            `${teacherOnly} (BATCH_NOT_FOUND). Whole IST days \`startsOn\`–\`endsOn\` inclusive, starting today or later, at most ` +
            `${sessionLimits.holidayMaxDays} days (400 VALIDATION_ERROR naming the field). The scheduled classes on those days that ` +
            'have not started are cancelled with the reason (`cancelledSessionIds`), completed ones never; sessions generated later ' +
            'on those days are cancelled from the start. Each family in the batch gets one text.',
          security,
          params: BatchParamsSchema,
          body: AddHolidayBodySchema,
          response: { 201: HolidaySchema, ...moveErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.addHoliday(userOf(request), request.params.id, request.body)),
    );

    teacherRoutes.post(
      '/v1/class/batches/:id/sessions',
      {
        schema: {
          tags,
          summary: "Add an extra class to one of the teacher's batches",
          description:
            `${teacherOnly} (BATCH_NOT_FOUND). One IST day \`occursOn\`, from today to the end of the generated schedule, with ` +
            `\`startTime\`–\`endTime\` (HH:MM, IST) at most ${sessionLimits.extraClassMaxMinutes} minutes long and ending after now ` +
            '(400 VALIDATION_ERROR naming the field); it may have started already, so its register can be taken at once. A batch ' +
            'meets at most once a day: a day with a class of the batch, held, scheduled or cancelled, is 409 SESSION_DAY_TAKEN. ' +
            'Each family in the batch gets one text.',
          security,
          params: BatchParamsSchema,
          body: AddExtraClassBodySchema,
          response: { 201: SessionSchema, ...moveErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.addExtraClass(userOf(request), request.params.id, request.body)),
    );

    teacherRoutes.post(
      '/v1/class/sessions/:id/attendance',
      {
        schema: {
          tags,
          summary: 'Mark who came to a class',
          description:
            `${teacherOnly} (SESSION_NOT_FOUND). The class must have started (409 SESSION_NOT_STARTED) and not be cancelled ` +
            '(409 SESSION_CANCELLED). Each `batchStudentId` must be enrolled or active in the batch (422 BATCH_STUDENT_NOT_IN_BATCH ' +
            'naming `body.records/N/batchStudentId`), at most once per request (400). The same status again is ' +
            'answered unchanged, a different one is 409 ATTENDANCE_ALREADY_MARKED (change a mark with PUT …/attendance/{batchStudentId}). `attended` consumes one class through the ' +
            'ledger (from the oldest usable pack, or owed at the per-class price when none is left) in the same transaction; ' +
            '`missed` consumes nothing. The session is then completed.',
          security,
          params: SessionParamsSchema,
          body: AttendanceBodySchema,
          response: { 200: AttendanceResultSchema, ...moveErrors, 422: ErrorResponseSchema },
        },
      },
      async (request) => service.markAttendance(userOf(request), request.params.id, request.body),
    );

    teacherRoutes.put(
      '/v1/class/sessions/:id/attendance/:batchStudentId',
      {
        schema: {
          tags,
          summary: "Change one student's mark for a class",
          description:
            `${teacherOnly} (SESSION_NOT_FOUND). The student must already be marked for the class (409 ATTENDANCE_NOT_MARKED). ` +
            'The same status again is answered with `changed: false` and writes nothing, at any time. A different one is taken ' +
            'until the end of the day after the class (IST), else 409 ATTENDANCE_CORRECTION_CLOSED (the family can ask Kalike for ' +
            'a refund instead). Present → absent gives back through the ledger exactly the class the mark consumed (to its pack, ' +
            'or off what is owed); absent → present consumes one as marking does. Who changed the mark and when is kept.',
          security,
          params: AttendanceMarkParamsSchema,
          body: AttendanceCorrectionBodySchema,
          response: { 200: AttendanceCorrectionSchema, ...moveErrors },
        },
      },
      async (request) => service.correctAttendance(userOf(request), request.params.id, request.params.batchStudentId, request.body),
    );
  });
};
