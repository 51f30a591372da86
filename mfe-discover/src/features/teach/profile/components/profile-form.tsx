import { useId, useState } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { TeacherProfile, TeacherProfileBody } from '@kalike/shared/contracts/teacher-profile';
import { teacherProfileLimits as limits, teachingLanguages, type TeachingLanguage } from '@kalike/shared/domain/teacher-profile-values';
import { Button } from '@kalike/shared/ui/button';
import type { FormCheck } from '@kalike/shared/ui/form/check-resolver';
import { Field, FieldGroup } from '@kalike/shared/ui/form/field';
import { formChip, formChipRow, formInput } from '@kalike/shared/ui/form/form-css';
import { TextAreaField, TextField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { errorText, hintText } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { useSaveTeacherProfile } from '../api/teacher-profile';

const formStyles = css({ display: 'grid', gap: space(5) });
const textareaCss = css({ minHeight: '8rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });
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

/** The draft and the qualification being typed, which is added to the list before the profile is sent. */
interface ProfileValues extends ProfileDraft {
  newQualification: string;
}

/** The draft's first problem under its field, or the body to send. */
const profileCheck: FormCheck<ProfileValues, TeacherProfileBody> = (values) => {
  const found = draftProblem(values);
  return found ? { errors: { [found.field]: found.message } } : { body: bodyOf(values) };
};

const valuesOf = (profile: TeacherProfile): ProfileValues => ({ ...draftOf(profile), newQualification: '' });

/** Name, about you, experience, languages and qualifications: what learners read on your page. */
export function ProfileForm({ profile }: { profile: TeacherProfile }) {
  const qualificationsHintId = useId();
  // One problem at a time, found on sending; changing its field clears it.
  const { form, register: registerChecked } = useCheckedForm<ProfileValues, TeacherProfileBody>({ defaultValues: valuesOf(profile), check: profileCheck });
  const [bio, languages, qualifications] = useWatch({ control: form.control, name: ['bio', 'languages', 'qualifications'] });
  const { errors } = form.formState;
  const [saved, setSaved] = useState(false);
  const save = useSaveTeacherProfile();
  const serverError = save.isError ? readableErrorMessage(save.error) : null;

  const changed = (field: Path<ProfileValues>) => {
    setSaved(false);
    form.clearErrors(field);
  };
  const register = (field: 'name' | 'bio' | 'experienceYears' | 'newQualification') => registerChecked(field, { onChange: () => setSaved(false) });
  // The languages and the qualifications list are chosen with buttons and boxes, not typed: set, not registered, so their problem is cleared here.
  const toggleLanguage = (language: TeachingLanguage, on: boolean) => {
    form.setValue('languages', on ? [...languages, language] : languages.filter((each) => each !== language));
    changed('languages');
  };
  const setQualifications = (lines: string[]) => {
    form.setValue('qualifications', lines);
    changed('qualifications');
  };

  const addQualification = () => {
    const line = form.getValues('newQualification').trim().replace(/\s+/g, ' ');
    if (!line) return;
    if (lengthOf(line) > limits.qualificationMax) {
      return form.setError('newQualification', { message: `Each qualification can be at most ${limits.qualificationMax} characters` });
    }
    if (qualifications.length >= limits.qualificationsMax) {
      return form.setError('newQualification', { message: `List at most ${limits.qualificationsMax} qualifications` });
    }
    if (!qualifications.includes(line)) setQualifications([...qualifications, line]);
    form.setValue('newQualification', '');
    form.clearErrors('newQualification');
  };

  const onSubmit = form.handleSubmit((body) => {
    if (save.isPending) return;
    save.mutate(body, {
      onSuccess: (profileSaved) => {
        form.reset(valuesOf(profileSaved));
        setSaved(true);
      },
    });
  });

  return (
    <form css={formStyles} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Your profile">
      <TextField label="Your name" autoComplete="name" maxLength={limits.nameMax * 2} error={errors.name?.message} registration={register('name')} />

      <TextAreaField
        label="About you"
        hint={`How you teach, who you teach and what students achieve. ${limits.bioMax - lengthOf(bio)} characters left.`}
        css={textareaCss}
        error={errors.bio?.message}
        registration={register('bio')}
      />

      <TextField
        label="Years of teaching"
        inputMode="numeric"
        pattern="[0-9]*"
        css={narrowInput}
        error={errors.experienceYears?.message}
        registration={register('experienceYears')}
      />

      <FieldGroup legend="Languages you teach in" error={errors.languages?.message}>
        <div css={formChipRow}>
          {teachingLanguages.map((language) => (
            <label key={language} css={formChip}>
              <input type="checkbox" checked={languages.includes(language)} onChange={(event) => toggleLanguage(language, event.target.checked)} />
              {language}
            </label>
          ))}
        </div>
      </FieldGroup>

      <FieldGroup legend="Qualifications">
        <p id={qualificationsHintId} css={hintText}>
          Degrees, certificates, grades and awards, one a line (at most {limits.qualificationsMax}).
        </p>
        {qualifications.length > 0 && (
          <ul css={listStyles} aria-label="Your qualifications">
            {qualifications.map((line) => (
              <li key={line} css={itemStyles}>
                <span>{line}</span>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setQualifications(qualifications.filter((each) => each !== line))}
                  aria-label={`Remove ${line}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Field label="Add a qualification" error={errors.newQualification?.message} describedBy={qualificationsHintId}>
          {(control) => (
            <div css={addRowStyles}>
              <input
                onKeyDown={(event) => {
                  // Enter adds the line instead of sending the whole form.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addQualification();
                  }
                }}
                placeholder="e.g. MA in Music"
                css={formInput}
                {...control}
                {...register('newQualification')}
              />
              <Button type="button" variant="secondary" onClick={addQualification}>
                Add
              </Button>
            </div>
          )}
        </Field>
      </FieldGroup>

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
