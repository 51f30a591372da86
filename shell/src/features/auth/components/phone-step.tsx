import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { requestOtp, type OtpRequested } from '../api/sign-in';
import { toIndianMobile } from '@kalike/shared/domain/load-indian-mobile';
import { Field } from '@kalike/shared/ui/form/field';
import { formInput } from '@kalike/shared/ui/form/form-css';
import { inputStyles } from '@kalike/shared/ui/form/form-styles';
import { theme, colors, space, font } from '@kalike/shared/ui/theme';

/** A demo number is passed on: only the API knows whether it runs as the local demo, and elsewhere answers INVALID_PHONE. */
const signInPhoneRules = { acceptDemoNumbers: true };

const formStyles = css({ display: 'grid', gap: space(3) });
const phoneRowStyles = css({ display: 'flex', alignItems: 'stretch', gap: space(2) });
const countryCodeStyles = css({ ...inputStyles(theme), width: 'auto', display: 'grid', placeItems: 'center' });
const hintStyles = css({ margin: 0, color: colors.textMuted, fontSize: font.size.small });

export function PhoneStep({ onCodeSent }: { onCodeSent: (phone: string, request: OtpRequested) => void }) {
  const form = useForm<{ phone: string }>({ defaultValues: { phone: '' } });
  const send = useMutation({
    mutationKey: ['me', 'otp-request'],
    mutationFn: (phone: string) => requestOtp(phone),
  });

  const submit = form.handleSubmit(async ({ phone }) => {
    const e164 = await toIndianMobile(phone, signInPhoneRules);
    if (!e164) return;
    const request = await send.mutateAsync(e164).catch(() => null);
    if (request) onCodeSent(e164, request);
  });

  const error = form.formState.errors.phone?.message ?? (send.isError ? readableErrorMessage(send.error) : undefined);
  return (
    <form onSubmit={submit} noValidate css={formStyles}>
      <Field label="Your mobile number" error={error}>
        {(control) => (
          <div css={phoneRowStyles}>
            <span aria-hidden="true" css={countryCodeStyles}>
              +91
            </span>
            <input
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="98450 12345"
              css={formInput}
              {...control}
              {...form.register('phone', {
                validate: async (value) => ((await toIndianMobile(value, signInPhoneRules)) ? true : 'Enter a 10-digit Indian mobile number.'),
              })}
            />
          </div>
        )}
      </Field>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending code…' : 'Send code'}
      </Button>
      <p css={hintStyles}>We will send a one-time code by SMS. New to Kalike? The same code creates your account.</p>
    </form>
  );
}
