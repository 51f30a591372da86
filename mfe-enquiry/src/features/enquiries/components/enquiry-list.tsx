import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryNextStep, isActiveEnquiry } from '@kalike/shared/domain/enquiry-lifecycle';
import { CardList } from '@kalike/shared/ui/card';
import { stack } from '@kalike/shared/ui/layout-styles';
import { space, font } from '@kalike/shared/ui/theme';

import { EnquiryCard } from './enquiry-card';

/** The family has the next move (an offer to answer, an enrolment to pay for), as the lifecycle says. */
const needsFamily = (enquiry: Enquiry) => enquiryNextStep(enquiry.state, enquiry.classPackPaid).waitingOn === 'learner';

/** Those that need the family first, then the latest activity (a move, a reply) first; the API's order breaks ties. */
function byWhatNeedsTheFamily(enquiries: readonly Enquiry[]): Enquiry[] {
  return enquiries
    .map((enquiry, index) => ({ enquiry, index, needsYou: needsFamily(enquiry), at: Date.parse(enquiry.updatedAt) }))
    .sort((a, b) => Number(b.needsYou) - Number(a.needsYou) || b.at - a.at || a.index - b.index)
    .map(({ enquiry }) => enquiry);
}

/**
 * Active enquiries (something may still happen, or an enrolment still to pay for) before past
 * ones; within each, those waiting on the family first, then by latest activity.
 */
export function splitByOpen(enquiries: readonly Enquiry[]) {
  const active = (enquiry: Enquiry) => isActiveEnquiry(enquiry.state, enquiry.classPackPaid);
  return { open: byWhatNeedsTheFamily(enquiries.filter(active)), ended: byWhatNeedsTheFamily(enquiries.filter((enquiry) => !active(enquiry))) };
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
