import { defineLifecycle, type Transition } from '@kalike/shared/domain/lifecycle';

/**
 * The enquiry's lifecycle: one table of states, actions and who may take each, read by the
 * API (to allow or refuse a transition) and by the enquiry screens (to offer only the actions
 * that will succeed and to say what happens next). Schema-free, so the browser can load it.
 * docs/enquiry-lifecycle.md draws it.
 */
export const enquiryStates = [
  'sent',
  'seen',
  'responded',
  'demo_offered',
  'demo_booked',
  'batch_offered',
  'enrolled',
  'declined',
  'closed',
  'expired',
] as const;
export type EnquiryState = (typeof enquiryStates)[number];

export const enquiryActors = ['learner', 'teacher', 'system'] as const;
export type EnquiryActor = (typeof enquiryActors)[number];

export const enquiryActions = ['mark_seen', 'respond', 'propose_demo', 'offer_batch', 'decline', 'accept_demo', 'enrol', 'close', 'expire'] as const;
export type EnquiryAction = (typeof enquiryActions)[number];

export const enquiryLifecycle = defineLifecycle({
  statuses: enquiryStates,
  /** `allowed` offers actions in the order the API's schema lists them. */
  actionOrder: enquiryActions,
  /**
   * Every allowed move. An action taken again in the state it leads to is answered as already
   * done (idempotent) by the API rather than refused, except `respond`, which may add messages.
   */
  transitions: {
    mark_seen: { from: ['sent'], to: 'seen', by: 'teacher' },
    respond: { from: ['sent', 'seen', 'responded'], to: 'responded', by: 'teacher' },
    propose_demo: { from: ['sent', 'seen', 'responded', 'demo_offered'], to: 'demo_offered', by: 'teacher' },
    offer_batch: { from: ['sent', 'seen', 'responded', 'demo_offered', 'demo_booked', 'batch_offered'], to: 'batch_offered', by: 'teacher' },
    decline: { from: ['sent', 'seen', 'responded', 'demo_offered', 'demo_booked', 'batch_offered'], to: 'declined', by: 'teacher' },
    accept_demo: { from: ['demo_offered'], to: 'demo_booked', by: 'learner' },
    enrol: { from: ['batch_offered'], to: 'enrolled', by: 'learner' },
    close: { from: ['sent', 'seen', 'responded', 'demo_offered', 'demo_booked', 'batch_offered'], to: 'closed', by: 'learner' },
    expire: { from: ['sent', 'seen'], to: 'expired', by: 'system' },
  } satisfies Record<EnquiryAction, Transition<EnquiryState, EnquiryActor>>,
  /** The state as the learner reads it. */
  labels: {
    sent: 'Sent',
    seen: 'Seen by teacher',
    responded: 'Teacher replied',
    demo_offered: 'Demo offered',
    demo_booked: 'Demo booked',
    batch_offered: 'Batch offered',
    enrolled: 'Enrolled',
    declined: 'Declined',
    closed: 'Closed',
    expired: 'Expired',
  },
});

export const terminalEnquiryStates: readonly EnquiryState[] = ['enrolled', 'declined', 'closed', 'expired'];

/** A teacher who has not answered within this window lets the enquiry expire, and the learner is told. */
export const enquiryResponseWindowHours = 48;

export function isOpenEnquiry(state: EnquiryState): boolean {
  return !terminalEnquiryStates.includes(state);
}

export interface EnquiryNextStep {
  /** Who has to act next; `nobody` once the enquiry has ended. */
  waitingOn: 'teacher' | 'learner' | 'nobody';
  /** One sentence for the learner, without names, so both the API and the UI can use it. */
  learnerSummary: string;
}

