import type { AddExtraClassBody } from '@kalike/shared/contracts/sessions';
import { isDateKey, type DateKey } from '@kalike/shared/format/dates';
import { sessionLimits } from '@kalike/shared/domain/session-values';

export interface ExtraClassDraft {
  occursOn: string;
  startTime: string;
  endTime: string;
}

export type ExtraClassErrors = Partial<Record<keyof ExtraClassDraft, string>>;

const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The API's rules for an extra class that can be read without it, checked before sending so the
 * teacher reads them beside the field: a day from today, a start and an end on that day, at most
 * `sessionLimits.extraClassMaxMinutes` long. Whether the batch already meets that day, or the
 * class is already over, the API answers.
 */
export function checkExtraClass(draft: ExtraClassDraft, today: DateKey): { body: AddExtraClassBody } | { errors: ExtraClassErrors } {
  const errors: ExtraClassErrors = {};
  if (!isDateKey(draft.occursOn)) errors.occursOn = 'Choose the day of the class.';
  else if (draft.occursOn < today) errors.occursOn = 'The class must be today or later.';
  if (!clockTime.test(draft.startTime)) errors.startTime = 'Choose when the class starts.';
  if (!clockTime.test(draft.endTime)) errors.endTime = 'Choose when the class ends.';
  else if (!errors.startTime) {
    const length = minutesOf(draft.endTime) - minutesOf(draft.startTime);
    if (length <= 0) errors.endTime = 'The class must end after it starts.';
    else if (length > sessionLimits.extraClassMaxMinutes) errors.endTime = `A class can be at most ${sessionLimits.extraClassMaxMinutes / 60} hours.`;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { occursOn: draft.occursOn, startTime: draft.startTime, endTime: draft.endTime } };
}
