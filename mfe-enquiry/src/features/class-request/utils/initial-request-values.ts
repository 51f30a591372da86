import { enquiryModes, type EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import type { TimeOfDay } from '@kalike/shared/domain/listing-values';

import type { RequestValues } from './request-rules';

/** The places to offer: the teacher's, with "No preference" always; every mode when the teacher's are not known. */
export function offeredModesFor(teacherModes: readonly EnquiryMode[] | undefined): readonly EnquiryMode[] {
  return teacherModes ? enquiryModes.filter((mode) => mode === 'any' || teacherModes.includes(mode)) : enquiryModes;
}

interface InitialRequestContext {
  /** The teacher's program ids (variant `teacher`). */
  programIds: readonly string[];
  /** The subjects offered (variant `general`), by slug. */
  categorySlugs: readonly string[];
  offeredModes: readonly EnquiryMode[];
  /** The subject of the page Request Class was opened from. */
  defaultCategorySlug?: string;
  /** The account's name, used when the learner has not typed one. */
  accountName: string;
}

/** The values the form opens with: the saved draft's, less what does not fit this teacher or page. */
export function initialRequestValues(draftValues: RequestValues, context: InitialRequestContext): RequestValues {
  const values = { ...draftValues };
  // A program of another teacher's earlier draft is not this teacher's.
  if (!context.programIds.includes(values.programId)) values.programId = '';
  // Nor a place this teacher does not teach at.
  if (!context.offeredModes.includes(values.mode)) values.mode = 'any';
  if (!values.categorySlug && context.defaultCategorySlug && context.categorySlugs.includes(context.defaultCategorySlug)) {
    values.categorySlug = context.defaultCategorySlug;
  }
  return { ...values, contactName: values.contactName || context.accountName };
}

/** A batch time chosen from the teacher's: its days and time of day are added to the learner's choice. */
export function withSlot(
  chosen: Pick<RequestValues, 'preferredDays' | 'preferredTimes'>,
  slot: { days: readonly number[]; time: TimeOfDay },
): Pick<RequestValues, 'preferredDays' | 'preferredTimes'> {
  return {
    preferredDays: [...new Set([...chosen.preferredDays, ...slot.days.map(String)])],
    preferredTimes: [...new Set([...chosen.preferredTimes, slot.time])],
  };
}

type ScheduleChoice = Pick<RequestValues, 'preferredDays' | 'preferredTimes'>;

/** What choosing a batch time ticked that was not ticked before: what unchoosing it takes away. */
export function slotAdditions(before: ScheduleChoice, after: ScheduleChoice): ScheduleChoice {
  return {
    preferredDays: after.preferredDays.filter((day) => !before.preferredDays.includes(day)),
    preferredTimes: after.preferredTimes.filter((time) => !before.preferredTimes.includes(time)),
  };
}

/**
 * Takes a batch time's additions back off the learner's choice, except what a batch time still
 * chosen also asks for. What the learner ticked by hand was never an addition, so it stays.
 */
export function withoutSlot(
  chosen: ScheduleChoice,
  added: ScheduleChoice,
  stillChosen: readonly { days: readonly number[]; time: TimeOfDay }[],
): ScheduleChoice {
  const keptDays = new Set(stillChosen.flatMap((slot) => slot.days.map(String)));
  const keptTimes = new Set<string>(stillChosen.map((slot) => slot.time));
  return {
    preferredDays: chosen.preferredDays.filter((day) => keptDays.has(day) || !added.preferredDays.includes(day)),
    preferredTimes: chosen.preferredTimes.filter((time) => keptTimes.has(time) || !added.preferredTimes.includes(time)),
  };
}
