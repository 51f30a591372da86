import { enquiryModes } from '@kalike/shared/domain/enquiry-lifecycle';

import { newDraft } from './enquiry-draft';
import { initialRequestValues, offeredModesFor, withSlot } from './initial-request-values';
import { valuesFromDraft, type RequestValues } from './request-rules';

const draftValues = (changes: Partial<RequestValues> = {}): RequestValues => ({ ...valuesFromDraft(newDraft()), ...changes });
const context = { programIds: ['program-1'], categorySlugs: ['chess', 'yoga'], offeredModes: enquiryModes, accountName: 'Asha Rao' };

describe('offeredModesFor', () => {
  it("offers the teacher's places and always No preference", () => {
    expect(offeredModesFor(['online'])).toEqual(['online', 'any']);
  });

  it('offers every place when the teacher has not said', () => {
    expect(offeredModesFor(undefined)).toEqual(enquiryModes);
  });
});

describe('initialRequestValues', () => {
  it("drops another teacher's program and a place this teacher does not teach at", () => {
    const values = initialRequestValues(draftValues({ programId: 'elsewhere', mode: 'online' }), { ...context, offeredModes: ['at_centre', 'any'] });
    expect(values.programId).toBe('');
    expect(values.mode).toBe('any');
  });

  it("keeps this teacher's program and place", () => {
    const values = initialRequestValues(draftValues({ programId: 'program-1', mode: 'online' }), context);
    expect(values).toMatchObject({ programId: 'program-1', mode: 'online' });
  });

  it("starts from the page's subject only when the draft has none and the subject is offered", () => {
    expect(initialRequestValues(draftValues(), { ...context, defaultCategorySlug: 'yoga' }).categorySlug).toBe('yoga');
    expect(initialRequestValues(draftValues({ categorySlug: 'chess' }), { ...context, defaultCategorySlug: 'yoga' }).categorySlug).toBe('chess');
    expect(initialRequestValues(draftValues(), { ...context, defaultCategorySlug: 'swimming' }).categorySlug).toBe('');
  });

  it("fills in the account's name unless the learner typed one", () => {
    expect(initialRequestValues(draftValues(), context).contactName).toBe('Asha Rao');
    expect(initialRequestValues(draftValues({ contactName: 'Ravi' }), context).contactName).toBe('Ravi');
  });
});

describe('withSlot', () => {
  it("adds the batch's days and time to the learner's, once each", () => {
    expect(withSlot({ preferredDays: ['6'], preferredTimes: ['evening'] }, { days: [6, 7], time: 'morning' })).toEqual({
      preferredDays: ['6', '7'],
      preferredTimes: ['evening', 'morning'],
    });
  });
});
