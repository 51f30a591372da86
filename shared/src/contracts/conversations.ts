import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { conversationLimits, conversationParties, conversationSubjects } from '@kalike/shared/domain/conversation-rules';

// A conversation on an enquiry or an enrolment (docs/product-decisions.md, "Conversations"):
// its messages as a participant reads them, what the composer sends, and the admins' view of
// reported threads.

const DateTime = Type.String({ format: 'date-time' });

export const ConversationPartySchema = Type.Enum(conversationParties);
export const ConversationSubjectSchema = Type.Enum(conversationSubjects);

export const ThreadParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type ThreadParams = Static<typeof ThreadParamsSchema>;

export const ThreadMessageSchema = Type.Object({
  /** A message's id; the enquiry's own opening messages are `enquiry:<event>` ids. */
  id: Type.String(),
  by: ConversationPartySchema,
  /** The caller wrote it. */
  own: Type.Boolean(),
  body: Type.String(),
  /** Part of the text was hidden from the reader (a phone number or an email before enrolment). */
  masked: Type.Boolean(),
  createdAt: DateTime,
});
export type ThreadMessage = Static<typeof ThreadMessageSchema>;

export const ThreadSchema = Type.Object({
  subject: ConversationSubjectSchema,
  /** The enquiry's or the enrolment's (batch student's) id. */
  subjectId: Uuid,
  /** The caller's side. */
  party: ConversationPartySchema,
  /** The other side's name, as the caller knows them. */
  otherName: Type.String(),
  /** What the thread is about, e.g. "Carnatic vocals with Meera Iyer". */
  title: Type.String(),
  /** Oldest first, at most the newest `conversationLimits.threadMessages`. */
  messages: Type.Array(ThreadMessageSchema),
  /** Until when the other side has read; "Seen" goes on the caller's last message at or before it. */
  otherReadUpTo: Type.Union([DateTime, Type.Null()]),
  /** Until when the caller has read. */
  readUpTo: Type.Union([DateTime, Type.Null()]),
  /** Messages from the other side after `readUpTo`. */
  unread: Type.Integer({ minimum: 0 }),
  /** False once the enquiry was declined, closed or expired, or the student left: the thread is read-only. */
  canWrite: Type.Boolean(),
  /** Why it is read-only, for the composer's place. */
  closedReason: Type.Union([Type.String(), Type.Null()]),
  /** Contacts in the other side's messages are hidden until enrolment. */
  contactsHidden: Type.Boolean(),
  /** The caller has an open report on this thread. */
  reported: Type.Boolean(),
});
export type Thread = Static<typeof ThreadSchema>;

export const SendMessageBodySchema = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: conversationLimits.messageMaxLength }) },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBodySchema>;

export const MarkReadBodySchema = Type.Object(
  {
    /** The `createdAt` of the newest message the reader has seen. */
    upTo: DateTime,
  },
  { additionalProperties: false },
);
export type MarkReadBody = Static<typeof MarkReadBodySchema>;

export const ReportThreadBodySchema = Type.Object(
  { reason: Type.String({ minLength: conversationLimits.reportReasonMin, maxLength: conversationLimits.reportReasonMax }) },
  { additionalProperties: false },
);
export type ReportThreadBody = Static<typeof ReportThreadBodySchema>;

export const ReadMarkSchema = Type.Object({ readUpTo: Type.Union([DateTime, Type.Null()]), unread: Type.Integer({ minimum: 0 }) });
export type ReadMark = Static<typeof ReadMarkSchema>;

export const ThreadReportedSchema = Type.Object({ reported: Type.Literal(true), at: DateTime });
export type ThreadReported = Static<typeof ThreadReportedSchema>;

/** One report on a thread, as the admins read it. */
export const ThreadReportSchema = Type.Object({
  id: Uuid,
  by: ConversationPartySchema,
  reporterName: Type.String(),
  reason: Type.String(),
  at: DateTime,
});

/** A message as the admins read it: as written, never masked. */
export const AdminThreadMessageSchema = Type.Object({ id: Uuid, by: ConversationPartySchema, body: Type.String(), createdAt: DateTime });

export const ReportedThreadSchema = Type.Object({
  id: Uuid,
  subject: ConversationSubjectSchema,
  subjectId: Uuid,
  title: Type.String(),
  learnerName: Type.String(),
  teacherName: Type.String(),
  reports: Type.Array(ThreadReportSchema),
  /** The newest messages, oldest first. */
  messages: Type.Array(AdminThreadMessageSchema),
});
export type ReportedThread = Static<typeof ReportedThreadSchema>;

export const ReportedThreadsSchema = Type.Object({ threads: Type.Array(ReportedThreadSchema) });
export type ReportedThreads = Static<typeof ReportedThreadsSchema>;

export const ResolveThreadReportsSchema = Type.Object({ id: Uuid, resolved: Type.Integer({ minimum: 0 }) });
export type ResolveThreadReports = Static<typeof ResolveThreadReportsSchema>;

/** 429 MESSAGE_LIMIT_REACHED, with when a message may be sent again. */
export const MessageLimitErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  retryAfterSeconds: Type.Optional(Type.Integer({ minimum: 1 })),
});
