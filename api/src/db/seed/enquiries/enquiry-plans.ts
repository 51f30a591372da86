import { enquiryResponseWindowHours, type EnquiryAction, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';

/** What the offer needs from the listing: a demo session, a seat to offer, or a seat already counted. */
export type Need = 'demo' | 'seat' | 'taken_seat' | null;

export interface Step {
  action: EnquiryAction | 'enrich';
  /** Hours after the enquiry was sent. */
  after: number;
  message?: string;
}

export interface Plan {
  state: EnquiryState;
  toTeacherOfTheDay: boolean;
  student: 'saanvi' | 'vihaan' | null;
  need: Need;
  /** When it was sent, in hours before the anchor day began. */
  sentHoursAgo: number;
  steps: Step[];
}

// Each history is walked through the enquiry lifecycle's transitions (enquiry-history.ts), so a
// seeded enquiry can only be in a state the API itself could have reached.
export const plans: Plan[] = [
  { state: 'sent', toTeacherOfTheDay: true, student: 'saanvi', need: null, sentHoursAgo: 5, steps: [] },
  {
    state: 'demo_booked',
    toTeacherOfTheDay: true,
    student: 'vihaan',
    need: 'demo',
    sentHoursAgo: 144,
    steps: [
      { action: 'enrich', after: 0.2 },
      { action: 'propose_demo', after: 4, message: 'Bring Vihaan for a free demo class so I can see where he is.' },
      { action: 'accept_demo', after: 24 },
    ],
  },
  {
    state: 'enrolled',
    toTeacherOfTheDay: true,
    student: 'saanvi',
    need: 'taken_seat',
    sentHoursAgo: 480,
    steps: [
      { action: 'mark_seen', after: 2 },
      { action: 'offer_batch', after: 24, message: 'There is a seat in this batch and it suits her level.' },
      { action: 'enrol', after: 48 },
    ],
  },
  {
    state: 'declined',
    toTeacherOfTheDay: true,
    student: 'vihaan',
    need: null,
    sentHoursAgo: 240,
    steps: [
      { action: 'mark_seen', after: 2 },
      { action: 'decline', after: 3, message: 'My batches are full until August.' },
    ],
  },
  { state: 'seen', toTeacherOfTheDay: false, student: 'vihaan', need: null, sentHoursAgo: 20, steps: [{ action: 'mark_seen', after: 12 }] },
  {
    state: 'responded',
    toTeacherOfTheDay: false,
    student: null,
    need: null,
    sentHoursAgo: 72,
    steps: [
      { action: 'mark_seen', after: 2 },
      { action: 'respond', after: 3, message: 'Thank you for writing! I have an adult beginners group on weekends; happy to tell you more.' },
    ],
  },
  {
    state: 'demo_offered',
    toTeacherOfTheDay: false,
    student: 'saanvi',
    need: 'demo',
    sentHoursAgo: 96,
    steps: [
      { action: 'enrich', after: 0.2 },
      { action: 'mark_seen', after: 1 },
      { action: 'propose_demo', after: 5, message: 'Come for a demo class first; we will choose a batch after it.' },
    ],
  },
  {
    state: 'batch_offered',
    toTeacherOfTheDay: false,
    student: 'saanvi',
    need: 'seat',
    sentHoursAgo: 192,
    steps: [
      { action: 'respond', after: 3, message: 'Happy to teach Saanvi. Let me check which batch has room.' },
      { action: 'offer_batch', after: 24, message: 'This batch has a seat and meets at times you asked for.' },
    ],
  },
  {
    state: 'closed',
    toTeacherOfTheDay: false,
    student: 'vihaan',
    need: null,
    sentHoursAgo: 288,
    steps: [
      { action: 'respond', after: 5, message: 'I teach at my home in the evenings; would that work?' },
      { action: 'close', after: 48, message: 'Found a class closer to home.' },
    ],
  },
  {
    state: 'expired',
    toTeacherOfTheDay: false,
    student: 'saanvi',
    need: null,
    sentHoursAgo: 360,
    steps: [
      { action: 'mark_seen', after: 10 },
      { action: 'expire', after: enquiryResponseWindowHours },
    ],
  },
];
