import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import type { PointPrecision } from '@kalike/shared/domain/listing-values';
import { formatDistance } from '@kalike/shared/format/distance';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { colors, space, font } from '@kalike/shared/ui/theme';

import { RatingText } from '../../../components/rating-text';
import { TeacherAvatar } from '../../../components/teacher-avatar';
import { teacherNameTiming } from '../../../components/teacher-name-timing';

interface TeacherProfileProps {
  page: TeacherPage;
  /** Metres from the learner to the teacher's main listing. */
  distanceMetres: number | null;
  /** How precisely that listing's point is known: a locality's centre gives a rounded distance. */
  pointPrecision: PointPrecision;
  /** Enquire and shortlist, next to the name. */
  actions: ReactNode;
}

const headerStyles = css({ paddingTop: space(5) });
const profileHeaderStyles = css({ display: 'flex', gap: space(4), alignItems: 'center' });
const nameBlockStyles = css({ display: 'grid', gap: space(1) });
const titleStyles = css({ fontSize: font.size.title, margin: 0, lineHeight: 1.25 });
const factStyles = css({ margin: 0 });
const listStyles = css({
  listStyle: 'none',
  padding: 0,
  margin: `${space(3)} 0`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space(1)} ${space(4)}`,
  color: colors.textMuted,
  fontSize: font.size.small,
});
const bioStyles = css({ margin: `0 0 ${space(4)}`, whiteSpace: 'pre-line' });
const qualificationsHeadingStyles = css({ fontSize: font.size.body, margin: `0 0 ${space(1)}` });
const qualificationsStyles = css({ margin: `0 0 ${space(4)}`, paddingLeft: space(5), overflowWrap: 'anywhere' });

/** Who the teacher is: photo or initials, name, rating, experience, languages, distance, bio and qualifications. */
export function TeacherProfile({ page, distanceMetres, pointPrecision, actions }: TeacherProfileProps) {
  const { teacher } = page;
  const facts = [
    teacher.experienceYears > 0 ? `${teacher.experienceYears} ${teacher.experienceYears === 1 ? 'year' : 'years'} teaching` : 'New teacher',
    teacher.languages.length > 0 ? `Teaches in ${teacher.languages.join(', ')}` : null,
    distanceMetres !== null ? `${formatDistance(distanceMetres, pointPrecision)} from you` : null,
    `On Kalike since ${formatCalendarDate(teacher.memberSince)}`,
  ].filter((fact): fact is string => fact !== null);
  return (
    <header css={headerStyles}>
      <div css={profileHeaderStyles}>
        <TeacherAvatar name={teacher.name} photo={teacher.photo} size={96} eager alt={teacher.photo ? teacher.name : ''} />
        <div css={nameBlockStyles}>
          <h1 css={titleStyles} {...teacherNameTiming}>
            {teacher.name}
          </h1>
          <p css={factStyles}>
            <RatingText rating={teacher.rating} />
          </p>
        </div>
      </div>
      <ul css={listStyles}>
        {facts.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
      <p css={bioStyles}>{teacher.bio}</p>
      {teacher.qualifications.length > 0 && (
        <section aria-labelledby="teacher-qualifications">
          <h2 id="teacher-qualifications" css={qualificationsHeadingStyles}>
            Qualifications
          </h2>
          <ul css={qualificationsStyles}>
            {teacher.qualifications.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {actions}
    </header>
  );
}
