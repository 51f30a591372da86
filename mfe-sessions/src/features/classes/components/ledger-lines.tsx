import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import type { LedgerEntry } from '@kalike/shared/contracts/payments';
import * as paths from '@kalike/shared/routing/paths';
import { plainList } from '@kalike/shared/ui/layout-styles';
import { captionText } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { ledgerEvents } from '../utils/ledger-events';

const toggleStyle = css({ cursor: 'pointer', color: colors.brand, fontWeight: 600, minHeight: '44px', display: 'flex', alignItems: 'center' });
const lineStyle = css({ padding: `${space(2)} 0`, overflowWrap: 'anywhere' });

/** The latest payments and classes of an enrolment, one line an event, behind a disclosure so the card stays short. */
export function LedgerLines({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return null;
  const events = ledgerEvents(entries);
  return (
    <details>
      <summary css={toggleStyle}>Latest payments and classes</summary>
      <ul css={plainList}>
        {events.map((event) => (
          <li key={event.key} css={lineStyle}>
            {event.text}
            {event.receipt && (
              <>
                {' · receipt '}
                <Link to={event.receipt.pagePath}>{event.receipt.receiptNumber}</Link>
              </>
            )}
            <br />
            <time dateTime={event.when.iso} css={captionText}>
              {event.when.text}
            </time>
          </li>
        ))}
      </ul>
      {events.some((event) => event.receipt) && <Link to={paths.accountPayments()}>All payments</Link>}
    </details>
  );
}
