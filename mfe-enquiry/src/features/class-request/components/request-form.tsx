import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTheme } from '@emotion/react';
import { enquiryModes, type EnquiryMode } from '@kalike/shared/format/enquiry-lifecycle';
import type { TimeOfDay } from '@kalike/shared/format/listing-values';
import { timesOfDay } from '@kalike/shared/format/listing-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import {
  chipRowStyles,
  chipStyles,
  fieldsetStyles,
  fieldStyles,
  hintStyles,
  labelStyles,
  legendStyles,
  optionRowStyles,
} from '@kalike/shared/ui/form-styles';
import { modeLabels, timeOfDayLabels, weekdays } from '../../../utils/enquiry-labels';
import { loadDraft, messageMaxLength, updateDraft } from '../utils/enquiry-draft';
import type { RequestFailure } from '../utils/api-field-errors';
import {
  checkRequest,
  draftFromValues,
  valuesFromDraft,
  type RequestContext,
  type RequestErrors,
  type RequestValues,
  type RequestVariant,
} from '../utils/request-rules';

/** The request's rules as react-hook-form's resolver; the context carries what the rules depend on. */
const requestResolver: Resolver<RequestValues, RequestContext> = async (values, context) => {
  const errors = await checkRequest(values, context ?? { variant: 'many' });
  const entries = Object.entries(errors).map(([name, message]) => [name, { type: 'validate', message }]);
  return entries.length === 0 ? { values, errors: {} } : { values: {}, errors: Object.fromEntries(entries) };
};

export interface ChoiceOption {
  id: string;
  name: string;
  hint?: string;
}

/** What the page did with valid values: field errors to show, or values it changed (a child now saved). */
export interface SubmitOutcome {
  errors?: RequestErrors;
  values?: Partial<RequestValues>;
}

export interface SlotSuggestion {
  /** "Sat & Sun, 10 am · Jayanagar" */
  label: string;
  days: readonly number[];
  time: TimeOfDay;
}

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
  /** The teacher's batch times (variant `teacher`): choosing one ticks its days and time of day. */
  slots?: readonly SlotSuggestion[];
  onValid: (values: RequestValues) => Promise<SubmitOutcome | void> | SubmitOutcome | void;
}

/**
 * The enquiry's questions, the same wherever the learner starts. Every change is saved to
 * the draft at once, so a reload or the detour through sign-in loses nothing.
 */
