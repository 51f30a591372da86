import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { isActiveEnquiry } from '@kalike/shared/domain/enquiry-lifecycle';
import { CardList } from '@kalike/shared/ui/card';
import { stack } from '@kalike/shared/ui/layout-styles';
import { space, font } from '@kalike/shared/ui/theme';

import { EnquiryCard } from './enquiry-card';

/**
 * Active enquiries (something may still happen, or an enrolment still to pay for) before past
 * ones; newest first within each, as the API sends them.
 */
export function splitByOpen(enquiries: readonly Enquiry[]) {
  const active = (enquiry: Enquiry) => isActiveEnquiry(enquiry.state, enquiry.classPackPaid);
  return { open: enquiries.filter(active), ended: enquiries.filter((enquiry) => !active(enquiry)) };
}

const listHeadingStyle = css({ fontSize: font.size.large, margin: `${space(4)} 0 0` });

export function EnquiryList({ title, enquiries }: { title: string; enquiries: readonly Enquiry[] }) {
  const headingId = `list-${title.replace(/\W+/g, '-').toLowerCase()}`;
  if (enquiries.length === 0) return null;
  return (
    <section aria-labelledby={headingId} css={stack[3]}>
      <h2 id={headingId} css={listHeadingStyle}>
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
