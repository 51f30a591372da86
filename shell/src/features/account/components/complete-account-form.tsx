import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTheme } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { useCompleteLearnerAccount } from '@kalike/shared/learner-account/learner-account-api';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';
import { emailRule, nameRule } from '@kalike/shared/learner-account/account-rules';

/** After a first sign-in: the one thing we need before anything else is a name. */
export function CompleteAccountForm({ onDone }: { onDone: () => void }) {
  const theme = useTheme();
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
    <form onSubmit={submit} noValidate css={{ display: 'grid', gap: theme.space(3) }}>
      <p css={{ margin: 0 }}>Welcome to Kalike! Tell teachers who you are.</p>
      <label htmlFor={nameId} css={{ fontWeight: 600 }}>
        Your name
      </label>
      <input id={nameId} autoComplete="name" aria-invalid={Boolean(errors.name)} css={inputStyles(theme)} {...form.register('name', nameRule)} />
      <FieldError id={`${nameId}-error`} message={errors.name?.message} />
      <label htmlFor={emailId} css={{ fontWeight: 600 }}>
        Email <span css={{ fontWeight: 400 }}>(optional, for receipts)</span>
      </label>
      <input id={emailId} type="email" autoComplete="email" aria-invalid={Boolean(errors.email)} css={inputStyles(theme)} {...form.register('email', emailRule)} />
      <FieldError id={`${emailId}-error`} message={errors.email?.message ?? (complete.isError ? readableErrorMessage(complete.error) : undefined)} />
      <Button type="submit" disabled={complete.isPending}>
        {complete.isPending ? 'Saving…' : 'Continue'}
      </Button>
    </form>
  );
}