export function RequestForm(props: RequestFormProps) {
  const { variant, programs = [], categories = [], students, studentsNote, canAddChild, accountName } = props;
  const theme = useTheme();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const studentIds = students?.map((student) => student.id);

  const offeredModes = props.modes ? enquiryModes.filter((mode) => mode === 'any' || props.modes?.includes(mode)) : enquiryModes;
  const [initial] = useState(() => {
    const values = valuesFromDraft(loadDraft());
    // A program of another teacher's earlier draft is not this teacher's.
    if (!programs.some((program) => program.id === values.programId)) values.programId = '';
    // Nor a place this teacher does not teach at.
    if (!offeredModes.includes(values.mode)) values.mode = 'any';
    if (!values.categorySlug && props.defaultCategorySlug && categories.some((category) => category.id === props.defaultCategorySlug)) {
      values.categorySlug = props.defaultCategorySlug;
    }
    return { ...values, contactName: values.contactName || accountName };
  });
  const form = useForm<RequestValues, RequestContext>({ defaultValues: initial, resolver: requestResolver, context: { variant, studentIds } });
  const { errors } = form.formState;

  // A subject or mode set here rather than typed is saved too, for the teachers' step.
  useEffect(() => void updateDraft({ categorySlug: initial.categorySlug, mode: initial.mode }), [initial]);

  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => void updateDraft(draftFromValues(values)) }), [subscribe]);

  // The account's name arrives after the page (signed in elsewhere, or loaded late).
  useEffect(() => {
    if (accountName && form.getValues('contactName') === '') form.setValue('contactName', accountName);
  }, [accountName, form]);

  // One submission at a time, even when two taps land before the button is disabled.
  const busy = useRef(false);
  const submit = async () => {
    if (busy.current || props.pending) return;
    busy.current = true;
    try {
      await form.handleSubmit(async (values) => {
        const outcome = await props.onValid(values);
        for (const [name, value] of Object.entries(outcome?.values ?? {})) {
          form.setValue(name as keyof RequestValues, value as never);
        }
        const fieldErrors = Object.entries(outcome?.errors ?? {});
        fieldErrors.forEach(([name, message], index) =>
          form.setError(name as keyof RequestValues, { type: 'server', message }, { shouldFocus: index === 0 }),
        );
      })();
    } finally {
      busy.current = false;
    }
  };

  const student = useWatch({ control: form.control, name: 'student' });
  const describedBy = (name: keyof RequestValues, hint?: string) =>
    [errors[name] ? `${fieldId(name)}-error` : undefined, hint].filter(Boolean).join(' ') || undefined;
  const errorOf = (name: keyof RequestValues) => <FieldError id={`${fieldId(name)}-error`} message={errors[name]?.message} />;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      css={{ display: 'grid', gap: theme.space(6) }}
    >
      {variant === 'general' && (
        <div css={fieldStyles(theme)}>
          <label htmlFor={fieldId('categorySlug')} css={labelStyles}>
            What would you like to learn?
          </label>
          <select
            id={fieldId('categorySlug')}
            aria-invalid={Boolean(errors.categorySlug)}
            aria-describedby={describedBy('categorySlug')}
            css={inputStyles(theme)}
            {...form.register('categorySlug')}
          >
            <option value="">Choose a subject</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          {errorOf('categorySlug')}
        </div>
      )}

      <fieldset css={fieldsetStyles(theme)} aria-describedby={describedBy('student')}>
        <legend css={legendStyles(theme)}>Who is the class for?</legend>
        {students?.map((option) => (
          <label key={option.id} css={optionRowStyles(theme)}>
            <input type="radio" value={option.id} {...form.register('student')} />
            {option.name}
          </label>
        ))}
        {studentsNote && <p css={{ ...hintStyles(theme), margin: 0 }}>{studentsNote}</p>}
        <label css={optionRowStyles(theme)}>
          <input type="radio" value="self" {...form.register('student')} />
          Myself
        </label>
        {canAddChild && (
          <label css={optionRowStyles(theme)}>
            <input type="radio" value="new" {...form.register('student')} />
            Add a child
          </label>
        )}
        {errorOf('student')}
        {student === 'new' && canAddChild && (
          <div css={{ display: 'grid', gap: theme.space(3), paddingLeft: theme.space(4), borderLeft: `3px solid ${theme.colors.brandSoft}` }}>
            <div css={fieldStyles(theme)}>
              <label htmlFor={fieldId('newStudentName')} css={labelStyles}>
                Child's name
              </label>
              <input
                id={fieldId('newStudentName')}
                autoComplete="off"
                maxLength={80}
                aria-invalid={Boolean(errors.newStudentName)}
                aria-describedby={describedBy('newStudentName')}
                css={inputStyles(theme)}
                {...form.register('newStudentName')}
              />
              {errorOf('newStudentName')}
            </div>
            <div css={fieldStyles(theme)}>
              <label htmlFor={fieldId('newStudentDateOfBirth')} css={labelStyles}>
                Date of birth <span css={hintStyles(theme)}>(optional)</span>
              </label>
              <input
                id={fieldId('newStudentDateOfBirth')}
                type="date"
                aria-invalid={Boolean(errors.newStudentDateOfBirth)}
                aria-describedby={describedBy('newStudentDateOfBirth')}
                css={inputStyles(theme)}
                {...form.register('newStudentDateOfBirth')}
              />
              {errorOf('newStudentDateOfBirth')}
            </div>
          </div>
        )}
      </fieldset>

      {variant === 'teacher' && programs.length > 0 && (
        <div css={fieldStyles(theme)}>
          <label htmlFor={fieldId('programId')} css={labelStyles}>
            Which program? <span css={hintStyles(theme)}>(optional)</span>
          </label>
          <select
            id={fieldId('programId')}
            aria-invalid={Boolean(errors.programId)}
            aria-describedby={describedBy('programId')}
            css={inputStyles(theme)}
            {...form.register('programId')}
          >
            <option value="">Not sure yet</option>
            {programs.map((program) => (
              <option key={program.id} value={program.id}>
                {program.hint ? `${program.name} (${program.hint})` : program.name}
              </option>
            ))}
          </select>
          {errorOf('programId')}
        </div>
      )}

      {props.slots && props.slots.length > 0 && (
        <div css={fieldStyles(theme)}>
          <p id={fieldId('slots')} css={{ ...labelStyles, margin: 0 }}>
            This teacher's batches <span css={hintStyles(theme)}>(choose one to fill in its days and time)</span>
          </p>
          <div role="group" aria-labelledby={fieldId('slots')} css={chipRowStyles(theme)}>
            {props.slots.map((slot) => (
              <Button
                key={slot.label}
                type="button"
                variant="secondary"
                onClick={() => {
                  const days = new Set([...form.getValues('preferredDays'), ...slot.days.map(String)]);
                  const times = new Set([...form.getValues('preferredTimes'), slot.time]);
                  form.setValue('preferredDays', [...days], { shouldValidate: form.formState.isSubmitted });
                  form.setValue('preferredTimes', [...times], { shouldValidate: form.formState.isSubmitted });
                }}
              >
                {slot.label}
              </Button>
            ))}
          </div>
        </div>
      )}

      <fieldset css={fieldsetStyles(theme)} aria-describedby={describedBy('preferredDays')}>
        <legend css={legendStyles(theme)}>Preferred days</legend>
        <div css={chipRowStyles(theme)}>
          {weekdays.map(({ day, short, long }) => (
            <label key={day} css={chipStyles(theme)}>
              <input type="checkbox" value={String(day)} aria-label={long} {...form.register('preferredDays')} />
              <span aria-hidden="true">{short}</span>
            </label>
          ))}
        </div>
        {errorOf('preferredDays')}
      </fieldset>

      <fieldset css={fieldsetStyles(theme)} aria-describedby={describedBy('preferredTimes')}>
        <legend css={legendStyles(theme)}>Preferred times</legend>
        <div css={chipRowStyles(theme)}>
          {timesOfDay.map((time) => (
            <label key={time} css={chipStyles(theme)}>
              <input type="checkbox" value={time} {...form.register('preferredTimes')} />
              {timeOfDayLabels[time].label} <span css={hintStyles(theme)}>({timeOfDayLabels[time].hint})</span>
            </label>
          ))}
        </div>
        {errorOf('preferredTimes')}
      </fieldset>

      <fieldset css={fieldsetStyles(theme)} aria-describedby={describedBy('mode')}>
        <legend css={legendStyles(theme)}>Where should the classes happen?</legend>
        {offeredModes.map((mode) => (
          <label key={mode} css={optionRowStyles(theme)}>
            <input type="radio" value={mode} {...form.register('mode')} />
            {modeLabels[mode]}
          </label>
        ))}
        {errorOf('mode')}
      </fieldset>

      <div css={fieldStyles(theme)}>
        <label htmlFor={fieldId('message')} css={labelStyles}>
          Message for the teacher <span css={hintStyles(theme)}>(optional)</span>
        </label>
        <textarea
          id={fieldId('message')}
          rows={4}
          maxLength={messageMaxLength}
          placeholder="For example: my daughter is 8 and a beginner; weekend mornings suit us."
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy('message', `${fieldId('message')}-count`)}
          css={inputStyles(theme)}
          {...form.register('message')}
        />
        <span id={`${fieldId('message')}-count`} css={hintStyles(theme)}>
          Up to {messageMaxLength} characters.
        </span>
        {errorOf('message')}
      </div>

      <div css={fieldStyles(theme)}>
        <label htmlFor={fieldId('contactName')} css={labelStyles}>
          Your name
        </label>
        <input
          id={fieldId('contactName')}
          autoComplete="name"
          maxLength={80}
          aria-invalid={Boolean(errors.contactName)}
          aria-describedby={describedBy('contactName')}
          css={inputStyles(theme)}
          {...form.register('contactName')}
        />
        {errorOf('contactName')}
      </div>

      <div css={fieldStyles(theme)}>
        <label htmlFor={fieldId('alternatePhone')} css={labelStyles}>
          Another phone number <span css={hintStyles(theme)}>(optional)</span>
        </label>
        <input
          id={fieldId('alternatePhone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          aria-invalid={Boolean(errors.alternatePhone)}
          aria-describedby={describedBy('alternatePhone', `${fieldId('alternatePhone')}-hint`)}
          css={inputStyles(theme)}
          {...form.register('alternatePhone')}
        />
        <span id={`${fieldId('alternatePhone')}-hint`} css={hintStyles(theme)}>
          An Indian mobile the teacher may also call. Your sign-in number is always shared.
        </span>
        {errorOf('alternatePhone')}
      </div>

      {props.failure?.form && (
        <StatusMessage tone="error" title={props.failure.retryable ? 'Your enquiry was not sent yet' : 'Your enquiry could not be sent'}>
          <p css={{ margin: 0 }}>{props.failure.form}</p>
          {props.failure.retryable && (
            // A button of its own type: the kit's default would submit the form a second time.
            <Button type="button" onClick={() => void submit()} disabled={props.pending} css={{ marginTop: theme.space(3) }}>
              Try again
            </Button>
          )}
        </StatusMessage>
      )}

      <div css={{ display: 'grid', gap: theme.space(2) }}>
        {props.submitNote && <p css={{ ...hintStyles(theme), margin: 0 }}>{props.submitNote}</p>}
        <Button type="submit" disabled={props.pending || form.formState.isSubmitting} aria-busy={props.pending}>
          {props.pending ? 'Sending…' : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
