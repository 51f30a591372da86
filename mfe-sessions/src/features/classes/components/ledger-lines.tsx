import { useTheme } from '@emotion/react';
import type { LedgerEntry } from '@kalike/shared/contracts/payments';
import { formatLongDay, istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';

function amountText(entry: LedgerEntry): string | null {
  if (entry.amountPaise === 0) return null;
  return entry.amountPaise > 0 ? `+${formatPaise(entry.amountPaise)}` : `−${formatPaise(-entry.amountPaise)}`;
}

function classesText(delta: number): string | null {
  if (delta === 0) return null;
  const count = Math.abs(delta);
  return `${delta > 0 ? '+' : '−'}${count} ${count === 1 ? 'class' : 'classes'}`;
}

/** The latest ledger lines of an enrolment, behind a disclosure so the card stays short. */
export function LedgerLines({ entries }: { entries: LedgerEntry[] }) {
  const theme = useTheme();
  if (entries.length === 0) return null;
  const newestFirst = [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <details>
      <summary css={{ cursor: 'pointer', color: theme.colors.brand, fontWeight: 600, minHeight: '44px', display: 'flex', alignItems: 'center' }}>
        Latest payments and classes
      </summary>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(2) }}>
        {newestFirst.map((entry) => (
          <li key={entry.id} css={{ display: 'flex', justifyContent: 'space-between', gap: theme.space(3) }}>
            <span>
              {entry.description}
              <br />
              <time dateTime={entry.at} css={{ fontSize: theme.font.size.small, color: theme.colors.textMuted }}>
                {formatLongDay(istDateKey(entry.at))}
              </time>
            </span>
            <span css={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
              {[amountText(entry), classesText(entry.classesDelta)].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
