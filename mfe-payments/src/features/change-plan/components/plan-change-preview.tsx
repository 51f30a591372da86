import { useTheme } from '@emotion/react';
import type { ChangePlanResult } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';

import { PriceBreakdown } from '../../../components/price-breakdown';

/** The server's preview of a plan change: the credit for unused classes, and what is left to pay. */
export function PlanChangePreview({ preview }: { preview: ChangePlanResult }) {
  const theme = useTheme();
  return (
    <Card as="section" aria-labelledby="plan-change-preview" css={{ display: 'grid', gap: theme.space(3) }}>
      <h2 id="plan-change-preview" css={{ margin: 0, fontSize: theme.font.size.large }}>
        Changing to {preview.newPlan.name}
      </h2>
      <p css={{ margin: 0, color: theme.colors.textMuted }}>
        {preview.newPlan.classesCount} classes · valid for {preview.newPlan.validityDays} days · {formatPaise(preview.newPlan.pricePaise)}
      </p>
      <dl css={{ margin: 0 }}>
        <div css={{ display: 'flex', justifyContent: 'space-between', gap: theme.space(3) }}>
          <dt>Credit for your unused classes</dt>
          <dd css={{ margin: 0, fontWeight: 600 }}>{formatPaise(preview.creditPaise)}</dd>
        </div>
      </dl>
      {preview.price.totalPaise > 0 ? (
        <PriceBreakdown price={preview.price} baseLabel="New pack price" totalLabel="To pay now" label="What the change costs" />
      ) : (
        <p css={{ margin: 0, fontWeight: 600 }}>Your credit covers the new pack: nothing to pay.</p>
      )}
    </Card>
  );
}
