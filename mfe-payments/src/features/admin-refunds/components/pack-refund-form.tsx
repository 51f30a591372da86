import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { newIdempotencyKey } from '@kalike/shared/api/idempotency-key';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AdminPack, AdminRefundBody, AdminRefundKind } from '@kalike/shared/contracts/admin-refunds';
import type { RefundMethod } from '@kalike/shared/domain/refund-policy';
import { rupeesToPaise } from '@kalike/shared/domain/listing-authoring-rules';
import { formatPaise } from '@kalike/shared/format/money';
import { Button } from '@kalike/shared/ui/button';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { SelectField, TextAreaField, TextField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { wrapRow } from '@kalike/shared/ui/layout-styles';
import { strongText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useRefundPack } from '../api/admin-refunds';
import { reasonProblem } from './report-item';

const formStyles = css({ display: 'grid', gap: space(2) });
const reasonCss = css({ minHeight: '4.5rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });

interface RefundValues {
  kind: AdminRefundKind;
  amount: string;
  method: RefundMethod;
  reason: string;
}

/** The amount typed, in paise, checked against what the pack still holds unrefunded (the API checks it again). */
export function amountProblem(typed: string, refundablePaise: number): string | null {
  const paise = rupeesToPaise(typed);
  if (paise === null || paise < 100) return 'Type an amount in rupees, at least ₹1';
  if (paise > refundablePaise) return `At most ${formatPaise(refundablePaise)} of this pack is left to refund`;
  return null;
}

/** What the admin is about to do, said before it is done. */
function confirmText(body: AdminRefundBody, pack: AdminPack): string {
  const what =
    body.kind === 'amount'
      ? formatPaise(body.amountPaise ?? 0)
      : body.kind === 'class'
        ? `one class (${formatPaise(pack.perClassPaise)})`
        : `every unused class of ${pack.planName} (${pack.classesLeft}), cancelling the pack`;
  const how = body.method === 'original' ? 'to the payment method that paid' : 'as Kalike credit';
  return `Refund ${what} to ${pack.familyName} ${how}?`;
}

function kindLabel(kind: AdminRefundKind, pack: AdminPack): string {
  if (kind === 'class') return `One class (${formatPaise(pack.perClassPaise)})`;
  if (kind === 'pack') return `The pack: every unused class (${pack.classesLeft}), the pack cancelled`;
  return 'An amount';
}

/** An admin's refund of one pack: a class, the pack or an amount, how it goes back, and why. */
export function PackRefundForm({ pack, onDone }: { pack: AdminPack; onDone: (message: string) => void }) {
  const failureId = useId();
  const refund = useRefundPack();
  // One key per body the admin confirms: a double tap or a retry refunds once.
  const [keys] = useState(() => new Map<string, string>());
  const canRefundClasses = pack.status === 'active' && pack.classesLeft > 0;
  const { form, register, errors } = useCheckedForm<RefundValues>({
    defaultValues: { kind: canRefundClasses ? 'class' : 'amount', amount: '', method: 'original', reason: '' },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  // Money goes out only after the admin has read what will happen and confirmed it.
  const [confirming, setConfirming] = useState<AdminRefundBody | null>(null);

  const send = (body: AdminRefundBody) => {
    if (refund.isPending) return;
    const slot = JSON.stringify(body);
    const key = keys.get(slot) ?? newIdempotencyKey();
    keys.set(slot, key);
    refund.mutate(
      { packId: pack.id, body, key },
      {
        onSuccess: (result) => {
          setConfirming(null);
          const total = result.refunds.reduce((sum, row) => sum + row.amountPaise, 0);
          onDone(`${formatPaise(total)} refunded to ${pack.familyName}`);
        },
      },
    );
  };

  const onSubmit = form.handleSubmit((values) => {
    setConfirming({
      kind: values.kind,
      method: values.method,
      reason: values.reason.trim(),
      ...(values.kind === 'amount' ? { amountPaise: rupeesToPaise(values.amount) ?? 0 } : {}),
    });
  });

  return (
    <form css={formStyles} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Refund from ${pack.planName} of ${pack.studentName}`}>
      {!confirming && (
        <>
          <SelectField label="Refund" registration={register('kind')}>
            {(canRefundClasses ? (['class', 'pack', 'amount'] as const) : (['amount'] as const)).map((option) => (
              <option key={option} value={option}>
                {kindLabel(option, pack)}
              </option>
            ))}
          </SelectField>
          {kind === 'amount' && (
            <TextField
              label="Amount (₹)"
              hint={`At most ${formatPaise(pack.refundablePaise)}. The family keeps their classes.`}
              inputMode="decimal"
              error={errors.amount?.message}
              registration={register('amount', { validate: (value) => amountProblem(value, pack.refundablePaise) ?? true })}
            />
          )}
          <SelectField label="Goes back" registration={register('method')}>
            <option value="original">To the payment method that paid (what it cannot take becomes credit)</option>
            <option value="credit">As Kalike credit for the next pack</option>
          </SelectField>
          <TextAreaField
            label="Reason"
            hint="Kept in the log of admin money actions and on the refund."
            error={errors.reason?.message}
            css={reasonCss}
            registration={register('reason', { validate: (value) => reasonProblem(value) ?? true })}
          />
        </>
      )}
      {confirming ? (
        <div role="group" aria-label="Confirm the refund" css={formStyles}>
          <p css={strongText}>{confirmText(confirming, pack)}</p>
          <div css={wrapRow}>
            <Button type="button" disabled={refund.isPending} onClick={() => send(confirming)}>
              {refund.isPending ? 'Refunding…' : 'Confirm refund'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(null)}>
              Change
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit">Refund…</Button>
      )}
      <FormFailure id={failureId} message={refund.isError ? readableErrorMessage(refund.error) : null} />
    </form>
  );
}
