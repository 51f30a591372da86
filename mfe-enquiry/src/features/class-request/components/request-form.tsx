import type { ReactNode } from 'react';
import type { EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import { stack } from '@kalike/shared/ui/layout-styles';

import { useRequestForm, type SlotSuggestion, type SubmitOutcome } from '../hooks/use-request-form';
import { useSlotChoice } from '../hooks/use-slot-choice';
import type { RequestFailure } from '../utils/api-field-errors';
import type { RequestValues, RequestVariant } from '../utils/request-rules';
import type { ChoiceOption } from './choice-option';
import { ContactFields } from './contact-fields';
import { MessageField } from './message-field';
import { ModeSection } from './mode-section';
import { ProgramField } from './program-field';
import { ScheduleSection, SlotSuggestions } from './schedule-section';
import { StudentSection } from './student-section';
import { SubjectField } from './subject-field';
import { SubmitSection } from './submit-section';

interface RequestFormProps {
  variant: RequestVariant;
  /** The teacher's programs (variant `teacher`). */
  programs?: ChoiceOption[];
  /** Subjects to choose from (variant `general`), by slug. */
  categories?: ChoiceOption[];
  /** The account's students; undefined while unknown (signed out, loading or failed). */
  students: ChoiceOption[] | undefined;
  /** Shown in place of the students while they are unknown. */
  studentsNote?: ReactNode;
  canAddChild: boolean;
  /** The account's name, filled in when the learner has not typed one. */
  accountName: string;
  submitLabel: string;
  pending: boolean;
  /** Said above the button, e.g. that sign-in comes next. */
  submitNote?: ReactNode;
  failure: RequestFailure | null;
  /** The subject to start with when the draft has none (the page Request Class was opened from). */
  defaultCategorySlug?: string;
  /** Where the teacher teaches (variant `teacher`); "No preference" is always offered. All modes when absent. */
  modes?: readonly EnquiryMode[];
  /** The teacher's batch times (variant `teacher`), each with its programs: choosing one ticks its days and time of day. */
  slots?: readonly SlotSuggestion[];
  onValid: (values: RequestValues) => Promise<SubmitOutcome | void> | SubmitOutcome | void;
}

/**
 * The enquiry's questions, the same wherever the learner starts. Every change is saved to
 * the draft at once, so a reload or the detour through sign-in loses nothing.
 */
export function RequestForm(props: RequestFormProps) {
  const { variant, programs = [], categories = [], students } = props;
  const { form, offeredModes, submit } = useRequestForm({
    variant,
    programIds: programs.map((program) => program.id),
    categorySlugs: categories.map((category) => category.id),
    studentIds: students?.map((student) => student.id),
    accountName: props.accountName,
    defaultCategorySlug: props.defaultCategorySlug,
    modes: props.modes,
    pending: props.pending,
    onValid: props.onValid,
  });
  const slotChoice = useSlotChoice(form, props.slots ?? []);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      css={stack[6]}
    >
      {variant === 'general' && <SubjectField form={form} categories={categories} />}
      <StudentSection form={form} students={students} studentsNote={props.studentsNote} canAddChild={props.canAddChild} />
      {variant === 'teacher' && programs.length > 0 && <ProgramField form={form} programs={programs} onChange={slotChoice.programChanged} />}
      <SlotSuggestions choice={slotChoice} />
      <ScheduleSection form={form} />
      <ModeSection form={form} modes={offeredModes} />
      <MessageField form={form} />
      <ContactFields form={form} />
      <SubmitSection
        submitLabel={props.submitLabel}
        submitNote={props.submitNote}
        pending={props.pending}
        submitting={form.formState.isSubmitting}
        failure={props.failure}
        onRetry={() => void submit()}
      />
    </form>
  );
}
