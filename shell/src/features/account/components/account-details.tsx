import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import type { LearnerAccountDto } from '@kalike/shared/contracts/accounts';
import { formatIndianPhone } from '@kalike/shared/format/phone';
import { useUpdateLearnerAccount } from '@kalike/shared/learner-account/learner-account-api';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { emailRule, nameRule } from '@kalike/shared/learner-account/account-rules';
import { colors, space } from '@kalike/shared/ui/theme';

const formStyles = css({ display: 'grid', gap: space(2) });
const formActionsStyles = css({ display: 'flex', gap: space(2) });

function EditDetailsForm({ account, onDone }: { account: LearnerAccountDto; onDone: () => void }) {
  const update = useUpdateLearnerAccount(account.id);
  const form = useForm<{ name: string; email: string }>({
    defaultValues: { name: account.name.name, email: account.email?.email ?? '' },
  });
  const submit = form.handleSubmit(async ({ name, email }) => {
    const saved = await update.mutateAsync({ name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}) }).catch(() => null);
    if (saved) onDone();
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label="Edit your details" css={formStyles}>
      <TextField label="Name" autoComplete="name" error={errors.name?.message} registration={form.register('name', nameRule)} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message ?? (update.isError ? readableErrorMessage(update.error) : undefined)}
        registration={form.register('email', emailRule)}
      />
      <div css={formActionsStyles}>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const detailsStyles = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${space(1)} ${space(4)}`, margin: 0 });
const termStyles = css({ color: colors.textMuted });
const definitionStyles = css({ margin: 0 });
const editButtonRowStyles = css({ marginTop: space(3) });

export function AccountDetails({ account }: { account: LearnerAccountDto }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <EditDetailsForm account={account} onDone={() => setEditing(false)} />;
  return (
    <Card>
      <dl css={detailsStyles}>
        <dt css={termStyles}>Name</dt>
        <dd css={definitionStyles}>{account.name.name || '—'}</dd>
        <dt css={termStyles}>Mobile</dt>
        <dd css={definitionStyles}>{formatIndianPhone(account.phone.phone)}</dd>
        <dt css={termStyles}>Email</dt>
        <dd css={definitionStyles}>{account.email?.email ?? 'Not added'}</dd>
      </dl>
      <div css={editButtonRowStyles}>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit details
        </Button>
      </div>
    </Card>
  );
}
