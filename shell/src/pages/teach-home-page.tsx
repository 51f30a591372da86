import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Card } from '@kalike/shared/ui/card';
import * as paths from '@kalike/shared/routing/paths';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { useUserStore } from '@kalike/shared/user/user-store';
import { colors, space } from '@kalike/shared/ui/theme';

import { teachHomeWidgets } from '../app/route-table';
import { RemotePage } from '../remotes/remote-page';

const introStyles = css({ color: colors.textMuted, margin: `0 0 ${space(4)}` });
const widgetsStyles = css({ display: 'grid', gap: space(4) });
const startHeadingStyles = css({ margin: `0 0 ${space(2)}`, fontSize: '1.1rem' });
const startListStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(1) });
const startLinkStyles = css({ display: 'flex', flexDirection: 'column', justifyContent: 'center', minHeight: '44px', textDecoration: 'none' });
const startLinkLabelStyles = css({ fontWeight: 600, textDecoration: 'underline' });
const startLinkHintStyles = css({ color: colors.textMuted, fontSize: '0.9rem' });

/** What a teacher sets up to be found: each step is its own page. */
const gettingStarted = [
  { to: paths.teachProfile(), label: 'Your profile', hint: 'Photo, experience and the languages you teach in' },
  { to: paths.teachListings(), label: 'Your listings', hint: 'What you teach, your batches and class packs' },
  { to: paths.teachPayouts(), label: 'Payouts', hint: 'The bank account or UPI id your earnings go to' },
] as const;

function GetStartedCard() {
  return (
    <section aria-labelledby="teach-get-started">
      <Card>
        <h2 id="teach-get-started" css={startHeadingStyles}>
          Get started
        </h2>
        <ul css={startListStyles}>
          {gettingStarted.map((step) => (
            <li key={step.to}>
              <Link to={step.to} css={startLinkStyles}>
                <span css={startLinkLabelStyles}>{step.label}</span>
                <span css={startLinkHintStyles}>{step.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

/**
 * `/teach`: the teacher's day at a glance. Each card is a page of the remote that owns its
 * figures, mounted through RemotePage, so a remote that is down shows one small card saying
 * so while the others work.
 */
export default function TeachHomePage() {
  const name = useUserStore((state) => state.user?.teacher?.name ?? '');
  const firstName = name.trim().split(/\s+/)[0];
  return (
    <PageColumn>
      <DocumentTitle>Teacher workspace</DocumentTitle>
      <PageTitle>{firstName ? `Hello, ${firstName}` : 'Hello'}</PageTitle>
      <p css={introStyles}>Your teacher workspace: today&apos;s classes, enquiries waiting for you and money due.</p>
      <div css={widgetsStyles}>
        <GetStartedCard />
        {teachHomeWidgets.map((widget) => (
          // A named region per card, so a screen reader can jump between them whatever each remote draws inside.
          <section key={widget.page} aria-label={widget.title}>
            <RemotePage remote={widget.owner} page={widget.page} card={{ title: widget.title }} />
          </section>
        ))}
      </div>
    </PageColumn>
  );
}
