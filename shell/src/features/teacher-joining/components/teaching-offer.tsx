import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { formatPaise } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';
import { TakeHomeLine } from '@kalike/shared/teacher-take-home/take-home-line';
import { colors, space } from '@kalike/shared/ui/theme';

import { teachingTermsQueryOptions } from '../api/teacher-joining-api';
import { feePercent } from '@kalike/shared/format/fee-percent';

const headingStyles = css({ margin: `0 0 ${space(3)}`, fontSize: '1.1rem' });
const laterHeadingStyles = css(headingStyles, { marginTop: space(4) });
const listStyles = css({ margin: 0, paddingLeft: space(5), display: 'grid', gap: space(2) });
const costStyles = css({ margin: `${space(3)} 0 0`, color: colors.text });

/** The price the example is worked for: a typical month's class pack. */
const examplePricePaise = 240_000;

/** What teaching on Kalike gives, and what it costs, said plainly before anyone signs up. */
export function TeachingOffer() {
  const terms = useQuery(teachingTermsQueryOptions());
  const fee = terms.data ? feePercent(terms.data.kalikeFeeBasisPoints) : null;
  return (
    <Card>
      <h2 css={headingStyles}>What you get</h2>
      <ul css={listStyles}>
        <li>Enquiries from families near you, with a reminder to answer within 48 hours.</li>
        <li>Payments collected for you: families pay for class packs online and you see every rupee in your earnings.</li>
        <li>Attendance and your weekly schedule kept in one place, on your phone.</li>
      </ul>
      <h2 css={laterHeadingStyles}>What it costs</h2>
      <p css={costStyles}>
        {fee
          ? `Joining is free. Families pay your prices with GST included. From each payment the GST goes to the government, Kalike keeps a fee of ${fee} of the price before GST, and the rest is yours.`
          : terms.isPending
            ? 'Joining is free. Kalike keeps a small share of what families pay you for classes.'
            : 'Joining is free. Kalike keeps a share of what families pay you for classes; your earnings page shows it for every payment.'}
      </p>
      <p css={costStyles}>For example, on a {formatPaise(examplePricePaise)} class pack:</p>
      <TakeHomeLine pricePaise={examplePricePaise} />
    </Card>
  );
}
