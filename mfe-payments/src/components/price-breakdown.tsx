import { css } from '@emotion/react';
import type { PriceBreakdown as Price } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import { formatBasisPoints } from '@kalike/shared/format/percent';
import { gstRateBasisPoints } from '@kalike/shared/domain/payment-values';
import { stack } from '@kalike/shared/ui/layout-styles';
import { noMargin } from '@kalike/shared/ui/text-styles';
import { colors, space, font } from '@kalike/shared/ui/theme';
import { spacedRow } from '@kalike/shared/ui/layout-styles';

const minus = (amountPaise: number) => `−${formatPaise(amountPaise)}`;

interface PriceBreakdownProps {
  price: Price;
  /** What `basePaise` is here: a plan's price, an amount due. */
  baseLabel?: string;
  totalLabel?: string;
  /** An accessible name for the list, when a page shows more than one. */
  label?: string;
  /** The supplier is in another state: the tax is IGST, shown on the invoice, not split here. */
  igst?: boolean;
}

const linesStyle = css({ margin: 0, display: 'grid', gap: space(1) });
const amountStyle = css({ margin: 0, whiteSpace: 'nowrap' });
const taxLinesStyle = css({ margin: 0, display: 'grid', gap: space(1), color: colors.textMuted, fontSize: font.size.small });

const totalStyle = css({ borderTop: `1px solid ${colors.border}`, paddingTop: space(2), fontWeight: 700, fontSize: font.size.large });

/** The server's price, line by line: what it starts from, each discount, the credit used, the total, and the GST inside it. */
export function PriceBreakdown({ price, baseLabel = 'Price', totalLabel = 'Total', label = 'Price breakdown', igst = false }: PriceBreakdownProps) {
  const lines: Array<[string, string]> = [[baseLabel, formatPaise(price.basePaise)]];
  if (price.couponDiscountPaise > 0) {
    lines.push([price.coupon ? `Coupon ${price.coupon.code} (${price.coupon.description})` : 'Coupon', minus(price.couponDiscountPaise)]);
  }
  if (price.referralDiscountPaise > 0) {
    lines.push([price.referralCode ? `Referral ${price.referralCode}` : 'Referral discount', minus(price.referralDiscountPaise)]);
  }
  if (price.creditPaise > 0) lines.push(['Paid from your credit', minus(price.creditPaise)]);
  return (
    <section aria-label={label} css={stack[2]}>
      <dl css={linesStyle}>
        {lines.map(([term, value]) => (
          <div key={term} css={spacedRow}>
            <dt>{term}</dt>
            <dd css={amountStyle}>{value}</dd>
          </div>
        ))}
        <div css={[spacedRow, totalStyle]}>
          <dt>{totalLabel}</dt>
          <dd css={amountStyle}>{formatPaise(price.totalPaise)}</dd>
        </div>
      </dl>
      <dl role="group" aria-label="GST included in the total" css={taxLinesStyle}>
        <div css={spacedRow}>
          <dt>Taxable value</dt>
          <dd css={noMargin}>{formatPaise(price.taxablePaise)}</dd>
        </div>
        {!igst && (
          <>
            <div css={spacedRow}>
              <dt>CGST {formatBasisPoints(gstRateBasisPoints.cgst)}</dt>
              <dd css={noMargin}>{formatPaise(price.cgstPaise)}</dd>
            </div>
            <div css={spacedRow}>
              <dt>SGST {formatBasisPoints(gstRateBasisPoints.sgst)}</dt>
              <dd css={noMargin}>{formatPaise(price.sgstPaise)}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
