import { useTheme } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { isOpenEnquiry } from '@kalike/shared/format/enquiry-lifecycle';
import { CardList } from '@kalike/shared/ui/card';

import { EnquiryCard } from './enquiry-card';

/** Open enquiries (something may still happen) before ended ones; newest first within each, as the API sends them. */
export function splitByOpen(enquiries: readonly Enquiry[]) {
  return {
    open: enquiries.filter((enquiry) => isOpenEnquiry(enquiry.state)),
    ended: enquiries.filter((enquiry) => !isOpenEnquiry(enquiry.state)),
  };
}

export function EnquiryList({ title, enquiries }: { title: string; enquiries: readonly Enquiry[] }) {
  const theme = useTheme();
  const headingId = `list-${title.replace(/\W+/g, '-').toLowerCase()}`;
  if (enquiries.length === 0) return null;
  return (
    <section aria-labelledby={headingId} css={{ display: 'grid', gap: theme.space(3) }}>
      <h2 id={headingId} css={{ fontSize: theme.font.size.large, margin: `${theme.space(4)} 0 0` }}>
        {title}
      </h2>
      <CardList>
        {enquiries.map((enquiry) => (
          <li key={enquiry.id}>
            <EnquiryCard enquiry={enquiry} />
          </li>
        ))}
      </CardList>
    </section>
  );
}
