import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { spacedRowTop, stack } from '@kalike/shared/ui/layout-styles';
import { captionText, noMargin, strongText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { enquiryStatus, enquiryTiming } from '../utils/enquiry-text';
import { StateBadge } from '../../../components/state-badge';

const viewLinkStyle = css({ fontWeight: 600, color: colors.brand, minHeight: '44px', display: 'inline-flex', alignItems: 'center' });

/** One enquiry in a list: who, what, where it stands, what happens next, and the way in. */
export function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  const { nextStep } = enquiryStatus(enquiry);
  const timing = enquiryTiming(enquiry);
  const headingId = `enquiry-${enquiry.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} css={stack[2]}>
      <div css={spacedRowTop}>
        <div>
          <h3 id={headingId} css={subsectionHeading}>
            {enquiry.teacher.name}
          </h3>
          <span css={captionText}>
            {enquiry.listing.category.name}
            {enquiry.student ? ` · for ${enquiry.student.name}` : ''}
          </span>
        </div>
        <StateBadge state={enquiry.state} classPackPaid={enquiry.classPackPaid} />
      </div>
      <p css={noMargin}>{nextStep}</p>
      {timing && <p css={strongText}>{timing}</p>}
      <Link to={paths.enquiryDetail(enquiry.id)} css={viewLinkStyle}>
        View enquiry with {enquiry.teacher.name}
      </Link>
    </Card>
  );
}
