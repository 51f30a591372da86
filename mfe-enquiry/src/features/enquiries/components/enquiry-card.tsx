import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { paths } from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';

import { enquiryStatus, enquiryTiming } from '../utils/enquiry-text';
import { StateBadge } from './state-badge';

/** One enquiry in a list: who, what, where it stands, what happens next, and the way in. */
export function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  const theme = useTheme();
  const { nextStep } = enquiryStatus(enquiry);
  const timing = enquiryTiming(enquiry);
  const headingId = `enquiry-${enquiry.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} css={{ display: 'grid', gap: theme.space(2) }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: theme.space(3) }}>
        <div>
          <h3 id={headingId} css={{ margin: 0, fontSize: theme.font.size.body }}>
            {enquiry.teacher.name}
          </h3>
          <span css={{ color: theme.colors.textMuted, fontSize: theme.font.size.small }}>
            {enquiry.listing.category.name}
            {enquiry.student ? ` · for ${enquiry.student.name}` : ''}
          </span>
        </div>
        <StateBadge state={enquiry.state} classPackPaid={enquiry.classPackPaid} />
      </div>
      <p css={{ margin: 0 }}>{nextStep}</p>
      {timing && <p css={{ margin: 0, fontWeight: 600 }}>{timing}</p>}
      <Link to={paths.enquiryDetail(enquiry.id)} css={{ fontWeight: 600, color: theme.colors.brand, minHeight: '44px', display: 'inline-flex', alignItems: 'center' }}>
        View enquiry with {enquiry.teacher.name}
      </Link>
    </Card>
  );
}
