import { act, renderHook, waitFor } from '@testing-library/react';

import { loadDraft, updateDraft } from '../utils/enquiry-draft';
import type { RequestValues } from '../utils/request-rules';
import { useRequestForm, type RequestFormOptions } from './use-request-form';
import { useSlotChoice } from './use-slot-choice';

const options = (changes: Partial<RequestFormOptions> = {}): RequestFormOptions => ({
  variant: 'teacher',
  programIds: [thisTeachersProgram],
  categorySlugs: [],
  studentIds: [],
  accountName: 'Asha Rao',
  pending: false,
  onValid: () => undefined,
  ...changes,
});

const thisTeachersProgram = '0b7e1c1a-2f4d-4c6e-9a8b-000000000001';
const otherTeachersProgram = '0b7e1c1a-2f4d-4c6e-9a8b-000000000002';
const savedChild = '0b7e1c1a-2f4d-4c6e-9a8b-000000000009';

/** What a learner who filled in everything would send. */
function fillIn(form: ReturnType<typeof useRequestForm>['form']) {
  form.setValue('student', 'self');
  form.setValue('preferredDays', ['6']);
  form.setValue('preferredTimes', ['morning']);
}

afterEach(() => sessionStorage.clear());

describe('useRequestForm', () => {
  it("opens from the saved draft, without another teacher's program", () => {
    updateDraft({ message: 'Weekend mornings suit us.', programId: otherTeachersProgram });
    const { result } = renderHook(() => useRequestForm(options()));
    expect(result.current.form.getValues()).toMatchObject({ message: 'Weekend mornings suit us.', programId: '', contactName: 'Asha Rao' });
  });

  it('saves every change to the draft at once', async () => {
    const { result } = renderHook(() => useRequestForm(options()));
    act(() => result.current.form.setValue('message', 'My daughter is 8.'));
    await waitFor(() => expect(loadDraft().message).toBe('My daughter is 8.'));
  });

  it('sends once when the learner taps twice before the first answer', async () => {
    let answer: () => void = () => {};
    const onValid = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useRequestForm(options({ onValid })));
    act(() => fillIn(result.current.form));
    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = result.current.submit();
      await result.current.submit();
    });
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    await act(async () => {
      answer();
      await first;
    });
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it("shows the page's field errors and takes the values it changed", async () => {
    const onValid = jest.fn(() => ({
      values: { student: savedChild } as Partial<RequestValues>,
      errors: { alternatePhone: 'Enter an Indian mobile number.' },
    }));
    const { result } = renderHook(() => useRequestForm(options({ onValid, studentIds: [savedChild] })));
    act(() => fillIn(result.current.form));
    await act(() => result.current.submit());
    expect(onValid).toHaveBeenCalledWith(expect.objectContaining({ student: 'self', preferredDays: ['6'] }));
    expect(result.current.form.getValues('student')).toBe(savedChild);
    expect(result.current.form.getFieldState('alternatePhone').error?.message).toBe('Enter an Indian mobile number.');
  });

  it('does not send values the rules refuse', async () => {
    const onValid = jest.fn();
    const { result } = renderHook(() => useRequestForm(options({ onValid })));
    await act(() => result.current.submit());
    expect(onValid).not.toHaveBeenCalled();
    expect(result.current.form.getFieldState('student').error?.message).toBe('Choose who the class is for.');
  });

  it("adds a batch's days and time to the learner's choice, and takes back only what it added", () => {
    const slot = { label: 'Sat & Sun, 10 am', days: [6, 7], time: 'morning' as const, programIds: [thisTeachersProgram] };
    const { result } = renderHook(() => {
      const request = useRequestForm(options());
      return { ...request, slots: useSlotChoice(request.form, [slot]) };
    });
    act(() => result.current.form.setValue('preferredDays', ['1', '6']));
    act(() => result.current.slots.toggle(slot));
    expect(result.current.form.getValues(['preferredDays', 'preferredTimes'])).toEqual([['1', '6', '7'], ['morning']]);
    expect(result.current.slots.isChosen(slot)).toBe(true);
    act(() => result.current.slots.toggle(slot));
    expect(result.current.form.getValues(['preferredDays', 'preferredTimes'])).toEqual([['1', '6'], []]);
    expect(result.current.slots.isChosen(slot)).toBe(false);
  });
});
