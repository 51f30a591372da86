import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { useCompleteLearnerAccount } from '@kalike/shared/learner-account/learner-account-api';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { emailRule, nameRule } from '@kalike/shared/learner-account/account-rules';
import { theme, space } from '@kalike/shared/ui/theme';
import { inputStyles, labelStyles as fieldLabelStyles } from '@kalike/shared/ui/form/form-styles';

const formStyles = css({ display: 'grid', gap: space(3) });
const welcomeStyles = css({ margin: 0 });
const inputFieldStyles = css(inputStyles(theme));
const optionalHintStyles = css({ fontWeight: 400 });

/** After a first sign-in: the one thing we need before anything else is a name. */
export function CompleteAccountForm({ onDone }: { onDone: () => void }) {
  const nameId = useId();
  const emailId = useId();
  const complete = useCompleteLearnerAccount();
  const form = useForm<{ name: string; email: string }>({ defaultValues: { name: '', email: '' } });
  const submit = form.handleSubmit(async ({ name, email }) => {
    const done = await complete.mutateAsync({ name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}) }).catch(() => null);
    if (done) onDone();
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate css={formStyles}>
      <p css={welcomeStyles}>Welcome to Kalike! Tell teachers who you are.</p>
      <label htmlFor={nameId} css={fieldLabelStyles}>
        Your name
      </label>
      <input id={nameId} autoComplete="name" aria-invalid={Boolean(errors.name)} css={inputFieldStyles} {...form.register('name', nameRule)} />
      <FieldError id={`${nameId}-error`} message={errors.name?.message} />
      <label htmlFor={emailId} css={fieldLabelStyles}>
        Email <span css={optionalHintStyles}>(optional, for receipts)</span>
      </label>
      <input
        id={emailId}
        type="email"
        autoComplete="email"
        aria-invalid={Boolean(errors.email)}
        css={inputFieldStyles}
        {...form.register('email', emailRule)}
      />
      <FieldError id={`${emailId}-error`} message={errors.email?.message ?? (complete.isError ? readableErrorMessage(complete.error) : undefined)} />
      <Button type="submit" disabled={complete.isPending}>
        {complete.isPending ? 'Saving…' : 'Continue'}
      </Button>
    </form>
  );
}
