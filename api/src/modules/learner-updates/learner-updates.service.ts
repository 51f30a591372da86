import type { LearnerUpdate, LearnerUpdates } from '@kalike/shared/contracts/learner-updates';
import { formatShortDay, formatTime, istDateKey } from '@kalike/shared/format/dates';
import { enquiryEventHeadline, enquiryLifecycle } from '@kalike/shared/domain/enquiry-lifecycle';
import { learnerUpdatesWindowDays } from '@kalike/shared/domain/session-values';
import { learnersOnly, type AuthUser } from '../../plugins/auth';
import { toSessionTeacher } from '../../shared/teacher-page';
import type { LapseWarningsPort, PaymentRequestsPort } from '../payments/payments.port';
import type { PendingSurveysFor } from '../surveys/surveys.port';
import type { CancelledSessionRow, EnquiryMoveRow, LearnerUpdatesRepository } from './learner-updates.repository';

export const updatesLearners = learnersOnly('Only learners have updates');

/** The feed is one screen of news, not an archive. */
export const LEARNER_UPDATES_LIMIT = 50;
/** A family has a handful of students; rows are one per student and cancelled session. */
const CANCELLED_ROWS_LIMIT = LEARNER_UPDATES_LIMIT * 8;
const DAY_MS = 86_400_000;

