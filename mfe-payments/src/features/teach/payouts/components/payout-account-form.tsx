import { css } from '@emotion/react';
import { useId, useState, type FormEvent } from 'react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { PayoutAccount } from '@kalike/shared/contracts/payouts';
import { payoutAccountVerificationLabels, type PayoutAccountKind, type PayoutAccountVerification } from '@kalike/shared/domain/payout-lifecycle';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { FieldError } from '@kalike/shared/ui/form-field';
import { formField, formFieldset, formHint, formInput, formLegend, formOptionRow } from '@kalike/shared/ui/form-css';
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
      {account.verification === 'failed' && account.failureReason && (
        <p role="alert" css={wrapText}>
          {account.failureReason}
        </p>
      )}
      {account.verification === 'pending' && <p css={mutedText}>The bank is checking it; this page updates when it answers.</p>}
    </Card>
  );
}

const kindLabels: Record<PayoutAccountKind, string> = { upi: 'UPI', bank: 'Bank account' };

/** The account payouts go to: what is saved and its verification, and the form to add or change it. */
export function PayoutAccountForm({ account }: { account: PayoutAccount | null }) {
  const ids = { holder: useId(), number: useId(), ifsc: useId(), upi: useId(), error: useId() };
  const [editing, setEditing] = useState(account === null);
  const [draft, setDraft] = useState<PayoutAccountDraft>(emptyPayoutAccountDraft);
  const [problem, setProblem] = useState<{ field: keyof PayoutAccountDraft; message: string } | null>(null);
  const save = useSavePayoutAccount();
  const set = (field: keyof PayoutAccountDraft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkPayoutAccountDraft(draft);
    if (!check.ok) return setProblem({ field: check.field, message: check.message });
    setProblem(null);
    save.mutate(check.body, {
      onSuccess: (saved) => {
        setDraft(emptyPayoutAccountDraft);
        setEditing(saved.verification === 'failed');
      },
    });
  }

  const fieldProps = (field: keyof PayoutAccountDraft, id: string) => ({
    id,
    css: formInput,
    value: draft[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    'aria-invalid': problem?.field === field || undefined,
    'aria-describedby': problem?.field === field ? ids.error : undefined,
  });

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
        <form css={stack[4]} onSubmit={submit} noValidate aria-label="Payout account">
          <fieldset css={formFieldset}>
            <legend css={formLegend}>Pay me to</legend>
            <div css={wrapRow}>
              {(['upi', 'bank'] as const).map((kind) => (
                <label key={kind} css={formOptionRow}>
                  <input
                    type="radio"
                    name="payout-kind"
                    value={kind}
                    checked={draft.kind === kind}
                    onChange={() => {
                      set('kind')(kind);
                      setProblem(null);
                    }}
                  />
                  {kindLabels[kind]}
                </label>
              ))}
            </div>
          </fieldset>
          {draft.kind === 'upi' ? (
            <div css={formField}>
              <label htmlFor={ids.upi} css={strongText}>
                UPI id
              </label>
              <input {...fieldProps('upiId', ids.upi)} inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="name@bank" />
            </div>
          ) : (
            <>
              <div css={formField}>
                <label htmlFor={ids.holder} css={strongText}>
                  Account holder&apos;s name
                </label>
                <input {...fieldProps('holderName', ids.holder)} autoComplete="name" />
              </div>
              <div css={formField}>
                <label htmlFor={ids.number} css={strongText}>
                  Account number
                </label>
                <input {...fieldProps('accountNumber', ids.number)} inputMode="numeric" autoComplete="off" />
                <p css={formHint}>Kalike keeps only the last four digits; the bank checks the rest.</p>
              </div>
              <div css={formField}>
                <label htmlFor={ids.ifsc} css={strongText}>
                  IFSC
                </label>
                <input {...fieldProps('ifsc', ids.ifsc)} autoCapitalize="characters" autoComplete="off" spellCheck={false} placeholder="HDFC0001234" />
              </div>
            </>
          )}
          <FieldError id={ids.error} message={problem?.message} />
          <FieldError id={`${ids.error}-save`} message={save.isError ? readableErrorMessage(save.error) : undefined} />
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
