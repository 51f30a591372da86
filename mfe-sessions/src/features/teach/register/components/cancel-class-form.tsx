import { useId, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { sessionLimits } from '@kalike/shared/domain/session-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form-field';
import { formField, formHint, formInput } from '@kalike/shared/ui/form-css';
import { stack } from '@kalike/shared/ui/layout-styles';
import { boldWeight, errorText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { useCancelSession } from '../api/session-register';

const textareaStyle = css(formInput, { resize: 'vertical', fontFamily: 'inherit' });
const doneStyle = css({ margin: 0, fontWeight: 600, color: colors.success });

/** Calls off this class with a reason; the API texts every family in the batch. */
export function CancelClassForm({ sessionId }: { sessionId: string }) {
  const ids = { reason: useId(), hint: useId(), error: useId() };
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState(false);
  const cancel = useCancelSession(sessionId);

  if (done) {
    return (
      <p role="status" css={doneStyle}>
        Class cancelled. Every family in the batch has been sent a text, and the reason shows on their sessions.
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    cancel.mutate({ reason: trimmed }, { onSuccess: () => setDone(true) });
  };

  return (
    <form onSubmit={submit} noValidate css={stack[3]} aria-label="Cancel this class">
      <div css={formField}>
        <label htmlFor={ids.reason} css={boldWeight}>
          Reason for cancelling
        </label>
        <span id={ids.hint} css={formHint}>
          Families see this with their sessions. At most {sessionLimits.cancelReasonMax} characters.
        </span>
        <textarea
          id={ids.reason}
          css={textareaStyle}
          rows={2}
          value={reason}
          maxLength={sessionLimits.cancelReasonMax}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${ids.hint} ${ids.error}` : ids.hint}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          disabled={cancel.isPending}
        />
        <FieldError id={ids.error} message={missing ? 'Write why the class is cancelled.' : undefined} />
      </div>
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
