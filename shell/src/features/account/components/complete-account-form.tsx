import { useForm } from 'react-hook-form';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { useCompleteLearnerAccount } from '@kalike/shared/learner-account/learner-account-api';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { emailRule, nameRule } from '@kalike/shared/learner-account/account-rules';
import { space } from '@kalike/shared/ui/theme';

const formStyles = css({ display: 'grid', gap: space(3) });
const welcomeStyles = css({ margin: 0 });
const optionalHintStyles = css({ fontWeight: 400 });

/** After a first sign-in: the one thing we need before anything else is a name. */
export function CompleteAccountForm({ onDone }: { onDone: () => void }) {
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
      <TextField label="Your name" autoComplete="name" error={errors.name?.message} registration={form.register('name', nameRule)} />
      <TextField
        label={
          <>
            Email <span css={optionalHintStyles}>(optional, for receipts)</span>
          </>
        }
        type="email"
        autoComplete="email"
        error={errors.email?.message ?? (complete.isError ? readableErrorMessage(complete.error) : undefined)}
        registration={form.register('email', emailRule)}
      />
      <Button type="submit" disabled={complete.isPending}>
        {complete.isPending ? 'Saving…' : 'Continue'}
      </Button>
    </form>
  );
}