const nextSteps: Readonly<Record<EnquiryState, EnquiryNextStep>> = {
  sent: { waitingOn: 'teacher', learnerSummary: 'The teacher has your enquiry and will reply soon.' },
  seen: { waitingOn: 'teacher', learnerSummary: 'The teacher has read your enquiry and will reply soon.' },
  responded: { waitingOn: 'teacher', learnerSummary: 'The teacher replied and will suggest a demo class or a batch.' },
  demo_offered: { waitingOn: 'learner', learnerSummary: 'The teacher offered a demo class: book it or close the enquiry.' },
  demo_booked: { waitingOn: 'teacher', learnerSummary: 'Your demo class is booked; after it the teacher will offer a batch.' },
  batch_offered: { waitingOn: 'learner', learnerSummary: 'The teacher offered a place in a batch: enrol to keep it.' },
  enrolled: { waitingOn: 'nobody', learnerSummary: 'Enrolled. Choose a class pack to pay for the classes.' },
  declined: { waitingOn: 'nobody', learnerSummary: 'The teacher cannot take this enquiry. Try another teacher near you.' },
  closed: { waitingOn: 'nobody', learnerSummary: 'You closed this enquiry.' },
  expired: { waitingOn: 'nobody', learnerSummary: 'The teacher did not reply in time. Try another teacher near you.' },
};

/** Once a class pack of the enrolment is paid for, there is nothing left to do in the enquiry. */
const enrolledAndPaid: EnquiryNextStep = { waitingOn: 'nobody', learnerSummary: 'Enrolled and paid. The classes are under My Classes.' };

/**
 * What happens next. An enrolment still to be paid for is the learner's turn (choose a class
 * pack); one with a paid class pack is done.
 */
export function enquiryNextStep(state: EnquiryState, classPackPaid = false): EnquiryNextStep {
  if (state === 'enrolled') return classPackPaid ? enrolledAndPaid : { waitingOn: 'learner', learnerSummary: nextSteps.enrolled.learnerSummary };
  return nextSteps[state];
}

/**
 * The three parts of a teacher's inbox, from whose turn it is: the teacher's (needs a reply or
 * the next offer), the family's (an offer or a class pack to pay for), or nobody's (ended).
 */
export const teacherInboxSections = ['needs_reply', 'waiting_on_learner', 'closed'] as const;
export type TeacherInboxSection = (typeof teacherInboxSections)[number];

export function teacherInboxSection(state: EnquiryState, classPackPaid = false): TeacherInboxSection {
  const { waitingOn } = enquiryNextStep(state, classPackPaid);
  if (waitingOn === 'teacher') return 'needs_reply';
  return waitingOn === 'learner' ? 'waiting_on_learner' : 'closed';
}

/** What the state means to the teacher, in one sentence without names, for the inbox and the enquiry. */
export const teacherNextSteps: Readonly<Record<EnquiryState, string>> = {
  sent: 'New: reply, offer a demo class or a batch, or decline before the deadline.',
  seen: 'Reply, offer a demo class or a batch, or decline before the deadline.',
  responded: 'You replied. Offer a demo class or a batch when you are ready.',
  demo_offered: 'You offered a demo class. Waiting for the family to book it.',
  demo_booked: 'The demo class is booked. After it, offer a batch.',
  batch_offered: 'You offered a place in a batch. Waiting for the family to enrol.',
  enrolled: 'Enrolled. Waiting for the family to pay for a class pack.',
  declined: 'You declined this enquiry.',
  closed: 'The family closed this enquiry.',
  expired: 'This enquiry expired before you replied.',
};

/** The teacher's sentence, with an enrolment whose class pack is paid told apart. */
export function teacherNextStep(state: EnquiryState, classPackPaid = false): string {
  return state === 'enrolled' && classPackPaid ? 'Enrolled and paid. The student is in your batch.' : teacherNextSteps[state];
}

/**
 * Listed with the active items: an open enquiry, or an enrolment still waiting for its class
 * pack to be paid. Everything else is past.
 */
export function isActiveEnquiry(state: EnquiryState, classPackPaid = false): boolean {
  return isOpenEnquiry(state) || (state === 'enrolled' && !classPackPaid);
}

