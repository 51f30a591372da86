import { useTheme } from '@emotion/react';
import type { Settlement } from '@kalike/shared/contracts/payments';
import { formatDate } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';

const signed = (amountPaise: number) => (amountPaise < 0 ? `−${formatPaise(-amountPaise)}` : formatPaise(amountPaise));

/** How the server arrived at what is owed: each line as it reckoned it, then the amount due and any credit. */
export function SettlementLines({ settlement }: { settlement: Settlement }) {
  const theme = useTheme();
  const row = { display: 'flex', justifyContent: 'space-between', gap: theme.space(3) } as const;
  return (
    <Card as="section" aria-labelledby="settlement-lines" css={{ display: 'grid', gap: theme.space(3) }}>
      <h2 id="settlement-lines" css={{ margin: 0, fontSize: theme.font.size.large }}>
        What is due
      </h2>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(2) }}>
        {settlement.lines.map((line, index) => (
          <li key={`${line.at}-${index}`} css={row}>
            <span>
              {line.label}
              <span css={{ display: 'block', color: theme.colors.textMuted, fontSize: theme.font.size.small }}>{formatDate(line.at)}</span>
            </span>
            <span css={{ whiteSpace: 'nowrap' }}>{signed(line.amountPaise)}</span>
          </li>
        ))}
      </ul>
      <dl css={{ margin: 0, display: 'grid', gap: theme.space(1), borderTop: `1px solid ${theme.colors.border}`, paddingTop: theme.space(2) }}>
        {settlement.creditPaise > 0 && (
          <div css={row}>
            <dt>Your credit</dt>
            <dd css={{ margin: 0 }}>{formatPaise(settlement.creditPaise)}</dd>
          </div>
        )}
        <div css={{ ...row, fontWeight: 700, fontSize: theme.font.size.large }}>
          <dt>To pay</dt>
          <dd css={{ margin: 0 }}>{formatPaise(settlement.owedPaise)}</dd>
        </div>
      </dl>
    </Card>
  );
}
