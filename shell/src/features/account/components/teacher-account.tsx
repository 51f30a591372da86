import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { LinkButton } from '@kalike/shared/ui/link-button';
import * as paths from '@kalike/shared/routing/paths';
import { colors, space } from '@kalike/shared/ui/theme';

import { teachersContactEmail, teachersContactHref } from '../teachers-contact';

const sectionStyles = css({ display: 'grid', gap: space(4) });
const headingStyles = css({ margin: `0 0 ${space(3)}`, fontSize: '1.1rem' });
const linksStyles = css({ listStyle: 'none', margin: `${space(3)} 0 0`, padding: 0, display: 'grid', gap: space(2) });
const noteStyles = css({ color: colors.textMuted, margin: `${space(3)} 0 0` });

const sections = [
  { to: paths.teachEnquiries(), label: 'Enquiries' },
  { to: paths.teachSchedule(), label: 'Schedule and registers' },
  { to: paths.teachPayments(), label: 'Payments and earnings' },
  { to: paths.teachReviews(), label: 'Reviews' },
] as const;

/** `/account` for a signed-in teacher: who they are signed in as, and the way into their workspace. */
export function TeacherAccount({ teacher }: { teacher: { id: string; name: string } }) {
  return (
    <div css={sectionStyles}>
      <Card>
        <h2 css={headingStyles}>Your details</h2>
        <DetailsList
          rows={[
            ['Name', teacher.name],
            ['Signed in as', 'Teacher'],
          ]}
        />
        <p css={noteStyles}>
          To change your profile or listings, write to <a href={teachersContactHref}>{teachersContactEmail}</a>.
        </p>
      </Card>
      <Card>
        <h2 css={headingStyles}>Teacher workspace</h2>
        <LinkButton to={paths.teach()}>Open your workspace</LinkButton>
        <ul css={linksStyles}>
          {sections.map((section) => (
            <li key={section.to}>
              <Link to={section.to}>{section.label}</Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
