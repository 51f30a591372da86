import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { LearnerUpdateSchema, LearnerUpdatesSchema, ReferralCardSchema } from '@kalike/shared/contracts/learner-updates';
import { LearnerBalancesSchema } from '@kalike/shared/contracts/payments';
import { UpcomingSessionsSchema } from '@kalike/shared/contracts/sessions';
import { CreateSurveyBodySchema, SurveySchema } from '@kalike/shared/contracts/surveys';

import {
  balance,
  balances,
  cancelledUpdate,
  classPack,
  classUpdate,
  enquiryUpdate,
  online,
  paymentRequestUpdate,
  referralCard,
  session,
  survey,
  surveyUpdate,
  upcoming,
  upcomingBatch,
  uuid,
} from './session-fixtures';

// The pages' tests answer with these fixtures; checking them against the API's schemas keeps
// the tests from passing on shapes the API never sends.
function errorsOf(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].map((error) => `${error.instancePath} ${error.message}`);
}

describe('test fixtures match the API contracts', () => {
  it.each([
    [
      'upcoming sessions',
      UpcomingSessionsSchema,
      upcoming([
        upcomingBatch(1, [session(1, '2026-11-22T12:00:00.000Z', '2026-11-22T13:00:00.000Z', { status: 'cancelled', cancelReason: 'Teacher travelling' })]),
        upcomingBatch(2, [], { place: online(null) }),
      ]),
    ],
    [
      'learner balances',
      LearnerBalancesSchema,
      balances(
        balance(1),
        balance(2, { classPack: null, balancePaise: -40_000 }, { studentName: null, status: 'left' }),
        balance(3, { classPack: classPack({ status: 'expired' }) }),
      ),
    ],
    [
      'learner updates',
      LearnerUpdatesSchema,
      { updates: [surveyUpdate(), paymentRequestUpdate(), enquiryUpdate(true), enquiryUpdate(false), cancelledUpdate(), classUpdate()] },
    ],
    ['a survey answer', SurveySchema, survey()],
    ['a referral card', ReferralCardSchema, referralCard()],
    ['a survey body', CreateSurveyBodySchema, { sessionId: uuid(41), batchStudentId: uuid(1), rating: 4, comment: 'Aarav loves the puzzles' }],
  ])('%s', (_label, schema, value) => {
    expect(errorsOf(schema, value)).toEqual([]);
  });

  it('would catch a fixture that drifted from the contract', () => {
    expect(errorsOf(LearnerUpdateSchema, { ...paymentRequestUpdate(), kind: 'payment_due' })).not.toEqual([]);
    expect(errorsOf(CreateSurveyBodySchema, { sessionId: uuid(41), batchStudentId: uuid(1), rating: 6 })).not.toEqual([]);
  });
});
