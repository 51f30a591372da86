import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { ActionConfirmation } from '@kalike/shared/contracts/action-codes';
import type { PayoutAccount, PayoutAccountBody } from '@kalike/shared/contracts/payouts';
import {
  payoutAccountCoolingOffHours,
  payoutAccountVerificationLabels,
  type PayoutAccountKind,
  type PayoutAccountVerification,
} from '@kalike/shared/domain/payout-lifecycle';
import { formatDateTime } from '@kalike/shared/format/dates';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import type { FormCheck } from '@kalike/shared/ui/form/check-resolver';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { ActionCodeStep } from '@kalike/shared/ui/form/action-code-step';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { formOptionRow } from '@kalike/shared/ui/form/form-css';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { mutedText, strongText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { statusPill, statusPillTone } from '../../../../components/status-pill-styles';
import { useSavePayoutAccount } from '../api/payouts-api';
import { checkPayoutAccountDraft, emptyPayoutAccountDraft, type PayoutAccountDraft } from '../utils/payout-account-draft';

const headRow = css({ display: 'flex', justifyContent: 'space-between', gap: space(3), alignItems: 'baseline', flexWrap: 'wrap' });
const wrapText = css({ margin: 0, overflowWrap: 'anywhere' });

const verificationTone: Record<PayoutAccountVerification, (typeof statusPillTone)[keyof typeof statusPillTone]> = {
  pending: statusPillTone.due,
  verified: statusPillTone.paid,
  review: statusPillTone.due,
  failed: statusPillTone.void,
};

/** "UPI priya@okaxis" or "Bank account ····5678 · HDFC0001234": never more of the number than the API returns. */
export function payoutAccountLabel(account: PayoutAccount): string {
  return account.kind === 'upi' ? `UPI ${account.upiId ?? ''}` : `Bank account ····${account.accountLast4 ?? ''} · ${account.ifsc ?? ''}`;
}

function CurrentAccount({ account }: { account: PayoutAccount }) {
  return (
    <Card as="article" aria-label="Your payout account" css={stack[2]}>
      <div css={headRow}>
        <p css={[strongText, wrapText]}>{payoutAccountLabel(account)}</p>
        <span css={[statusPill, verificationTone[account.verification]]}>{payoutAccountVerificationLabels[account.verification]}</span>
      </div>
      {account.holderName && <p css={mutedText}>In the name of {account.holderName}</p>}
      {account.nameAtBank && <p css={mutedText}>The bank has it as {account.nameAtBank}.</p>}
      {account.heldUntil && account.verification !== 'failed' && (
        <p css={mutedText}>
          Changed on {formatDateTime(account.changedAt)}. Payouts to it start after {formatDateTime(account.heldUntil)}.
        </p>
      )}
      {account.verification === 'failed' && account.failureReason && (
        <p role="alert" css={wrapText}>
          {account.failureReason}
        </p>
      )}
      {account.verification === 'pending' && <p css={mutedText}>The bank is checking it; this page updates when it answers.</p>}
      {account.verification === 'review' && (
        <p css={wrapText}>
          The bank has this account under a name that is not the one on your Kalike profile. No payout goes to it until Kalike has checked it with you.
        </p>
      )}
    </Card>
  );
}

const kindLabels: Record<PayoutAccountKind, string> = { upi: 'UPI', bank: 'Bank account' };

/** The draft's check as the form's: the body to save, or its one problem under its field. */
const payoutAccountCheck: FormCheck<PayoutAccountDraft, PayoutAccountBody> = (draft) => {
  const check = checkPayoutAccountDraft(draft);
  return check.ok ? { body: check.body } : { errors: { [check.field]: check.message } };
};

/** The account payouts go to: what is saved and its verification, and the form to add or change it. */
export function PayoutAccountForm({ account }: { account: PayoutAccount | null }) {
  const formId = useId();
  const [editing, setEditing] = useState(account === null);
  // A problem stays until the next try, or until the kind of account changes.
  const { form, register } = useCheckedForm<PayoutAccountDraft, PayoutAccountBody>({ defaultValues: emptyPayoutAccountDraft, check: payoutAccountCheck });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors } = form.formState;
  const save = useSavePayoutAccount();
  // The second step: the account as typed, waiting for the code texted to confirm the change.
  const [toConfirm, setToConfirm] = useState<PayoutAccountBody | null>(null);

  const submit = form.handleSubmit((body) => setToConfirm(body));
  const confirm = async (confirmation: ActionConfirmation) => {
    if (!toConfirm) return;
    const saved = await save.mutateAsync({ ...toConfirm, confirmation });
    form.reset(emptyPayoutAccountDraft);
    setToConfirm(null);
    setEditing(saved.verification === 'failed');
  };

  if (toConfirm) {
    return (
      <div css={stack[4]}>
        {account && <CurrentAccount account={account} />}
        <Card as="section" aria-label="Confirm the change" css={stack[3]}>
          <p css={wrapText}>
            To change where your money goes, confirm it is you. Payouts to a new account wait {payoutAccountCoolingOffHours} hours, and we text you about every
            change.
          </p>
          <ActionCodeStep purpose="payout-account" confirmLabel="Confirm and verify" onConfirm={confirm} onCancel={() => setToConfirm(null)} />
        </Card>
      </div>
    );
  }

  return (
    <div css={stack[4]}>
      {account && <CurrentAccount account={account} />}
      {!editing ? (
        <div>
          <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
            Change payout account
          </Button>
        </div>
      ) : (
        <form css={stack[4]} onSubmit={(event) => void submit(event)} noValidate aria-label="Payout account">
          <FieldGroup legend="Pay me to">
            <div css={wrapRow}>
              {(['upi', 'bank'] as const).map((option) => (
                <label key={option} css={formOptionRow}>
                  <input type="radio" value={option} {...register('kind', { onChange: () => form.clearErrors() })} />
                  {kindLabels[option]}
                </label>
              ))}
            </div>
          </FieldGroup>
          {kind === 'upi' ? (
            <TextField
              label="UPI id"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="name@bank"
              error={errors.upiId?.message}
              registration={form.register('upiId')}
            />
          ) : (
            <>
              <TextField label="Account holder's name" autoComplete="name" error={errors.holderName?.message} registration={form.register('holderName')} />
              <TextField
                label="Account number"
                hint="Kalike keeps only the last four digits; the bank checks the rest."
                inputMode="numeric"
                autoComplete="off"
                error={errors.accountNumber?.message}
                registration={form.register('accountNumber')}
              />
              <TextField
                label="IFSC"
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                placeholder="HDFC0001234"
                error={errors.ifsc?.message}
                registration={form.register('ifsc')}
              />
            </>
          )}
          <FieldError id={`${formId}-save`} message={save.isError ? readableErrorMessage(save.error) : undefined} />
          <div css={wrapRow}>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Verifying…' : 'Save and verify'}
            </Button>
            {account && (
              <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
                Keep the current account
              </Button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
