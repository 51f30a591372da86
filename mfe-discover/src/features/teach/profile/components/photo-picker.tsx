import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { css } from '@emotion/react';
import type { TeacherPhoto } from '@kalike/shared/contracts/teacher-listings';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { profilePhotoRules } from '@kalike/shared/domain/teacher-profile-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { formFieldset, formHint, formLegend } from '@kalike/shared/ui/form/form-css';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import { TeacherAvatar } from '../../../../components/teacher-avatar';
import { useRemoveTeacherPhoto, useUploadTeacherPhoto } from '../api/teacher-profile';
import { photoPrecheck } from '../utils/photo-precheck';

const previewSize = 96;
const rowStyles = css({ display: 'flex', alignItems: 'center', gap: space(4), flexWrap: 'wrap' });
const actionsStyles = css({ display: 'flex', gap: space(2), flexWrap: 'wrap' });
const previewStyles = css({ width: previewSize, height: previewSize, borderRadius: '50%', objectFit: 'cover', flex: 'none' });
// The real input stays in the page for keyboards and screen readers; the label is the button.
const chooseStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${space(4)}`,
  borderRadius: radius.small,
  border: `1px solid ${colors.brand}`,
  color: colors.brand,
  fontWeight: 600,
  cursor: 'pointer',
  '&:has(input:focus-visible)': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const statusStyles = css({ margin: 0, color: colors.textMuted });

/**
 * What a saved or removed photo means for families. It is public only once the teacher has a
 * page learners can see (an approved listing): before that, saying "learners see it now" is untrue.
 */
export const photoSaid = {
  savedLive: 'Your new photo is saved. Learners see it now.',
  savedNotLive: 'Saved. Families will see it once your listing is approved.',
  removedLive: 'Your photo is removed. Learners see your initials.',
  removedNotLive: 'Your photo is removed. Families will see your initials once your listing is approved.',
} as const;

interface PhotoPickerProps {
  name: string;
  photo: TeacherPhoto | null;
}

/**
 * The teacher's photo: choose one from the phone (camera or library), see it, upload it. The
 * file is checked here for type and size only to spare the upload; the API decides.
 */
export function PhotoPicker({ name, photo }: PhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadTeacherPhoto();
  const remove = useRemoveTeacherPhoto();
  const busy = upload.isPending || remove.isPending;
  const failure = upload.error ?? remove.error;
  const error = problem ?? (failure ? readableErrorMessage(failure) : null);

  // The preview's object URL lives as long as it is shown.
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  const forget = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    upload.reset();
    remove.reset();
    setDone(null);
    if (!file) return;
    const found = photoPrecheck(file);
    setProblem(found);
    if (found) {
      forget();
      return;
    }
    setChosen({ file, preview: URL.createObjectURL(file) });
  };

  const onUpload = () => {
    if (!chosen || busy) return;
    upload.mutate(chosen.file, {
      onSuccess: (saved) => {
        forget();
        setDone(saved.pagePath ? photoSaid.savedLive : photoSaid.savedNotLive);
      },
    });
  };

  const onRemove = () => {
    if (busy) return;
    setDone(null);
    remove.mutate(undefined, { onSuccess: (saved) => setDone(saved.pagePath ? photoSaid.removedLive : photoSaid.removedNotLive) });
  };

  return (
    <fieldset css={formFieldset} aria-describedby={hintId} aria-busy={busy || undefined}>
      <legend css={formLegend}>Photo</legend>
      <p id={hintId} css={formHint}>
        A clear photo of your face helps families choose. JPEG, PNG or WebP, up to {Math.round(profilePhotoRules.maxBytes / (1024 * 1024))} MB, at least{' '}
        {profilePhotoRules.minSide}×{profilePhotoRules.minSide} pixels. We remove the location and other details your camera saves in it.
      </p>
      <div css={rowStyles}>
        {chosen ? (
          <img src={chosen.preview} width={previewSize} height={previewSize} alt={`${name}: what you chose, not yet uploaded`} css={previewStyles} />
        ) : (
          <TeacherAvatar
            name={name}
            photo={photo}
            size={previewSize}
            eager
            alt={photo ? `${name}, as learners see you` : 'No photo yet: learners see your initials'}
          />
        )}
        <div css={actionsStyles}>
          {chosen ? (
            <>
              <Button type="button" onClick={onUpload} disabled={busy}>
                {upload.isPending ? 'Uploading…' : 'Use this photo'}
              </Button>
              <Button type="button" variant="secondary" onClick={forget} disabled={busy}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <label htmlFor={inputId} css={chooseStyles}>
                {photo ? 'Choose another photo' : 'Choose a photo'}
                <VisuallyHidden>
                  <input
                    ref={input}
                    id={inputId}
                    type="file"
                    accept="image/*"
                    onChange={onChoose}
                    disabled={busy}
                    aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                    aria-invalid={error ? true : undefined}
                  />
                </VisuallyHidden>
              </label>
              {photo && (
                <Button type="button" variant="secondary" onClick={onRemove} disabled={busy}>
                  {remove.isPending ? 'Removing…' : 'Remove photo'}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
      <FieldError id={errorId} message={error ?? undefined} />
      <p role="status" css={statusStyles}>
        {upload.isPending ? 'Uploading your photo…' : done}
      </p>
    </fieldset>
  );
}
