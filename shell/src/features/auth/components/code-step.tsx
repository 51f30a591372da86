import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { useCountdown } from '@kalike/shared/hooks/use-countdown';
import { formatIndianPhone } from '@kalike/shared/format/phone';

import { requestOtp, verifyOtp, type OtpRequested, type SignedIn } from '../api/sign-in';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { colors, space } from '@kalike/shared/ui/theme';

interface CodeStepProps {
  phone: string;
  request: OtpRequested;
  onResent: (request: OtpRequested) => void;
  onChangeNumber: () => void;
  /** Resolves once the next page is chosen; the form stays busy until then. */
  onSignedIn: (result: SignedIn) => Promise<void> | void;
}

const formStyles = css({ display: 'grid', gap: space(3) });
const sentToStyles = css({ margin: 0 });
const buttonStyles = css({ background: 'none', border: 0, padding: 0, color: colors.brand, textDecoration: 'underline', cursor: 'pointer' });
const codeInputStyles = css({ letterSpacing: '0.4em', fontSize: '1.25rem' });

export function CodeStep({ phone, request, onResent, onChangeNumber, onSignedIn }: CodeStepProps) {
  // The step is re-mounted for each new code, which restarts the countdown.
  const resendIn = useCountdown(request.resendAfterSeconds);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const verify = useMutation({
    mutationKey: ['me', 'otp-verify'],
    mutationFn: (code: string) => verifyOtp({ requestId: request.requestId, phone, code }),
  });
  const resend = useMutation({
    mutationKey: ['me', 'otp-request'],
    mutationFn: () => requestOtp(phone),
    onSuccess: (next) => {
      form.reset({ code: '' });
      verify.reset();
      onResent(next);
    },
  });

  const submit = form.handleSubmit(async ({ code }) => {
    const result = await verify.mutateAsync(code).catch(() => null);
    if (result) await onSignedIn(result);
  });

  const failure = verify.error ?? resend.error;
  const error = form.formState.errors.code?.message ?? (failure ? readableErrorMessage(failure) : undefined);
  return (
    <form onSubmit={submit} noValidate css={formStyles}>
      <p css={sentToStyles}>
        We sent a 6-digit code to <strong>{formatIndianPhone(phone)}</strong>.{' '}
        <button type="button" onClick={onChangeNumber} css={buttonStyles}>
          Change number
        </button>
      </p>
      <TextField
        label="One-time code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={error}
        css={codeInputStyles}
        registration={form.register('code', { pattern: { value: /^\d{6}$/, message: 'The code has 6 digits.' }, required: 'Enter the code from the SMS.' })}
      />
      <Button type="submit" disabled={verify.isPending || form.formState.isSubmitting}>
        {verify.isPending || form.formState.isSubmitting ? 'Checking…' : 'Verify and continue'}
      </Button>
      <Button type="button" variant="secondary" disabled={resendIn > 0 || resend.isPending} onClick={() => resend.mutate()}>
        {resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
      </Button>
    </form>
  );
}
