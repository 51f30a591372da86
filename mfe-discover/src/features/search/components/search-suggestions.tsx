import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { SearchSuggestions as Suggestions } from '@kalike/shared/contracts/teacher-listings';
import { theme, space, font } from '@kalike/shared/ui/theme';

import { useSearchSuggestions } from '../api/get-search-suggestions';
import { searchChip } from './search-chip';

interface SearchSuggestionsProps {
  /** What is in the box now (not waiting for the typing pause). */
  text: string;
  /** Search for a subject or place by its name. */
  onPick: (text: string) => void;
  /** A teacher's page is about to open. */
  onTeacherOpen?: () => void;
}

const sectionStyles = css({ display: 'grid', gap: space(3), marginTop: space(3), minWidth: 0 });
const headingStyles = css({ fontSize: font.size.body, margin: `0 0 ${space(1)}` });
const buttonStyles = css(searchChip(theme));
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: space(2) });

/** Subjects, teachers and places that match what is being typed, from the first letter. */
export function SearchSuggestions({ text, onPick, onTeacherOpen }: SearchSuggestionsProps) {
  const { data } = useSearchSuggestions(text);
  if (!data) return null;
  const groups: { key: keyof Suggestions; title: string }[] = [
    { key: 'subjects', title: 'Subjects' },
    { key: 'teachers', title: 'Teachers' },
    { key: 'places', title: 'Places' },
  ];
  if (groups.every((group) => data[group.key].length === 0)) return null;
  return (
    <section aria-label="Suggestions" css={sectionStyles}>
      {data.subjects.length > 0 && (
        <div>
          <h2 css={headingStyles}>Subjects</h2>
          <ul aria-label="Subjects" css={listStyles}>
            {data.subjects.map((subject) => (
              <li key={subject.id}>
                <button type="button" css={buttonStyles} onClick={() => onPick(subject.name)}>
                  {subject.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data.teachers.length > 0 && (
        <div>
          <h2 css={headingStyles}>Teachers</h2>
          <ul aria-label="Teachers" css={listStyles}>
            {data.teachers.map((teacher) => (
              <li key={teacher.slug}>
                <Link to={teacher.path} css={buttonStyles} onClick={onTeacherOpen}>
                  {teacher.name} · {teacher.categoryName}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data.places.length > 0 && (
        <div>
          <h2 css={headingStyles}>Places</h2>
          <ul aria-label="Places" css={listStyles}>
            {data.places.map((place) => (
              <li key={`${place.kind}:${place.slug}`}>
                <button type="button" css={buttonStyles} onClick={() => onPick(place.name)}>
                  {place.name} · {place.pincode}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
