import { css } from '@emotion/react';
import type { Settlement } from '@kalike/shared/contracts/payments';
import { formatDate } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';
import { plainList, stack } from '@kalike/shared/ui/layout-styles';
import { noMargin, sectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, space, font } from '@kalike/shared/ui/theme';
import { spacedRow } from '@kalike/shared/ui/layout-styles';

const signed = (amountPaise: number) => (amountPaise < 0 ? `−${formatPaise(-amountPaise)}` : formatPaise(amountPaise));

const dateStyle = css({ display: 'block', color: colors.textMuted, fontSize: font.size.small });
const amountStyle = css({ whiteSpace: 'nowrap' });
const totalsStyle = css({ margin: 0, display: 'grid', gap: space(1), borderTop: `1px solid ${colors.border}`, paddingTop: space(2) });

const totalStyle = css({ fontWeight: 700, fontSize: font.size.large });

/** How the server arrived at what is owed: each line as it reckoned it, then the amount due and any credit. */
export function SettlementLines({ settlement }: { settlement: Settlement }) {
  return (
    <Card as="section" aria-labelledby="settlement-lines" css={stack[3]}>
      <h2 id="settlement-lines" css={sectionHeading}>
        What is due
      </h2>
      <ul css={plainList}>
        {settlement.lines.map((line, index) => (
          <li key={`${line.at}-${index}`} css={spacedRow}>
            <span>
              {line.label}
              <span css={dateStyle}>{formatDate(line.at)}</span>
            </span>
            <span css={amountStyle}>{signed(line.amountPaise)}</span>
          </li>
        ))}
      </ul>
      <dl css={totalsStyle}>
        {settlement.creditPaise > 0 && (
          <div css={spacedRow}>
            <dt>Your credit</dt>
            <dd css={noMargin}>{formatPaise(settlement.creditPaise)}</dd>
          </div>
        )}
        <div css={[spacedRow, totalStyle]}>
          <dt>To pay</dt>
          <dd css={noMargin}>{formatPaise(settlement.owedPaise)}</dd>
        </div>
      </dl>
    </Card>
  );
}
