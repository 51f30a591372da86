import { ApiError } from '@kalike/shared/api/api-error';

import { describeRequestFailure } from './api-field-errors';

describe('describeRequestFailure', () => {
  it("says in a sentence that the day's enquiries are used up", () => {
    const failure = describeRequestFailure(
      new ApiError({ statusCode: 429, code: 'TOO_MANY_ENQUIRIES', message: 'You have sent 15 enquiries today, the most for one day' }),
    );
    expect(failure).toEqual({ fields: {}, form: expect.stringMatching(/as many enquiries as you can in one day/), retryable: false });
  });

  it('asks the learner to slow down when the API limits the rate', () => {
    const failure = describeRequestFailure(
      new ApiError({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many tries in a short time; try again in 5 minutes' }),
    );
    expect(failure.form).toMatch(/Wait a few minutes/);
    expect(failure.retryable).toBe(false);
  });

  it("says in a sentence that one of the teachers chosen is the learner's own listing", () => {
    const failure = describeRequestFailure(
      new ApiError({ statusCode: 409, code: 'OWN_LISTING', message: 'body.targets.1.listingId is your own listing: you cannot send an enquiry to yourself' }),
    );
    expect(failure).toEqual({
      fields: {},
      form: expect.stringMatching(/^One of the teachers you chose is you: you cannot send an enquiry to yourself\./),
      retryable: false,
    });
  });
});
