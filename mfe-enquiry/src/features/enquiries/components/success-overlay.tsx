import { useEffect, useId, useRef } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { mutedColor, mutedText, sectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, space, radius } from '@kalike/shared/ui/theme';

export interface SentTeacher {
  name: string;
  subject: string;
}

const backdropStyle = css({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  background: 'rgba(27, 31, 35, 0.55)',
  display: 'grid',
  placeItems: 'center',
  padding: space(4),
});
const dialogStyle = css({
  width: '100%',
  maxWidth: '420px',
  boxSizing: 'border-box',
  background: colors.surface,
  borderRadius: radius.medium,
  padding: space(6),
  display: 'grid',
  gap: space(3),
});
const teacherListStyle = css({ margin: 0, paddingLeft: space(5), display: 'grid', gap: space(1) });

/**
 * "Enquiries sent": a modal over the success page naming each teacher. Escape or the
 * button dismisses it; focus starts on the button and stays inside while it is open.
 */
export function SuccessOverlay({ teachers, onDismiss }: { teachers: readonly SentTeacher[]; onDismiss: () => void }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const title = teachers.length === 1 ? 'Enquiry sent to 1 teacher' : `Enquiries sent to ${teachers.length} teachers`;
  return (
    <div
      // The backdrop only catches the dialog's keys as they bubble up; the dialog is the role.
      role="presentation"
      css={backdropStyle}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
        // The button is the only stop inside: Tab stays on it rather than leaving the dialog.
        if (event.key === 'Tab') {
          event.preventDefault();
          button.current?.focus();
        }
      }}
    >
      <div role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} css={dialogStyle}>
        <h2 id={`${id}-title`} css={sectionHeading}>
          {title}
        </h2>
        <p id={`${id}-text`} css={mutedText}>
          Each teacher gets your enquiry now and replies to you directly.
        </p>
        {teachers.length > 0 && (
          <ul css={teacherListStyle}>
            {teachers.map((teacher, index) => (
              <li key={`${teacher.name}-${index}`}>
                <strong>{teacher.name}</strong> <span css={mutedColor}>· {teacher.subject}</span>
              </li>
            ))}
          </ul>
        )}
        <Button ref={button} type="button" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}
