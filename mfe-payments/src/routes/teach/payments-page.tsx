import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { brandLinkText, mutedIntro, sectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, radius, space } from '@kalike/shared/ui/theme';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';

import { EarningsStatement } from '../../features/teach/earnings/components/earnings-statement';
import { InviteFamily } from '../../features/teach/batch-invitations/components/invite-family';
import { AskToPay } from '../../features/teach/payment-requests/components/ask-to-pay';
import { RequestList } from '../../features/teach/payment-requests/components/request-list';
import { RemoveStudent } from '../../features/teach/remove-student/components/remove-student';

const bareList = css({ listStyle: 'none', margin: 0, padding: 0 });
const sectionStyle = css({ scrollMarginTop: '4.5rem', paddingTop: space(2) });
const jumpLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${space(3)}`,
  borderRadius: radius.pill,
  border: `1px solid ${colors.border}`,
  background: colors.surface,
  color: colors.text,
  textDecoration: 'none',
  fontWeight: 600,
});

const sections = [
  { id: 'ask', title: 'Ask to pay' },
  { id: 'invite', title: 'Invite a family' },
  { id: 'requests', title: 'Requests' },
  { id: 'students', title: 'Students' },
  { id: 'earnings', title: 'Earnings' },
] as const;
type SectionId = (typeof sections)[number]['id'];

function Section({ id, intro, children }: { id: SectionId; intro: string; children: ReactNode }) {
  const title = sections.find((section) => section.id === id)?.title ?? '';
  return (
    <section id={id} aria-labelledby={`${id}-heading`} css={[stack[3], sectionStyle]}>
      <h2 id={`${id}-heading`} css={sectionHeading}>
        {title}
      </h2>
      <p css={mutedIntro}>{intro}</p>
      {children}
    </section>
  );
}

/**
 * `/teach/payments`: the teacher asks a student to pay (the amount is the API's, from a plan or
 * what is owed), invites a family into a batch, follows requests, and reads their earnings.
 */
export default function TeachPaymentsPage() {
  const teacher = useSignedInTeacher();
  return (
    <PageColumn>
      <DocumentTitle>Payments</DocumentTitle>
      <PageTitle>Payments</PageTitle>
      {!teacher ? (
        <StatusMessage title="This page is for teachers">
          Sign in with the phone number your teacher profile uses to ask for payments and see your earnings.
        </StatusMessage>
      ) : (
        <div css={stack[6]}>
          <nav aria-label="Payments sections">
            <ul css={[wrapRow, bareList]}>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} css={jumpLink}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <Section id="ask" intro="Choose a batch, a student and a class pack (or what they owe). Kalike texts the family a link to pay.">
            <AskToPay />
          </Section>
          <Section
            id="invite"
            intro="A link that lets a family join a batch and pay for a class pack. It stops working when it expires, is used up or you revoke it."
          >
            <InviteFamily />
          </Section>
          <Section id="requests" intro="Every payment request you sent, by where it stands.">
            <RequestList />
          </Section>
          <Section id="students" intro="Remove a student who stops: their family gets every unused class back in full, automatically.">
            <RemoveStudent />
          </Section>
          <Section id="earnings" intro="What families paid for your batches, the GST in it, Kalike's fee and what is due to you, to the paisa.">
            <EarningsStatement />
            <Link to={paths.teachPayouts()} css={brandLinkText}>
              Payouts: what is payable and when it reaches your bank
            </Link>
          </Section>
        </div>
      )}
    </PageColumn>
  );
}
