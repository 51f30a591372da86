import { useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { formHint } from '@kalike/shared/ui/form/form-css';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { errorText, mutedText } from '@kalike/shared/ui/text-styles';
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
export const moveRadioStyle = css({ flex: '0 0 auto', width: '1.25rem', height: '1.25rem', margin: 0 });

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
