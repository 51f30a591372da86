import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { classLinkWithheldReasons } from '@kalike/shared/format/batch-student-lifecycle';
import { attendanceStatuses, sessionLimits, sessionStatuses, upcomingDays } from '@kalike/shared/format/session-values';

export type { AttendanceStatus, SessionStatus } from '@kalike/shared/format/session-values';

// Sessions are generated from each batch's schedule (weekdays, IST start and end times, start
// date), less its holidays; a teacher may cancel one. Instants are ISO strings the client turns
// into dates; calendar days are IST `YYYY-MM-DD`.

const IsoDateTime = Type.String({ format: 'date-time' });
const IsoDate = Type.String({ format: 'date' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const SessionParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type SessionParams = Static<typeof SessionParamsSchema>;

export const BatchParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type BatchParams = Static<typeof BatchParamsSchema>;

export const UpcomingSessionsQuerySchema = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: upcomingDays.min, maximum: upcomingDays.max, default: upcomingDays.default })) },
  { additionalProperties: false },
);
export type UpcomingSessionsQuery = Static<typeof UpcomingSessionsQuerySchema>;

/** Where the class meets: a place with an address and a map link, or an online room. */
export const SessionPlaceSchema = Type.Union([
  Type.Object({
    kind: Type.Enum(['apartment', 'locality'] as const),
    /** Apartment or locality name. */
    name: Type.String(),
    /** One line: apartment, locality, Bengaluru, pincode. */
    address: Type.String(),
    lat: Type.Number(),
    lng: Type.Number(),
    /** Opens the place in the device's maps. */
    mapUrl: Type.String(),
  }),
  Type.Object({
    kind: Type.Literal('online'),
    name: Type.Literal('Online'),
    /** Null until the teacher shares the room, and for a learner whose students may not attend yet (see `withheld`). */
    joinUrl: Nullable(Type.String()),
    /** Learner only: why the room is not shown (a seat held unpaid, no class pack in use); null otherwise. */
    withheld: Type.Optional(Nullable(Type.Object({ reason: Type.Enum(classLinkWithheldReasons), message: Type.String() }))),
  }),
]);
export type SessionPlace = Static<typeof SessionPlaceSchema>;

export const SessionSchema = Type.Object({
  id: Uuid,
  /** The IST calendar day of the schedule this session comes from. */
  occursOn: IsoDate,
  startTime: IsoDateTime,
  endTime: IsoDateTime,
  status: Type.Enum(sessionStatuses),
  /** Why it was cancelled ("Diwali holiday", "Teacher unwell"); null otherwise. */
  cancelReason: Nullable(Type.String()),
});
export type Session = Static<typeof SessionSchema>;

export const SessionTeacherSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  slug: Type.String(),
  /** The teacher's page in the app (shared `paths.teacher`). */
  pagePath: Type.String(),
});
export type SessionTeacher = Static<typeof SessionTeacherSchema>;

export const SessionStudentSchema = Type.Object({
  batchStudentId: Uuid,
  /** The student's name; the learner's own name when they attend themself. */
  name: Type.String(),
});
export type SessionStudent = Static<typeof SessionStudentSchema>;

/** A batch with its sessions in the window, soonest first (spec §3: learner sessions hold batch.sessions). */
export const UpcomingBatchSchema = Type.Object({
  batch: Type.Object({
    id: Uuid,
    name: Type.String(),
    programName: Type.String(),
    teacher: SessionTeacherSchema,
    place: SessionPlaceSchema,
    sessions: Type.Array(SessionSchema),
  }),
  /** The learner's: this family's students in the batch. The teacher's: everyone enrolled. */
  students: Type.Array(SessionStudentSchema),
});
export type UpcomingBatch = Static<typeof UpcomingBatchSchema>;

export const UpcomingSessionsSchema = Type.Object({
  /** IST days, `from` today inclusive, `until` exclusive. */
  from: IsoDate,
  until: IsoDate,
  batches: Type.Array(UpcomingBatchSchema),
});
export type UpcomingSessions = Static<typeof UpcomingSessionsSchema>;

// The teacher's moves (no teacher screens yet; the API and its tests drive them)

export const CancelSessionBodySchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: sessionLimits.cancelReasonMax }) },
  { additionalProperties: false },
);
export type CancelSessionBody = Static<typeof CancelSessionBodySchema>;

export const AddHolidayBodySchema = Type.Object(
  {
    startsOn: IsoDate,
    /** Inclusive; at most `sessionLimits.holidayMaxDays` days after startsOn. */
    endsOn: IsoDate,
    reason: Type.String({ minLength: 1, maxLength: sessionLimits.holidayReasonMax }),
  },
  { additionalProperties: false },
);
export type AddHolidayBody = Static<typeof AddHolidayBodySchema>;

export const HolidaySchema = Type.Object({
  id: Uuid,
  batchId: Uuid,
  startsOn: IsoDate,
  endsOn: IsoDate,
  reason: Type.String(),
  /** Sessions this holiday cancelled (already generated ones; later ones are never scheduled). */
  cancelledSessionIds: Type.Array(Uuid),
});
export type Holiday = Static<typeof HolidaySchema>;

export const AttendanceBodySchema = Type.Object(
  {
    records: Type.Array(Type.Object({ batchStudentId: Uuid, status: Type.Enum(attendanceStatuses) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: sessionLimits.attendanceRecordsMax,
    }),
  },
  { additionalProperties: false },
);
export type AttendanceBody = Static<typeof AttendanceBodySchema>;

export const AttendanceResultSchema = Type.Object({
  sessionId: Uuid,
  status: Type.Enum(sessionStatuses),
  records: Type.Array(
    Type.Object({
      batchStudentId: Uuid,
      status: Type.Enum(attendanceStatuses),
      /** For attended: the ledger entry that consumed the class. Null for missed. */
      consumed: Nullable(
        Type.Object({
          ledgerEntryId: Uuid,
          /** False when no class pack had a class left: the class is then owed. */
          fromPack: Type.Boolean(),
          /** 0 from a pack; minus the per-class price when owed. */
          amountPaise: Type.Integer(),
        }),
      ),
    }),
  ),
});
export type AttendanceResult = Static<typeof AttendanceResultSchema>;
