import { css } from '@emotion/react';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { useUserStore } from '@kalike/shared/user/user-store';
import { colors, space } from '@kalike/shared/ui/theme';

import { teachHomeWidgets } from '../app/route-table';
import { GetStartedCard } from '../features/teacher-setup/components/get-started-card';
import { RemotePage } from '../remotes/remote-page';

const introStyles = css({ color: colors.textMuted, margin: `0 0 ${space(4)}` });
const widgetsStyles = css({ display: 'grid', gap: space(4) });

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
