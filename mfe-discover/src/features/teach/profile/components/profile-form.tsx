import { useId, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { TeacherProfile, TeacherProfileBody } from '@kalike/shared/contracts/teacher-profile';
import { teacherProfileLimits as limits, teachingLanguages, type TeachingLanguage } from '@kalike/shared/domain/teacher-profile-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';
import { formChip, formChipRow, formField, formFieldset, formHint, formInput, formLegend } from '@kalike/shared/ui/form-css';
import { labelStyles } from '@kalike/shared/ui/form-styles';
import { errorText } from '@kalike/shared/ui/text-styles';
import { colors, space, theme } from '@kalike/shared/ui/theme';

import { useSaveTeacherProfile } from '../api/teacher-profile';

const formStyles = css({ display: 'grid', gap: space(5) });
const labelCss = css(labelStyles);
const textareaCss = css(inputStyles(theme), { minHeight: '8rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });
const narrowInput = css({ maxWidth: '8rem' });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(2) });
const itemStyles = css({
  display: 'flex',
  alignItems: 'center',
  gap: space(2),
  justifyContent: 'space-between',
  '& > span': { minWidth: 0, overflowWrap: 'anywhere' },
  // The button keeps its word whole; the line of text wraps instead.
  '& > button': { flex: 'none', whiteSpace: 'nowrap' },
});
const addRowStyles = css({ display: 'flex', gap: space(2), '& > input': { flex: 1, minWidth: 0 } });
const statusStyles = css({ margin: 0, color: colors.success, fontWeight: 600 });

/** Characters as a person counts them, as the API counts them. */
const lengthOf = (text: string) => [...text.trim()].length;

export interface ProfileDraft {
  name: string;
  bio: string;
  experienceYears: string;
  languages: TeachingLanguage[];
  qualifications: string[];
}

const isTeachingLanguage = (language: string): language is TeachingLanguage => (teachingLanguages as readonly string[]).includes(language);

export const draftOf = (profile: TeacherProfile): ProfileDraft => ({
  name: profile.name,
  bio: profile.bio,
  experienceYears: String(profile.experienceYears),
  languages: profile.languages.filter(isTeachingLanguage),
  qualifications: profile.qualifications,
});

/**
 * What is plainly missing before the profile is sent, in the API's words; null when it can go.
 * The API checks everything again and its sentence is shown when it disagrees.
 */
export function draftProblem(draft: ProfileDraft): { field: keyof ProfileDraft; message: string } | null {
  if (lengthOf(draft.name) < limits.nameMin) return { field: 'name', message: `Write your name: at least ${limits.nameMin} letters` };
  if (lengthOf(draft.name) > limits.nameMax) return { field: 'name', message: `A name can be at most ${limits.nameMax} characters` };
  if (lengthOf(draft.bio) > limits.bioMax) return { field: 'bio', message: `The about-you text can be at most ${limits.bioMax} characters` };
  const years = Number(draft.experienceYears);
  if (!/^\d{1,2}$/.test(draft.experienceYears.trim()) || years > limits.experienceYearsMax) {
    return { field: 'experienceYears', message: `Write your years of teaching as a whole number from 0 to ${limits.experienceYearsMax}` };
  }
  if (draft.languages.length === 0) return { field: 'languages', message: 'Choose at least one language you teach in' };
  return null;
}

const bodyOf = (draft: ProfileDraft): TeacherProfileBody => ({
  name: draft.name,
  bio: draft.bio,
  experienceYears: Number(draft.experienceYears.trim()),
  languages: draft.languages,
  qualifications: draft.qualifications,
});

/** Name, about you, experience, languages and qualifications: what learners read on your page. */
export function ProfileForm({ profile }: { profile: TeacherProfile }) {
  const ids = { name: useId(), bio: useId(), bioHint: useId(), years: useId(), qualification: useId(), error: useId(), qualificationsHint: useId() };
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [newQualification, setNewQualification] = useState('');
  const [problem, setProblem] = useState<{ field: keyof ProfileDraft | 'qualification'; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveTeacherProfile();
  const serverError = save.isError ? readableErrorMessage(save.error) : null;

  const change = <K extends keyof ProfileDraft>(field: K, value: ProfileDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setSaved(false);
    if (problem?.field === field) setProblem(null);
  };
  const errorFor = (field: keyof ProfileDraft | 'qualification') => (problem?.field === field ? problem.message : undefined);
  const describedBy = (field: keyof ProfileDraft | 'qualification', hint?: string) =>
    [hint, errorFor(field) ? `${ids.error}-${field}` : undefined].filter(Boolean).join(' ') || undefined;

  const toggleLanguage = (language: TeachingLanguage, on: boolean) =>
    change('languages', on ? [...draft.languages, language] : draft.languages.filter((each) => each !== language));

  const addQualification = () => {
    const line = newQualification.trim().replace(/\s+/g, ' ');
    if (!line) return;
    if (lengthOf(line) > limits.qualificationMax) {
      setProblem({ field: 'qualification', message: `Each qualification can be at most ${limits.qualificationMax} characters` });
      return;
    }
    if (draft.qualifications.length >= limits.qualificationsMax) {
      setProblem({ field: 'qualification', message: `List at most ${limits.qualificationsMax} qualifications` });
      return;
    }
    if (!draft.qualifications.includes(line)) change('qualifications', [...draft.qualifications, line]);
    setNewQualification('');
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblem(draft);
    setProblem(found);
    if (found || save.isPending) return;
    save.mutate(bodyOf(draft), {
      onSuccess: (profileSaved) => {
        setDraft(draftOf(profileSaved));
        setSaved(true);
      },
    });
  };

  return (
    <form css={formStyles} onSubmit={onSubmit} noValidate aria-label="Your profile">
      <div css={formField}>
        <label htmlFor={ids.name} css={labelCss}>
          Your name
        </label>
        <input
          id={ids.name}
          value={draft.name}
          onChange={(event) => change('name', event.target.value)}
          autoComplete="name"
          maxLength={limits.nameMax * 2}
          aria-invalid={errorFor('name') ? true : undefined}
          aria-describedby={describedBy('name')}
          css={formInput}
        />
        <FieldError id={`${ids.error}-name`} message={errorFor('name')} />
      </div>

      <div css={formField}>
        <label htmlFor={ids.bio} css={labelCss}>
          About you
        </label>
        <p id={ids.bioHint} css={formHint}>
          How you teach, who you teach and what students achieve. {limits.bioMax - lengthOf(draft.bio)} characters left.
        </p>
        <textarea
          id={ids.bio}
          value={draft.bio}
          onChange={(event) => change('bio', event.target.value)}
          aria-invalid={errorFor('bio') ? true : undefined}
          aria-describedby={describedBy('bio', ids.bioHint)}
          css={textareaCss}
        />
        <FieldError id={`${ids.error}-bio`} message={errorFor('bio')} />
      </div>

      <div css={formField}>
        <label htmlFor={ids.years} css={labelCss}>
          Years of teaching
        </label>
        <input
          id={ids.years}
          value={draft.experienceYears}
          onChange={(event) => change('experienceYears', event.target.value)}
          inputMode="numeric"
          pattern="[0-9]*"
          aria-invalid={errorFor('experienceYears') ? true : undefined}
          aria-describedby={describedBy('experienceYears')}
          css={[formInput, narrowInput]}
        />
        <FieldError id={`${ids.error}-experienceYears`} message={errorFor('experienceYears')} />
      </div>

      <fieldset css={formFieldset} aria-describedby={describedBy('languages')}>
        <legend css={formLegend}>Languages you teach in</legend>
        <div css={formChipRow}>
          {teachingLanguages.map((language) => (
            <label key={language} css={formChip}>
              <input type="checkbox" checked={draft.languages.includes(language)} onChange={(event) => toggleLanguage(language, event.target.checked)} />
              {language}
            </label>
          ))}
        </div>
        <FieldError id={`${ids.error}-languages`} message={errorFor('languages')} />
      </fieldset>

      <fieldset css={formFieldset}>
        <legend css={formLegend}>Qualifications</legend>
        <p id={ids.qualificationsHint} css={formHint}>
          Degrees, certificates, grades and awards, one a line (at most {limits.qualificationsMax}).
        </p>
        {draft.qualifications.length > 0 && (
          <ul css={listStyles} aria-label="Your qualifications">
            {draft.qualifications.map((line) => (
              <li key={line} css={itemStyles}>
                <span>{line}</span>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() =>
                    change(
                      'qualifications',
                      draft.qualifications.filter((each) => each !== line),
                    )
                  }
                  aria-label={`Remove ${line}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <label htmlFor={ids.qualification} css={labelCss}>
          Add a qualification
        </label>
        <div css={addRowStyles}>
          <input
            id={ids.qualification}
            value={newQualification}
            onChange={(event) => {
              setNewQualification(event.target.value);
              if (problem?.field === 'qualification') setProblem(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the line instead of sending the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                addQualification();
              }
            }}
            placeholder="e.g. MA in Music, Bangalore University"
            aria-invalid={errorFor('qualification') ? true : undefined}
            aria-describedby={describedBy('qualification', ids.qualificationsHint)}
            css={formInput}
          />
          <Button type="button" variant="secondary" onClick={addQualification}>
            Add
          </Button>
        </div>
        <FieldError id={`${ids.error}-qualification`} message={errorFor('qualification')} />
      </fieldset>

      {serverError && (
        <p role="alert" css={errorText}>
          {serverError}
        </p>
      )}
      <p role="status" css={statusStyles}>
        {saved ? 'Saved. Learners see your profile as it is now.' : ''}
      </p>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
