import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import type { LedgerEntry } from '@kalike/shared/contracts/payments';
import * as paths from '@kalike/shared/routing/paths';
import { formatLongDay, istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { plainList, spacedRow } from '@kalike/shared/ui/layout-styles';
import { captionText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

function amountText(entry: LedgerEntry): string | null {
  if (entry.amountPaise === 0) return null;
  return entry.amountPaise > 0 ? `+${formatPaise(entry.amountPaise)}` : `−${formatPaise(-entry.amountPaise)}`;
}

function classesText(delta: number): string | null {
  if (delta === 0) return null;
  const count = Math.abs(delta);
  return `${delta > 0 ? '+' : '−'}${count} ${count === 1 ? 'class' : 'classes'}`;
}

/** The entry's words, with the receipt number it names as a link to that receipt. */
function Description({ entry }: { entry: LedgerEntry }) {
  const { receipt } = entry;
  const at = receipt ? entry.description.indexOf(receipt.receiptNumber) : -1;
  if (!receipt || at < 0) return <>{entry.description}</>;
  return (
    <>
      {entry.description.slice(0, at)}
      <Link to={receipt.pagePath}>{receipt.receiptNumber}</Link>
      {entry.description.slice(at + receipt.receiptNumber.length)}
    </>
  );
}

const toggleStyle = css({ cursor: 'pointer', color: colors.brand, fontWeight: 600, minHeight: '44px', display: 'flex', alignItems: 'center' });
const changeStyle = css({ textAlign: 'right', whiteSpace: 'nowrap' });

/** The latest ledger lines of an enrolment, behind a disclosure so the card stays short. */
export function LedgerLines({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return null;
  const newestFirst = [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <details>
      <summary css={toggleStyle}>Latest payments and classes</summary>
      <ul css={plainList}>
        {newestFirst.map((entry) => (
          <li key={entry.id} css={spacedRow}>
            <span>
              <Description entry={entry} />
              <br />
              <time dateTime={entry.at} css={captionText}>
                {formatLongDay(istDateKey(entry.at))}
              </time>
            </span>
            <span css={changeStyle}>{[amountText(entry), classesText(entry.classesDelta)].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
      {newestFirst.some((entry) => entry.receipt) && <Link to={paths.accountPayments()}>All payments</Link>}
    </details>
  );
}
