import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';

import { slotAdditions, withSlot, withoutSlot } from '../utils/initial-request-values';
import type { RequestContext, RequestValues } from '../utils/request-rules';
import type { SlotSuggestion } from './use-request-form';

interface ChosenSlot {
  slot: SlotSuggestion;
  /** What choosing it ticked that was not ticked before. */
  added: Pick<RequestValues, 'preferredDays' | 'preferredTimes'>;
}

export interface SlotChoice {
  /** The batch times of the chosen program; every program's while none is chosen ("Not sure yet"). */
  offered: readonly SlotSuggestion[];
  isChosen: (slot: SlotSuggestion) => boolean;
  /** Chooses a batch time (ticks its days and time of day), or unchooses it (takes back what it ticked). */
  toggle: (slot: SlotSuggestion) => void;
  /** The program changed: a batch time chosen from another program no longer fits and is unchosen. */
  programChanged: (programId: string) => void;
}

/** The batch times that fit a program; all of them while no program is chosen. */
export const slotsOfProgram = (slots: readonly SlotSuggestion[], programId: string): readonly SlotSuggestion[] =>
  programId ? slots.filter((slot) => slot.programIds.includes(programId)) : slots;

/** Which of the teacher's batch times the learner chose, kept in step with the program chosen. */
export function useSlotChoice(form: UseFormReturn<RequestValues, RequestContext>, slots: readonly SlotSuggestion[]): SlotChoice {
  const programId = useWatch({ control: form.control, name: 'programId' });
  const [chosen, setChosen] = useState<readonly ChosenSlot[]>([]);

  const setSchedule = (schedule: Pick<RequestValues, 'preferredDays' | 'preferredTimes'>) => {
    form.setValue('preferredDays', schedule.preferredDays, { shouldValidate: form.formState.isSubmitted });
    form.setValue('preferredTimes', schedule.preferredTimes, { shouldValidate: form.formState.isSubmitted });
  };
  const schedule = () => ({ preferredDays: form.getValues('preferredDays'), preferredTimes: form.getValues('preferredTimes') });

  const unchoose = (leaving: readonly ChosenSlot[]) => {
    const staying = chosen.filter((entry) => !leaving.includes(entry));
    let next = schedule();
    for (const entry of leaving)
      next = withoutSlot(
        next,
        entry.added,
        staying.map((kept) => kept.slot),
      );
    setSchedule(next);
    setChosen(staying);
  };

  const toggle = (slot: SlotSuggestion) => {
    const already = chosen.find((entry) => entry.slot.label === slot.label);
    if (already) return unchoose([already]);
    const before = schedule();
    const after = withSlot(before, slot);
    setSchedule(after);
    setChosen([...chosen, { slot, added: slotAdditions(before, after) }]);
  };

  const programChanged = (nextProgramId: string) => {
    const leaving = chosen.filter((entry) => !slotsOfProgram([entry.slot], nextProgramId).length);
    if (leaving.length > 0) unchoose(leaving);
  };

  return {
    offered: slotsOfProgram(slots, programId),
    isChosen: (slot) => chosen.some((entry) => entry.slot.label === slot.label),
    toggle,
    programChanged,
  };
}