/** The state's label, with an enrolment's payment told apart. */
export function enquiryStatusLabel(state: EnquiryState, classPackPaid = false): string {
  if (state === 'enrolled') return classPackPaid ? 'Enrolled · paid' : 'Enrolled · to pay';
  return enquiryLifecycle.labels[state];
}

/**
 * The headline of each move as the learner hears of it ("Meera Iyer replied"), with `{teacher}`
 * for the teacher's name: My Updates, the enquiry's history and the seed read these, so a
 * headline always names the move that happened.
 */
export const enquiryEventHeadlines: Readonly<Record<EnquiryAction | 'create' | 'enrich', string>> = {
  create: 'You sent an enquiry to {teacher}',
  enrich: 'You added details for {teacher}',
  mark_seen: '{teacher} read your enquiry',
  respond: '{teacher} replied',
  propose_demo: '{teacher} offered a demo class',
  offer_batch: '{teacher} offered a place in a batch',
  decline: '{teacher} cannot take your enquiry',
  accept_demo: 'You booked a demo class with {teacher}',
  enrol: 'You enrolled with {teacher}',
  close: 'You closed your enquiry with {teacher}',
  expire: '{teacher} did not reply in time',
};

export function enquiryEventHeadline(action: EnquiryAction | 'create' | 'enrich', teacherName: string): string {
  return enquiryEventHeadlines[action].replace('{teacher}', teacherName);
}

/** The same moves as the teacher reads them in the enquiry's history. */
export const teacherEventHeadlines: Readonly<Record<EnquiryAction | 'create' | 'enrich', string>> = {
  create: 'Enquiry received',
  enrich: 'The family added details',
  mark_seen: 'You opened it',
  respond: 'You replied',
  propose_demo: 'You offered a demo class',
  offer_batch: 'You offered a place in a batch',
  decline: 'You declined it',
  accept_demo: 'The family booked the demo class',
  enrol: 'The family enrolled',
  close: 'The family closed it',
  expire: 'It expired without a reply',
};

/** The state as the teacher reads it in the inbox. */
export const teacherStateLabels: Readonly<Record<EnquiryState, string>> = {
  sent: 'New',
  seen: 'Seen',
  responded: 'Replied',
  demo_offered: 'Demo offered',
  demo_booked: 'Demo booked',
  batch_offered: 'Batch offered',
  enrolled: 'Enrolled',
  declined: 'Declined',
  closed: 'Closed by family',
  expired: 'Expired',
};

/** Limits of the enquiry form, shared by the API's schema and the form's checks. */
export const enquiryLimits = {
  maxTeachersPerRequest: 5,
  messageMaxLength: 1000,
  teacherMessageMaxLength: 1000,
  goalsMaxLength: 500,
  reasonMaxLength: 300,
  refMaxLength: 120,
  studentAge: { min: 2, max: 99 },
  /** New enquiries one learner account may send in a day, to all teachers together. */
  perLearnerPerDay: 15,
  /** New enquiries one learner account may send one teacher in a day (a second child, a fresh start after closing). */
  perLearnerPerTeacherPerDay: 3,
} as const;

export const studentLevels = ['new', 'beginner', 'intermediate', 'advanced'] as const;
export type StudentLevel = (typeof studentLevels)[number];

export const enquiryModes = ['at_home', 'at_centre', 'apartment', 'online', 'any'] as const;
export type EnquiryMode = (typeof enquiryModes)[number];

/** `refPage` is a path and `refSection` a label such as "Shortlist Tab" or ask_music (spec §9). */
export const enquiryRefPattern = '^[A-Za-z0-9_/\\-\\[\\] ]{0,120}$';

/** Header carrying the client's key for one submission; a replay with the same key returns the first answer. */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyKeyPattern = '^[A-Za-z0-9_-]{16,64}$';
