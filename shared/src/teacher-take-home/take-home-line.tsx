import { css } from '@emotion/react';
import { feePercent } from '@kalike/shared/format/fee-percent';
import { formatPaiseExact } from '@kalike/shared/format/money';
import { colors, space } from '@kalike/shared/ui/theme';

import { isTakeHomePrice, useTakeHome } from '@kalike/shared/teacher-take-home/take-home-query';

const lineStyles = css({ margin: `${space(2)} 0 0`, display: 'grid', gap: space(1), overflowWrap: 'anywhere' });
const mainStyles = css({ margin: 0, fontWeight: 600, color: colors.text });
const partsStyles = css({ margin: 0, fontSize: '0.9rem', color: colors.textMuted });

/**
 * "Families pay ₹X, you receive ₹Y", with the GST and Kalike's fee named: the API's figures for
 * one payment of the price, the same the earnings statement books. Nothing is shown for a price
 * the API does not answer for (empty, under ₹1, over the dearest pack); while a new price is asked for, and when the figures cannot be read, a
 * sentence says so instead of a number that might belong to another price.
 */
export function TakeHomeLine({ pricePaise }: { pricePaise: number | null }) {
  const { query, settled } = useTakeHome(pricePaise);
  if (!isTakeHomePrice(pricePaise)) return null;
  const figures = settled ? query.data : undefined;
  return (
    <div css={lineStyles} aria-live="polite">
      {figures ? (
        <>
          <p css={mainStyles}>
            Families pay {formatPaiseExact(figures.familyPaysPaise)}, you receive {formatPaiseExact(figures.teacherReceivesPaise)}
          </p>
          <p css={partsStyles}>
            GST {formatPaiseExact(figures.gstPaise)} · Kalike&apos;s fee ({feePercent(figures.kalikeFeeBasisPoints)} of the price before GST){' '}
            {formatPaiseExact(figures.kalikeFeePaise)}
          </p>
        </>
      ) : (
        <p css={partsStyles}>{settled && query.isError ? couldNotRead : 'Working out what you receive…'}</p>
      )}
    </div>
  );
}

const couldNotRead = 'We could not work out what you receive just now; your earnings page shows it for every payment.';
