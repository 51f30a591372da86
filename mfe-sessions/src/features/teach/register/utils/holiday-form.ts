import type { AddHolidayBody } from '@kalike/shared/contracts/sessions';
import { addDaysToDateKey, isDateKey, type DateKey } from '@kalike/shared/format/dates';
import { sessionLimits } from '@kalike/shared/domain/session-values';

export interface HolidayDraft {
  startsOn: string;
  endsOn: string;
  reason: string;
}

export type HolidayErrors = Partial<Record<keyof HolidayDraft, string>>;

/** The API's rules for a holiday, checked before sending so the teacher reads them beside the field. */
export function checkHoliday(draft: HolidayDraft, today: DateKey): { body: AddHolidayBody } | { errors: HolidayErrors } {
  const errors: HolidayErrors = {};
  if (!isDateKey(draft.startsOn)) errors.startsOn = 'Choose the first day of the holiday.';
  else if (draft.startsOn < today) errors.startsOn = 'The holiday must start today or later.';
  if (!isDateKey(draft.endsOn)) errors.endsOn = 'Choose the last day of the holiday.';
  else if (!errors.startsOn && draft.endsOn < draft.startsOn) errors.endsOn = 'The last day cannot be before the first.';
  else if (!errors.startsOn && draft.endsOn > addDaysToDateKey(draft.startsOn, sessionLimits.holidayMaxDays - 1)) {
    errors.endsOn = `A holiday can be at most ${sessionLimits.holidayMaxDays} days.`;
  }
  const reason = draft.reason.trim();
  if (!reason) errors.reason = 'Write what the holiday is for.';
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { startsOn: draft.startsOn, endsOn: draft.endsOn, reason } };
}
