import { css } from '@emotion/react';
import type { ClassPackPlan } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise } from '@kalike/shared/format/money';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

/** The table's columns after the pack's name, in order; each value carries its column's name. */
const classPackColumns = ['Classes', 'Price', 'Per class', 'Valid for'] as const;

/**
 * Below this width (of the box the table sits in, not the screen) five columns do not fit
 * whole: each pack becomes a card of its own, every value under its column's name.
 */
const stacked = '@container class-packs (max-width: 519px)';

const boxStyle = css({ containerType: 'inline-size', containerName: 'class-packs' });
const cellStyles = { padding: space(2), textAlign: 'left', borderBottom: `1px solid ${colors.border}` } as const;
const tableStyle = css({ width: '100%', borderCollapse: 'collapse', fontSize: font.size.small, [stacked]: { display: 'block' } });
const captionStyle = css({ textAlign: 'left', fontWeight: 600, padding: `${space(2)} 0`, [stacked]: { display: 'block' } });
// Stacked, the header row is read by screen readers only: each value says its column itself.
const headStyle = css({
  [stacked]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});
const bodyStyle = css({ [stacked]: { display: 'grid', gap: space(2) } });
const rowStyle = css({
  [stacked]: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: `${space(1)} ${space(3)}`,
    padding: space(3),
    border: `1px solid ${colors.border}`,
    borderRadius: radius.medium,
  },
});
const cellStyle = css(cellStyles);
const planNameCellStyle = css({ ...cellStyles, fontWeight: 400, [stacked]: { gridColumn: '1 / -1', padding: 0, border: 'none', fontWeight: 600 } });
const valueCellStyle = css({
  ...cellStyles,
  [stacked]: {
    display: 'block',
    padding: 0,
    border: 'none',
    overflowWrap: 'anywhere',
    '&::before': { content: 'attr(data-column)', display: 'block', color: colors.textMuted },
  },
});

/** A batch's class packs as the server priced them: classes, price, price per class, validity. */
export function ClassPackTable({ plans }: { plans: readonly ClassPackPlan[] }) {
  if (plans.length === 0) return null;
  const [classes, price, perClass, validFor] = classPackColumns;
  return (
    <div css={boxStyle}>
      {/* The roles are spelled out: stacking the rows on a phone changes how they are displayed,
          and some browsers then stop telling screen readers that this is a table. */}
      {/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */}
      <table role="table" css={tableStyle}>
        <caption css={captionStyle}>Class packs</caption>
        <thead role="rowgroup" css={headStyle}>
          <tr role="row">
            <th scope="col" role="columnheader" css={cellStyle}>
              Pack
            </th>
            {classPackColumns.map((column) => (
              <th key={column} scope="col" role="columnheader" css={cellStyle}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" css={bodyStyle}>
          {plans.map((plan) => (
            <tr key={plan.id} role="row" css={rowStyle}>
              <th scope="row" role="rowheader" css={planNameCellStyle}>
                {plan.name}
              </th>
              <td role="cell" data-column={classes} css={valueCellStyle}>
                {plan.classesCount}
              </td>
              <td role="cell" data-column={price} css={valueCellStyle}>
                {formatPaise(plan.pricePaise)}
              </td>
              <td role="cell" data-column={perClass} css={valueCellStyle}>
                {formatPaise(plan.pricePerClassPaise)}
              </td>
              <td role="cell" data-column={validFor} css={valueCellStyle}>
                {plan.validityDays} days
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */}
    </div>
  );
}
