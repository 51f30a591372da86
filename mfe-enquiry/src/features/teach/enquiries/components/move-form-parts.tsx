import { useEffect, useId, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { useController, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { formHint } from '@kalike/shared/ui/form/form-css';
import { RadioOption } from '@kalike/shared/ui/form/radio-option';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { errorText, mutedText, strongText } from '@kalike/shared/ui/text-styles';
import { colors, space, radius } from '@kalike/shared/ui/theme';

import { enquiryKeys } from '../../../../api/enquiry-keys';
import type { useOfferChoices } from '../api/get-teacher-inbox';
import { describeTeacherMoveFailure } from '../utils/teacher-move-failure';

/** What every one of the teacher's move forms is given by the moves section. */
export interface MoveFormProps {
  enquiry: Enquiry;
  onDone: (sentence: string) => void;
  onRefused: (sentence: string) => void;
  onCancel: () => void;
}

export const movePanelStyle = css({
  display: 'grid',
  gap: space(3),
  padding: space(4),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
  minWidth: 0,
});

/**
 * A move's failure: one the enquiry moved on from (refused by the lifecycle, a batch filled up)
 * reloads the enquiry and is told above the moves, since the form may no longer be offered;
 * any other failure shows next to the form's button.
 */
export function useFailureHandler(enquiryId: string, onRefused: (sentence: string) => void) {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    const failure = describeTeacherMoveFailure(error);
    if (failure.stale) {
      onRefused(failure.message);
      void queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(enquiryId) });
      void queryClient.invalidateQueries({ queryKey: enquiryKeys.teach.offerChoices(enquiryId) });
    }
  };
}

/** The inline failure: only those the form can fix (a field, the connection). */
export const inlineFailure = (error: unknown) => {
  if (!error) return null;
  const failure = describeTeacherMoveFailure(error);
  return failure.stale ? null : failure.message;
};

export function MoveFormButtons({
  pending,
  submitLabel,
  pendingLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
}) {
  return (
    <div css={wrapRow}>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}

export function OptionalMessage({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <TextAreaField
      label={
        <>
          A note to the family <span css={formHint}>(optional)</span>
        </>
      }
      rows={2}
      maxLength={enquiryLimits.teacherMessageMaxLength}
      registration={registration}
    />
  );
}

/** The optional note as the API takes it: left out when blank. */
export const optionalMessage = (message: string) => (message.trim() ? { message: message.trim() } : {});

/** Loading or failing to load the batches and classes; nothing once they are there. */
export function ChoicesState({ choices }: { choices: ReturnType<typeof useOfferChoices> }) {
  if (choices.isPending) return <p css={mutedText}>Loading what you can offer…</p>;
  if (choices.isError) {
    return (
      <div css={stack[2]}>
        <p role="alert" css={errorText}>
          What you can offer could not be loaded. {readableErrorMessage(choices.error)}
        </p>
        <div>
          <Button type="button" variant="secondary" onClick={() => void choices.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return null;
}

interface ChoiceValues {
  choiceId: string;
  message: string;
}

interface ChoiceMoveFormProps<Option extends { id: string }> {
  /** The form's heading, which names it ("Offer a demo class"). */
  heading: string;
  choices: ReturnType<typeof useOfferChoices>;
  /** What the teacher may offer, once the choices are loaded. */
  options: readonly Option[];
  /** Said when the choices are loaded and there is nothing to offer. */
  noOptions: string;
  legend: string;
  /** The problem when the teacher sends without choosing. */
  required: string;
  /** More room per option, for details that run long. */
  roomy?: boolean;
  /** The option chosen to begin with, once the options are loaded (what the family asked for). */
  initialChoiceId?: string | null;
  optionTitle: (option: Option) => ReactNode;
  optionDetail: (option: Option) => ReactNode;
  /** More about the chosen option, under the list. */
  chosenDetails?: (option: Option) => ReactNode;
  /** The move's mutation: whether it is running, and how it last failed. */
  pending: boolean;
  error: unknown;
  /** Sends the move for the chosen option with the optional note, as the API takes it. */
  send: (choiceId: string, note: { message?: string }) => void;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
}

/**
 * A move that offers one of several things (a demo class, a place in a batch), chosen by radio,
 * with an optional note. Each move says what it offers and how it is sent.
 */
export function ChoiceMoveForm<Option extends { id: string }>({
  heading,
  choices,
  options,
  noOptions,
  legend,
  required,
  roomy = false,
  initialChoiceId = null,
  optionTitle,
  optionDetail,
  chosenDetails,
  pending,
  error,
  send,
  submitLabel,
  pendingLabel,
  onCancel,
}: ChoiceMoveFormProps<Option>) {
  const id = useId();
  const form = useForm<ChoiceValues>({ defaultValues: { choiceId: '', message: '' }, reValidateMode: 'onSubmit' });
  // A controller, not register: the option must be chosen even while there are none to show.
  const choice = useController({ control: form.control, name: 'choiceId', rules: { required } });
  const chosen = options.find((option) => option.id === choice.field.value);
  // Chosen once, when the options arrive; the teacher may change it.
  const { setValue, getValues } = form;
  useEffect(() => {
    if (initialChoiceId && !getValues('choiceId')) setValue('choiceId', initialChoiceId);
  }, [initialChoiceId, getValues, setValue]);
  const submit = form.handleSubmit(({ choiceId, message }) => {
    if (pending) return;
    send(choiceId, optionalMessage(message));
  });
  const failure = choice.fieldState.error?.message ?? inlineFailure(error);
  return (
    <form onSubmit={(event) => void submit(event)} css={movePanelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        {heading}
      </h3>
      <ChoicesState choices={choices} />
      {choices.isSuccess && options.length === 0 && <p css={mutedText}>{noOptions}</p>}
      {options.length > 0 && (
        <FieldGroup legend={legend} describedBy={`${id}-error`}>
          {options.map((option) => (
            <RadioOption
              key={option.id}
              roomy={roomy}
              name={`${id}-choice`}
              value={option.id}
              checked={choice.field.value === option.id}
              onChange={() => choice.field.onChange(option.id)}
              onBlur={choice.field.onBlur}
              title={optionTitle(option)}
              detail={optionDetail(option)}
            />
          ))}
        </FieldGroup>
      )}
      {chosen && chosenDetails?.(chosen)}
      {options.length > 0 && <OptionalMessage registration={form.register('message')} />}
      <FormFailure id={`${id}-error`} message={failure} />
      <MoveFormButtons pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} onCancel={onCancel} />
    </form>
  );
}
