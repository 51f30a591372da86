import { css } from '@emotion/react';
import type { ClassPackPlan } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise } from '@kalike/shared/format/money';
import { ScrollRegion } from '@kalike/shared/ui/scroll-region';
import { colors, space, font } from '@kalike/shared/ui/theme';

const cellStyles = { padding: space(2), textAlign: 'left', borderBottom: `1px solid ${colors.border}` } as const;

const tableStyle = css({ width: '100%', borderCollapse: 'collapse', fontSize: font.size.small });
const captionStyle = css({ textAlign: 'left', fontWeight: 600, padding: `${space(2)} 0` });
const cellStyle = css(cellStyles);
const planNameCellStyle = css({ ...cellStyles, fontWeight: 400 });

/** A batch's class packs as the server priced them: classes, price, price per class, validity. */
export function ClassPackTable({ plans }: { plans: readonly ClassPackPlan[] }) {
  if (plans.length === 0) return null;
  return (
    // A wide table scrolls inside its box instead of widening the page.
    <ScrollRegion label="Class packs">
      <table css={tableStyle}>
        <caption css={captionStyle}>Class packs</caption>
        <thead>
          <tr>
            <th scope="col" css={cellStyle}>
              Pack
            </th>
            <th scope="col" css={cellStyle}>
              Classes
            </th>
            <th scope="col" css={cellStyle}>
              Price
            </th>
            <th scope="col" css={cellStyle}>
              Per class
            </th>
            <th scope="col" css={cellStyle}>
              Valid for
            </th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.id}>
              <th scope="row" css={planNameCellStyle}>
                {plan.name}
              </th>
              <td css={cellStyle}>{plan.classesCount}</td>
              <td css={cellStyle}>{formatPaise(plan.pricePaise)}</td>
              <td css={cellStyle}>{formatPaise(plan.pricePerClassPaise)}</td>
              <td css={cellStyle}>{plan.validityDays} days</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
