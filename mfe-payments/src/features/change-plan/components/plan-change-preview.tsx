import type { ChangePlanResult } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';
import { spacedRow, stack } from '@kalike/shared/ui/layout-styles';
import { mutedText, noMargin, sectionHeading, strongText } from '@kalike/shared/ui/text-styles';

import { PriceBreakdown } from '../../../components/price-breakdown';

/** The server's preview of a plan change: the credit for unused classes, and what is left to pay. */
export function PlanChangePreview({ preview }: { preview: ChangePlanResult }) {
  return (
    <Card as="section" aria-labelledby="plan-change-preview" css={stack[3]}>
      <h2 id="plan-change-preview" css={sectionHeading}>
        Changing to {preview.newPlan.name}
      </h2>
      <p css={mutedText}>
        {preview.newPlan.classesCount} classes · valid for {preview.newPlan.validityDays} days · {formatPaise(preview.newPlan.pricePaise)}
      </p>
      <dl css={noMargin}>
        <div css={spacedRow}>
          <dt>Credit for your unused classes</dt>
          <dd css={strongText}>{formatPaise(preview.creditPaise)}</dd>
        </div>
      </dl>
      {preview.price.totalPaise > 0 ? (
        <PriceBreakdown price={preview.price} baseLabel="New pack price" totalLabel="To pay now" label="What the change costs" />
      ) : (
        <p css={strongText}>Your credit covers the new pack: nothing to pay.</p>
      )}
    </Card>
  );
}
