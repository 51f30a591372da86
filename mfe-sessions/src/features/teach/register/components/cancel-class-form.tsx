import { useState } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { sessionLimits } from '@kalike/shared/domain/session-values';
import { Button } from '@kalike/shared/ui/button';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { stack } from '@kalike/shared/ui/layout-styles';
import { errorText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { useCancelSession } from '../api/session-register';

const textareaStyle = css({ resize: 'vertical', fontFamily: 'inherit' });
const doneStyle = css({ margin: 0, fontWeight: 600, color: colors.success });

/** Calls off this class with a reason; the API texts every family in the batch. */
export function CancelClassForm({ sessionId }: { sessionId: string }) {
  const { form, register } = useCheckedForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const [done, setDone] = useState(false);
  const cancel = useCancelSession(sessionId);

  if (done) {
    return (
      <p role="status" css={doneStyle}>
        Class cancelled. Every family in the batch has been sent a text, and the reason shows on their sessions.
      </p>
    );
  }

  const submit = form.handleSubmit(({ reason }) => cancel.mutate({ reason: reason.trim() }, { onSuccess: () => setDone(true) }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate css={stack[3]} aria-label="Cancel this class">
      <TextAreaField
        label="Reason for cancelling"
        hint={`Families see this with their sessions. At most ${sessionLimits.cancelReasonMax} characters.`}
        css={textareaStyle}
        rows={2}
        maxLength={sessionLimits.cancelReasonMax}
        disabled={cancel.isPending}
        error={form.formState.errors.reason?.message}
        registration={register('reason', {
          validate: (reason) => (reason.trim() ? true : 'Write why the class is cancelled.'),
        })}
      />
      <Button type="submit" variant="secondary" disabled={cancel.isPending}>
        {cancel.isPending ? 'Cancelling…' : 'Cancel class and tell families'}
      </Button>
      {cancel.isError && (
        <p role="alert" css={errorText}>
          The class was not cancelled. {readableErrorMessage(cancel.error)}
        </p>
      )}
    </form>
  );
}
