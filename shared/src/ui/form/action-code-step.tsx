import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { ActionCodePurpose, ActionCodeResponse, ActionConfirmation } from '@kalike/shared/contracts/action-codes';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { apiSend } from '@kalike/shared/api/client';
import { useCountdown } from '@kalike/shared/hooks/use-countdown';
import { Button } from '@kalike/shared/ui/button';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { space } from '@kalike/shared/ui/theme';

export interface ActionCodeStepProps {
  purpose: ActionCodePurpose;
  /** The button that confirms, e.g. "Delete my account". */
  confirmLabel: string;
  /** Does the action with the code; its failure is shown here and the code can be tried again. */
  onConfirm: (confirmation: ActionConfirmation) => Promise<unknown>;
  onCancel?: () => void;
}

const stepStyles = css({ display: 'grid', gap: space(3) });
const sentenceStyles = css({ margin: 0 });
const codeInputStyles = css({ letterSpacing: '0.4em', fontSize: '1.25rem' });

function requestActionCode(purpose: ActionCodePurpose): Promise<ActionCodeResponse> {
  return apiSend<ActionCodeResponse>('post', 'v1/auth/action-codes', { purpose });
}

/**
 * The second step of an action that a sign-in alone must not be enough for: a code texted to
 * the account's phone, typed here, sent with the action. Nothing is texted until the person asks.
 */
export function ActionCodeStep({ purpose, confirmLabel, onConfirm, onCancel }: ActionCodeStepProps) {
  const [sent, setSent] = useState<ActionCodeResponse | null>(null);
  const send = useMutation({ mutationKey: ['me', 'action-code', purpose], mutationFn: () => requestActionCode(purpose), onSuccess: setSent });
  if (!sent) {
    return (
      <div css={stepStyles}>
        <p css={sentenceStyles}>To confirm, we will text a 6-digit code to the phone on your account.</p>
        {send.error ? (
          <p role="alert" css={sentenceStyles}>
            {readableErrorMessage(send.error)}
          </p>
        ) : null}
        <Button type="button" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? 'Sending…' : 'Text me a code'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    );
  }
  return <CodeEntry key={sent.requestId} sent={sent} resend={send} confirmLabel={confirmLabel} onConfirm={onConfirm} onCancel={onCancel} />;
}

interface CodeEntryProps extends Pick<ActionCodeStepProps, 'confirmLabel' | 'onConfirm' | 'onCancel'> {
  sent: ActionCodeResponse;
  resend: { mutate: () => void; isPending: boolean; error: Error | null };
}

function CodeEntry({ sent, resend, confirmLabel, onConfirm, onCancel }: CodeEntryProps) {
  const resendIn = useCountdown(sent.resendAfterSeconds);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const submit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    await onConfirm({ requestId: sent.requestId, code }).catch(setFailure);
  });
  const failed = failure ?? resend.error;
  const error = form.formState.errors.code?.message ?? (failed ? readableErrorMessage(failed) : undefined);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate css={stepStyles}>
      <p css={sentenceStyles}>
        We texted a code to <strong>{sent.sentTo}</strong>.
      </p>
      <TextField
        label="Code from the text"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={error}
        css={codeInputStyles}
        registration={form.register('code', { pattern: { value: /^\d{6}$/, message: 'The code has 6 digits.' }, required: 'Enter the code from the text.' })}
      />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Checking…' : confirmLabel}
      </Button>
      <Button type="button" variant="secondary" disabled={resendIn > 0 || resend.isPending} onClick={() => resend.mutate()}>
        {resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
      </Button>
      {onCancel ? (
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}