export interface LearnerUpdatesServiceDeps {
  repository: LearnerUpdatesRepository;
  pendingSurveys: PendingSurveysFor;
  paymentRequests: PaymentRequestsPort;
  lapseWarnings: LapseWarningsPort;
  now: () => Date;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** "Tue, 24 Nov at 5:00 pm", in Bengaluru time. */
function istMoment(value: Date | string): string {
  const at = new Date(value);
  return `${formatShortDay(istDateKey(at))} at ${formatTime(at)}`;
}

/**
 * One sentence about the teacher's (or the system's) latest move, led by the state's label as
 * the enquiry screens show it: "Demo offered: Meera offered a demo class on Tue, 24 Nov at 5:00 pm."
 */
export function enquiryUpdateSummary(row: EnquiryMoveRow): string {
  const { teacher_name: teacher, listing_title: title } = row;
  const what = (() => {
    switch (row.action) {
      case 'mark_seen':
        return `${teacher} read your enquiry for ${title} on ${istMoment(row.moved_at)}`;
      case 'respond':
        return `${teacher} replied to your enquiry for ${title} on ${istMoment(row.moved_at)}`;
      case 'propose_demo':
        return row.offer_starts_at ? `${teacher} offered a demo class on ${istMoment(row.offer_starts_at)}` : `${teacher} offered a demo class for ${title}`;
      case 'offer_batch':
        return row.offer_batch_name
          ? `${teacher} offered a place in the ${row.offer_batch_name} batch${row.offer_program_name ? ` of ${row.offer_program_name}` : ''}`
          : `${teacher} offered a place in a batch for ${title}`;
      case 'decline':
        return `${teacher} cannot take your enquiry for ${title}`;
      case 'expire':
        return `${teacher} did not reply in time to your enquiry for ${title}`;
      default:
        return `${teacher} updated your enquiry for ${title} on ${istMoment(row.moved_at)}`;
    }
  })();
  return `${enquiryLifecycle.labels[row.state]}: ${what}.`;
}

function toCancelledUpdates(rows: readonly CancelledSessionRow[]): LearnerUpdate[] {
  const bySession = new Map<string, { row: CancelledSessionRow; names: string[] }>();
  for (const row of rows) {
    const name = row.student_name ?? row.account_name;
    const entry = bySession.get(row.id);
    if (!entry) bySession.set(row.id, { row, names: [name] });
    else if (!entry.names.includes(name)) entry.names.push(name);
  }
  return [...bySession.values()].map(({ row, names }) => ({
    id: `session-cancelled:${row.id}`,
    kind: 'session_cancelled',
    // Every cancelled session has its time (a table constraint); the start is only a fallback for the type.
    at: iso(row.cancelled_at ?? row.starts_at),
    session: {
      id: row.id,
      startTime: iso(row.starts_at),
      batchName: row.batch_name,
      teacherName: row.teacher_name,
      studentNames: names,
      reason: row.cancel_reason,
    },
  }));
}

export function createLearnerUpdatesService({ repository, pendingSurveys, paymentRequests, lapseWarnings, now }: LearnerUpdatesServiceDeps) {
  async function openPaymentRequests(learnerAccountId: string): Promise<LearnerUpdate[]> {
    // Payments decides which requests are the learner's (those sent to the phone they sign in with):
    // `openForLearner` in payments' requests/family-requests.ts, beside the learner's own list.
    const requests = await paymentRequests.openForLearner(learnerAccountId, LEARNER_UPDATES_LIMIT);
    return requests.map((request) => ({
      id: `payment-request:${request.id}`,
      kind: 'payment_request',
      at: request.createdAt,
      paymentRequest: {
        id: request.id,
        description: request.description,
        amountPaise: request.amountPaise,
        dueOn: request.dueOn,
        teacherName: request.teacher.name,
        studentName: request.studentName,
      },
    }));
  }

  return {
    /** What needs the family's attention, newest first, at most LEARNER_UPDATES_LIMIT items. */
    async list(user: AuthUser): Promise<LearnerUpdates> {
      const learnerAccountId = updatesLearners.idOf(user);
      const at = now();
      const since = new Date(at.getTime() - learnerUpdatesWindowDays * DAY_MS);

      const [pending, requests, enquiries, cancelled, classUpdates, lapsing] = await Promise.all([
        pendingSurveys(learnerAccountId, at),
        openPaymentRequests(learnerAccountId),
        repository.findAnsweredEnquiries(learnerAccountId, since, LEARNER_UPDATES_LIMIT),
        repository.findCancelledSessionsAhead(learnerAccountId, at, CANCELLED_ROWS_LIMIT),
        repository.findBatchClassUpdates(learnerAccountId, since, at, LEARNER_UPDATES_LIMIT),
        lapseWarnings.forLearner(learnerAccountId),
      ]);

      const updates: LearnerUpdate[] = [
        ...pending.map((survey): LearnerUpdate => ({
          id: `survey:${survey.sessionId}:${survey.batchStudentId}`,
          kind: 'survey_pending',
          at: survey.sessionEndTime,
          survey,
        })),
        ...requests,
        ...enquiries.map((row): LearnerUpdate => ({
          id: `enquiry:${row.id}:${row.state}`,
          kind: 'enquiry_response',
          at: iso(row.moved_at),
          enquiry: {
            id: row.id,
            state: row.state,
            teacher: toSessionTeacher(row),
            headline: enquiryEventHeadline(row.action, row.teacher_name),
            summary: enquiryUpdateSummary(row),
            needsAction: enquiryLifecycle.allowed(row.state, 'learner').some((action) => action === 'accept_demo' || action === 'enrol'),
          },
        })),
        ...toCancelledUpdates(cancelled),
        ...lapsing.map((warning): LearnerUpdate => ({
          id: `pack-lapsing:${warning.packId}`,
          kind: 'pack_lapsing',
          at: warning.warnedAt,
          packLapse: {
            batchStudentId: warning.batchStudentId,
            studentName: warning.studentName,
            teacherName: warning.teacherName,
            planName: warning.planName,
            classesLeft: warning.classesLeft,
            validUntil: warning.validUntil,
          },
        })),
        ...classUpdates.map((row): LearnerUpdate => ({
          id: `class-update:${row.id}`,
          kind: 'class_update',
          at: iso(row.published_at),
          classUpdate: { id: row.id, kind: row.kind, title: row.title, body: row.body, teacherName: row.teacher_name, batchName: row.batch_name },
        })),
      ];
      // ISO instants in UTC compare as text; ids break ties so the order never flickers.
      updates.sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at < b.at ? 1 : -1));
      return { updates: updates.slice(0, LEARNER_UPDATES_LIMIT) };
    },
  };
}

export type LearnerUpdatesService = ReturnType<typeof createLearnerUpdatesService>;
