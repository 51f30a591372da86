import { checkRequest, draftFromValues, type RequestValues } from './request-rules';

const valid: RequestValues = {
  categorySlug: '',
  student: 'self',
  newStudentName: '',
  newStudentDateOfBirth: '',
  programId: '',
  preferredDays: ['6'],
  preferredTimes: ['morning'],
  mode: 'any',
  message: '',
  contactName: 'Asha Rao',
  alternatePhone: '',
};
const today = new Date('2026-11-20T00:00:00Z');

describe('request rules', () => {
  it('accepts a complete request', async () => {
    expect(await checkRequest(valid, { variant: 'teacher', today })).toEqual({});
  });

  it('names every missing or wrong answer in words a parent understands', async () => {
    const errors = await checkRequest(
      { ...valid, student: '', preferredDays: [], preferredTimes: [], message: 'x'.repeat(1001), contactName: ' ' },
      { variant: 'general', today },
    );
    expect(errors).toEqual({
      categorySlug: 'Choose what you would like to learn.',
      student: 'Choose who the class is for.',
      preferredDays: 'Choose at least one day.',
      preferredTimes: 'Choose at least one time of day.',
      message: 'Keep the message to 1000 characters or fewer.',
      contactName: 'Enter your name, so the teacher knows whom to ask for.',
    });
  });

  it("checks a new child's name and date of birth", async () => {
    expect(await checkRequest({ ...valid, student: 'new' }, { variant: 'many', today })).toEqual({ newStudentName: "Enter the child's name." });
    expect(await checkRequest({ ...valid, student: 'new', newStudentName: 'Ananya', newStudentDateOfBirth: '2027-01-01' }, { variant: 'many', today })).toEqual(
      {
        newStudentDateOfBirth: 'The date of birth cannot be in the future.',
      },
    );
    expect(await checkRequest({ ...valid, student: 'new', newStudentName: 'R2-D2' }, { variant: 'many', today })).toEqual({
      newStudentName: "Use letters, spaces and . ' - only (up to 80).",
    });
  });

  it('accepts Indian mobile numbers as people write them, and nothing else', async () => {
    for (const phone of ['98765 43210', '+91 98765 43210', '098765-43210']) {
      expect(await checkRequest({ ...valid, alternatePhone: phone }, { variant: 'many', today })).toEqual({});
    }
    for (const phone of ['12345', '080 2222 3333', '+1 415 555 0100']) {
      expect(await checkRequest({ ...valid, alternatePhone: phone }, { variant: 'many', today })).toEqual({
        alternatePhone: 'Enter a 10-digit Indian mobile number, or leave this empty.',
      });
    }
  });

  it('asks again for a student who is no longer on the account', async () => {
    const gone = '6f1c2b8e-0000-4000-8000-000000000399';
    expect(await checkRequest({ ...valid, student: gone }, { variant: 'many', studentIds: ['6f1c2b8e-0000-4000-8000-000000000301'], today })).toEqual({
      student: 'Choose who the class is for.',
    });
    expect(await checkRequest({ ...valid, student: gone }, { variant: 'many', today })).toEqual({});
  });

  it('turns form values into draft fields the draft accepts', () => {
    expect(draftFromValues({ preferredDays: ['7', '1', '1'], message: 'x'.repeat(1200), alternatePhone: 'call me' })).toEqual({
      preferredDays: [1, 7],
      message: 'x'.repeat(1000),
    });
  });
});
