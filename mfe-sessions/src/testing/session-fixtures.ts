import type { Session, SessionPlace, SessionTeacher, UpcomingBatch, UpcomingSessions } from '@kalike/shared/contracts/sessions';
import type { BatchStudentPlan, LearnerBalances, LedgerEntry } from '@kalike/shared/contracts/payments';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { LearnerUpdate, ReferralCard } from '@kalike/shared/contracts/learner-updates';
import type { PendingSurvey, Survey } from '@kalike/shared/contracts/surveys';
import { sampleEnquiryBatch } from '@kalike/shared/testing/enquiry-batch-fixture';

/** A deterministic UUID from a small number, so fixtures read clearly in failures. */
export const uuid = (n: number) => `5e55104e-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Sunday, 22 November 2026, 4:10 pm in Bengaluru: "now" in these tests. */
export const now = new Date('2026-11-22T10:40:00.000Z');

export const teacher = (overrides: Partial<SessionTeacher> = {}): SessionTeacher => ({
  id: uuid(100),
  name: 'Kiran Rao',
  slug: 'kiran-rao',
  pagePath: '/discover/bengaluru/chess/teachers/kiran-rao',
  ...overrides,
});

export const apartment = (): SessionPlace => ({
  kind: 'apartment',
  name: 'Prestige Shantiniketan',
  address: 'Prestige Shantiniketan, Whitefield, Bengaluru 560048',
  lat: 12.99,
  lng: 77.73,
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=12.99,77.73',
});

export const online = (joinUrl: string | null = 'https://meet.example.in/chess-sat'): SessionPlace => ({ kind: 'online', name: 'Online', joinUrl });

export function session(n: number, start: string, end: string, overrides: Partial<Session> = {}): Session {
  return { id: uuid(n), occursOn: start.slice(0, 10), startTime: start, endTime: end, status: 'scheduled', cancelReason: null, ...overrides };
}

export function upcomingBatch(n: number, sessions: Session[], overrides: Partial<UpcomingBatch['batch']> = {}, students = ['Aarav', 'Diya']): UpcomingBatch {
  return {
    batch: {
      id: uuid(700 + n),
      name: 'Weekend beginners',
      programName: 'Chess for beginners',
      teacher: teacher(),
      place: apartment(),
      sessions,
      ...overrides,
    },
    students: students.map((name, index) => ({ batchStudentId: uuid(300 + n * 10 + index), name })),
  };
}

export function upcoming(batches: UpcomingBatch[]): UpcomingSessions {
  return { from: '2026-11-22', until: '2026-12-06', batches };
}

// My Classes

export function classPack(overrides: Partial<BatchStudentPlan> = {}): BatchStudentPlan {
  return {
    id: uuid(900),
    plan: { id: uuid(801), name: '8 classes', classesCount: 8, pricePaise: 320_000, pricePerClassPaise: 40_000, validityDays: 45 },
    status: 'active',
    classesTotal: 8,
    classesUsed: 3,
    classesLeft: 5,
    validFrom: '2026-11-01',
    validUntil: '2027-01-06',
    paidPaise: 320_000,
    ...overrides,
  };
}

export function ledgerEntry(n: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: uuid(1000 + n),
    kind: 'class_consumed',
    amountPaise: 0,
    classesDelta: -1,
    description: 'Class on 21 Nov attended',
    at: '2026-11-21T05:30:00.000Z',
    ...overrides,
  };
}

type Balance = LearnerBalances['balances'][number];

export function balance(n: number, overrides: Partial<Omit<Balance, 'batchStudent'>> = {}, batchStudent: Partial<Balance['batchStudent']> = {}): Balance {
  return {
    batchStudent: {
      id: uuid(n),
      status: 'active',
      studentName: 'Aarav',
      learnerName: 'Asha Rao',
      teacher: { id: uuid(100), name: 'Kiran Rao', slug: 'kiran-rao' },
      batch: sampleEnquiryBatch({
        id: uuid(700 + n),
        name: 'Weekend beginners',
        startsOn: '2026-11-01',
        place: { kind: 'apartment', name: 'Prestige Shantiniketan' },
      }),
      ...batchStudent,
    },
    classPack: classPack(),
    queuedPacks: [],
    balancePaise: 0,
    recentEntries: [
      ledgerEntry(1),
      ledgerEntry(2, { kind: 'class_pack_purchase', amountPaise: 320_000, classesDelta: 8, description: '8 classes bought', at: '2026-11-01T04:00:00.000Z' }),
    ],
    openRequests: [],
    ...overrides,
  };
}

export function paymentRequest(n: number, overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    id: uuid(500 + n),
    status: 'open',
    amountPaise: 306_000,
    description: 'December classes',
    teacher: { name: 'Kiran Rao', slug: 'kiran-rao' },
    batch: { name: 'Weekend beginners', programName: 'Chess for beginners', categoryName: 'Chess' },
    studentName: 'Aarav',
    classPack: { name: '12 classes', classesCount: 12 },
    dueOn: '2026-12-03',
    createdAt: '2026-11-20T06:00:00.000Z',
    completedAt: null,
    cancelReason: null,
    ...overrides,
  };
}

export const balances = (...list: Balance[]): LearnerBalances => ({ balances: list });

// My Updates

export function pendingSurvey(overrides: Partial<PendingSurvey> = {}): PendingSurvey {
  return {
    sessionId: uuid(41),
    batchStudentId: uuid(1),
    studentName: 'Aarav',
    sessionStartTime: '2026-11-21T04:30:00.000Z',
    sessionEndTime: '2026-11-21T05:30:00.000Z',
    batch: { id: uuid(701), name: 'Weekend beginners', programName: 'Chess for beginners' },
    teacher: teacher(),
    answerBy: '2026-12-21',
    ...overrides,
  };
}

export function survey(overrides: Partial<Survey> = {}): Survey {
  return {
    id: uuid(60),
    sessionId: uuid(41),
    batchStudentId: uuid(1),
    rating: 4,
    comment: 'Aarav loves the puzzles',
    reviewId: uuid(61),
    createdAt: '2026-11-22T10:41:00.000Z',
    ...overrides,
  };
}

export const surveyUpdate = (overrides: Partial<PendingSurvey> = {}): LearnerUpdate => ({
  id: `survey-${uuid(41)}`,
  kind: 'survey_pending',
  at: '2026-11-21T05:30:00.000Z',
  survey: pendingSurvey(overrides),
});

export const paymentRequestUpdate = (): LearnerUpdate => ({
  id: `payment-request-${uuid(51)}`,
  kind: 'payment_request',
  at: '2026-11-22T06:00:00.000Z',
  paymentRequest: {
    id: uuid(51),
    description: 'Tournament entry fee',
    amountPaise: 150_050,
    dueOn: '2026-11-30',
    teacherName: 'Kiran Rao',
    studentName: 'Aarav',
  },
});

export const enquiryUpdate = (needsAction: boolean): LearnerUpdate => ({
  id: `enquiry-${uuid(52)}`,
  kind: 'enquiry_response',
  at: '2026-11-22T08:00:00.000Z',
  enquiry: {
    id: uuid(52),
    state: needsAction ? 'demo_offered' : 'seen',
    teacher: teacher({ id: uuid(101), name: 'Meera Iyer', slug: 'meera-iyer', pagePath: '/discover/bengaluru/music/teachers/meera-iyer' }),
    headline: needsAction ? 'Meera Iyer offered a demo class' : 'Meera Iyer read your enquiry',
    summary: needsAction
      ? 'Meera offered a demo class on Tue, 24 Nov at 5:00 pm'
      : 'Seen by teacher: Meera Iyer read your enquiry for Carnatic vocals on Sun, 22 Nov at 1:30 pm.',
    needsAction,
  },
});

export const cancelledUpdate = (): LearnerUpdate => ({
  id: `cancelled-${uuid(53)}`,
  kind: 'session_cancelled',
  at: '2026-11-22T09:00:00.000Z',
  session: {
    id: uuid(53),
    startTime: '2026-11-24T12:00:00.000Z',
    batchName: 'Weekday juniors',
    teacherName: 'Kiran Rao',
    studentNames: ['Aarav', 'Diya'],
    reason: 'Teacher travelling',
  },
});

export const classUpdate = (): LearnerUpdate => ({
  id: `class-update-${uuid(54)}`,
  kind: 'class_update',
  at: '2026-11-20T09:00:00.000Z',
  classUpdate: {
    id: uuid(54),
    kind: 'event',
    title: 'Inter-apartment chess meet',
    body: 'Bring your own board on Saturday.',
    teacherName: 'Kiran Rao',
    batchName: 'Weekend beginners',
  },
});

export function referralCard(overrides: Partial<ReferralCard> = {}): ReferralCard {
  return {
    code: 'ASHA1234',
    offer: '10% off the first class pack, up to ₹500',
    shareText: 'Join Aarav at Kiran Rao’s chess classes on Kalike with my code ASHA1234: https://kalike.in/discover/bengaluru/chess/teachers/kiran-rao',
    shareUrl: 'https://kalike.in/discover/bengaluru/chess/teachers/kiran-rao',
    teacher: teacher(),
    batch: { id: uuid(701), name: 'Weekend beginners' },
    ...overrides,
  };
}

export const packLapsingUpdate = (): LearnerUpdate => ({
  id: `pack-lapsing:${uuid(900)}`,
  kind: 'pack_lapsing',
  at: '2026-11-21T03:30:00.000Z',
  packLapse: {
    batchStudentId: uuid(1),
    studentName: 'Aarav',
    teacherName: 'Kiran Rao',
    planName: '8 classes',
    classesLeft: 3,
    validUntil: '2026-11-28',
  },
});
