import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { classLinkWithheldReasons } from '@kalike/shared/domain/batch-student-lifecycle';
import { classPackStatuses } from '@kalike/shared/domain/class-pack-lifecycle';
import { attendanceStatuses, sessionLimits, sessionStatuses, studentStandingFlags, upcomingDays } from '@kalike/shared/domain/session-values';

export type { AttendanceStatus, SessionStatus } from '@kalike/shared/domain/session-values';

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
    kind: Type.Enum(['apartment', 'locality', 'learner_home'] as const),
    /** Apartment or locality name (for a class at the learner's home, the locality the teacher travels from). */
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
  /**
   * Students booked on this class as a demo (not in the batch, nothing to mark or pay): the
   * family's own on their list, everyone's on the teacher's. Absent when there are none.
   */
  demoStudents: Type.Optional(Type.Array(Type.Object({ name: Type.String() }))),
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

// The teacher's moves

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

/** An extra class the teacher adds to a batch on one IST day (a make-up class, say), times as HH:MM in IST. */
export const AddExtraClassBodySchema = Type.Object(
  {
    occursOn: IsoDate,
    startTime: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, IST' }),
    endTime: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, IST, after startTime' }),
  },
  { additionalProperties: false },
);
export type AddExtraClassBody = Static<typeof AddExtraClassBodySchema>;

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

export const AttendanceMarkParamsSchema = Type.Object({ id: Uuid, batchStudentId: Uuid }, { additionalProperties: false });
export type AttendanceMarkParams = Static<typeof AttendanceMarkParamsSchema>;

/** PUT /v1/class/sessions/{id}/attendance/{batchStudentId}: a mark corrected while its window is open. */
export const AttendanceCorrectionBodySchema = Type.Object({ status: Type.Enum(attendanceStatuses) }, { additionalProperties: false });
export type AttendanceCorrectionBody = Static<typeof AttendanceCorrectionBodySchema>;

export const AttendanceCorrectionSchema = Type.Object({
  sessionId: Uuid,
  batchStudentId: Uuid,
  status: Type.Enum(attendanceStatuses),
  /** False when the mark already was `status`: nothing was written. */
  changed: Type.Boolean(),
  /** The ledger entry the change wrote: the class consumed again, or the class given back. */
  ledgerEntryId: Nullable(Uuid),
  /** What the family holds afterwards, as the register shows it. */
  standing: Type.Object({ classesLeft: Type.Integer({ minimum: 0 }), owedPaise: Type.Integer({ minimum: 0 }) }),
});
export type AttendanceCorrection = Static<typeof AttendanceCorrectionSchema>;

// The teacher's week and register

export const TeacherWeekQuerySchema = Type.Object(
  {
    /** The Monday (IST) the week starts on; this week when left out. */
    week: Type.Optional(IsoDate),
  },
  { additionalProperties: false },
);
export type TeacherWeekQuery = Static<typeof TeacherWeekQuerySchema>;

/** The batch a class belongs to, as the teacher's screens name it. */
export const TeacherBatchSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  programName: Type.String(),
  place: SessionPlaceSchema,
});
export type TeacherBatch = Static<typeof TeacherBatchSchema>;

export const TeacherClassSchema = Type.Object({
  session: SessionSchema,
  batch: TeacherBatchSchema,
  /** Students enrolled or active in the batch now. */
  studentsCount: Type.Integer({ minimum: 0 }),
});
export type TeacherClass = Static<typeof TeacherClassSchema>;

export const TeacherHolidaySchema = Type.Object({
  id: Uuid,
  batchId: Uuid,
  batchName: Type.String(),
  startsOn: IsoDate,
  /** Inclusive. */
  endsOn: IsoDate,
  reason: Type.String(),
});
export type TeacherHoliday = Static<typeof TeacherHolidaySchema>;

/** GET /v1/class/sessions/teacher/week: the teacher's classes Monday to Sunday (IST). */
export const TeacherWeekSchema = Type.Object({
  /** The Monday; `until` is the next Monday (exclusive). */
  weekOf: IsoDate,
  until: IsoDate,
  /** Today in IST, so the page marks it without trusting the device's clock. */
  today: IsoDate,
  /** Null where the window ends (52 weeks back, the generation horizon ahead). */
  previousWeek: Nullable(IsoDate),
  nextWeek: Nullable(IsoDate),
  /** Soonest first; cancelled ones included with their reason. */
  classes: Type.Array(TeacherClassSchema),
  /** Holidays of the teacher's batches touching the week. */
  holidays: Type.Array(TeacherHolidaySchema),
});
export type TeacherWeek = Static<typeof TeacherWeekSchema>;

/** Where a student stands with their class packs, from the ledger, before the register is marked. */
export const StudentStandingSchema = Type.Object({
  /** Classes left across the student's paid packs still in date. */
  classesLeft: Type.Integer({ minimum: 0 }),
  /** What the family owes on the ledger (classes attended beyond a pack); 0 when nothing. */
  owedPaise: Type.Integer({ minimum: 0 }),
  /** The pack the student is on, if any. */
  packStatus: Nullable(Type.Enum(classPackStatuses)),
  packValidUntil: Nullable(IsoDate),
  /** Paid packs waiting to start after the one in use (their classes are in classesLeft). */
  queuedPacks: Type.Array(Type.Object({ classesTotal: Type.Integer({ minimum: 1 }), validFrom: IsoDate })),
  /** What to raise with the family before marking; null when all is well. */
  flag: Nullable(Type.Object({ kind: Type.Enum(studentStandingFlags), message: Type.String() })),
  /** What a Present mark uses, said before saving: "Present uses one of Aarav's classes: 3 of 8 left → 2". */
  ifPresent: Type.String(),
});
export type StudentStanding = Static<typeof StudentStandingSchema>;

export const RegisterStudentSchema = Type.Object({
  batchStudentId: Uuid,
  name: Type.String(),
  /** Null until marked for this class. */
  attendance: Nullable(Type.Enum(attendanceStatuses)),
  standing: StudentStandingSchema,
});
export type RegisterStudent = Static<typeof RegisterStudentSchema>;

/** GET /v1/class/sessions/{id}/register: one of the teacher's classes with its students. */
export const SessionRegisterSchema = Type.Object({
  session: SessionSchema,
  batch: TeacherBatchSchema,
  students: Type.Array(RegisterStudentSchema),
  /**
   * Whether attendance can be marked now, and why not (not started yet, cancelled); until when a
   * mark already made can be changed (null when the class has not started or was cancelled).
   */
  marking: Type.Object({ open: Type.Boolean(), message: Nullable(Type.String()), correctableUntil: Nullable(IsoDateTime) }),
  /** Whether the class can still be cancelled (scheduled and not started). */
  cancellable: Type.Boolean(),
});
export type SessionRegister = Static<typeof SessionRegisterSchema>;
