import { css } from '@emotion/react';
import type { AccountPayment } from '@kalike/shared/contracts/payments';
import type { AccountPaymentKind } from '@kalike/shared/domain/payment-values';
import { formatPaise } from '@kalike/shared/format/money';
import { Card, CardList } from '@kalike/shared/ui/card';
import { smallMutedText, strongText } from '@kalike/shared/ui/text-styles';
import { colors, font, space } from '@kalike/shared/ui/theme';
import { Link } from 'react-router-dom';

import { formatPaidAt } from '../../../utils/format-paid-at';

const kindLabels: Record<AccountPaymentKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  credit_gained: 'Kalike credit added',
  credit_spent: 'Kalike credit used',
};

/** Money in shows plain; money or credit coming back to the family shows with a plus. */
const signs: Record<AccountPaymentKind, string> = { payment: '', refund: '+', credit_gained: '+', credit_spent: '−' };

const itemStyle = css({ display: 'grid', gap: space(1), minWidth: 0 });
const headStyle = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: space(2), flexWrap: 'wrap' });
const amountStyle = css({ margin: 0, fontWeight: 700, fontSize: font.size.large, fontVariantNumeric: 'tabular-nums' });
const descriptionStyle = css({ margin: 0, overflowWrap: 'anywhere' });
const linksStyle = css({ display: 'flex', flexWrap: 'wrap', gap: `${space(1)} ${space(3)}`, fontWeight: 600, color: colors.brand });

function Documents({ item }: { item: AccountPayment }) {
  const { receipt, creditNote } = item;
  if (!receipt && !creditNote) return null;
  return (
    <div css={linksStyle}>
      {receipt && (
        <Link to={receipt.pagePath}>
          {receipt.documentName} {receipt.receiptNumber}
        </Link>
      )}
      {receipt?.pdfPath && (
        <a href={receipt.pdfPath} download>
          {receipt.documentName} PDF
        </a>
      )}
      {creditNote?.pagePath && <Link to={creditNote.pagePath}>Credit note {creditNote.number}</Link>}
      {creditNote?.pdfPath && (
        <a href={creditNote.pdfPath} download>
          Credit note PDF
        </a>
      )}
    </div>
  );
}

/** One row of the history: what moved, for whom, when, and its receipt or credit note. */
function AccountPaymentItem({ item }: { item: AccountPayment }) {
  const who = [item.forName, item.teacherName && `with ${item.teacherName}`].filter(Boolean).join(' ');
  return (
    <Card as="li" css={itemStyle}>
      <div css={headStyle}>
        <p css={strongText}>{kindLabels[item.kind]}</p>
        <p css={amountStyle}>{`${signs[item.kind]}${formatPaise(item.amountPaise)}`}</p>
      </div>
      <p css={descriptionStyle}>{item.description}</p>
      <p css={smallMutedText}>{[who, formatPaidAt(item.at)].filter(Boolean).join(' · ')}</p>
      <Documents item={item} />
    </Card>
  );
}

export function AccountPaymentList({ items }: { items: readonly AccountPayment[] }) {
  return (
    <CardList aria-label="Payments, refunds and credit">
      {items.map((item) => (
        <AccountPaymentItem key={item.id} item={item} />
      ))}
    </CardList>
  );
}
