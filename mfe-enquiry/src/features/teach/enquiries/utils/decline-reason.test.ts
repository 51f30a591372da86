import { declineReasonText } from './decline-reason';

describe('the decline reason', () => {
  test('a chosen reason, with the note after it when there is one', () => {
    expect(declineReasonText({ reason: 'full', note: '' })).toEqual({ ok: true, text: 'My batches are full' });
    expect(declineReasonText({ reason: 'full', note: '  Try again   in June. ' })).toEqual({ ok: true, text: 'My batches are full. Try again in June.' });
    expect(declineReasonText({ reason: 'other', note: 'I am moving to Mysuru' })).toEqual({ ok: true, text: 'I am moving to Mysuru' });
  });

  test('says what is missing or too long', () => {
    expect(declineReasonText({ reason: '', note: 'x' })).toEqual({ ok: false, error: 'Choose why you cannot take this enquiry.' });
    expect(declineReasonText({ reason: 'other', note: '   ' })).toEqual({ ok: false, error: 'Write the reason in a few words.' });
    const long = declineReasonText({ reason: 'level', note: 'a'.repeat(290) });
    expect(long).toEqual({ ok: false, error: expect.stringMatching(/^Keep the reason under 300 characters/) });
  });
});
