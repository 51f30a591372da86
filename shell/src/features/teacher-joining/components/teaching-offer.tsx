import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { Card } from '@kalike/shared/ui/card';
import { colors, space } from '@kalike/shared/ui/theme';

import { teachingTermsQueryOptions } from '../api/teacher-joining-api';
import { feePercent } from '../fee-words';

const headingStyles = css({ margin: `0 0 ${space(3)}`, fontSize: '1.1rem' });
const laterHeadingStyles = css(headingStyles, { marginTop: space(4) });
const listStyles = css({ margin: 0, paddingLeft: space(5), display: 'grid', gap: space(2) });
const costStyles = css({ margin: `${space(3)} 0 0`, color: colors.text });

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
          ? `Joining is free. Kalike keeps a fee of ${fee} of what families pay you for classes; the rest is yours.`
          : terms.isPending
            ? 'Joining is free. Kalike keeps a small share of what families pay you for classes.'
            : 'Joining is free. Kalike keeps a share of what families pay you for classes; your earnings page shows it for every payment.'}
      </p>
    </Card>
  );
}
