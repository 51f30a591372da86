import { useEffect, useId, useRef } from 'react';
import { useTheme } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';

export interface SentTeacher {
  name: string;
  subject: string;
}

/**
 * "Enquiries sent": a modal over the success page naming each teacher. Escape or the
 * button dismisses it; focus starts on the button and stays inside while it is open.
 */
export function SuccessOverlay({ teachers, onDismiss }: { teachers: readonly SentTeacher[]; onDismiss: () => void }) {
  const theme = useTheme();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const title = teachers.length === 1 ? 'Enquiry sent to 1 teacher' : `Enquiries sent to ${teachers.length} teachers`;
  return (
    <div
      // The backdrop only catches the dialog's keys as they bubble up; the dialog is the role.
      role="presentation"
      css={{ position: 'fixed', inset: 0, zIndex: 50, background: 'rgba(27, 31, 35, 0.55)', display: 'grid', placeItems: 'center', padding: theme.space(4) }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
        // The button is the only stop inside: Tab stays on it rather than leaving the dialog.
        if (event.key === 'Tab') {
          event.preventDefault();
          button.current?.focus();
        }
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        css={{ width: '100%', maxWidth: '420px', boxSizing: 'border-box', background: theme.colors.surface, borderRadius: theme.radius.medium, padding: theme.space(6), display: 'grid', gap: theme.space(3) }}
      >
        <h2 id={`${id}-title`} css={{ margin: 0, fontSize: theme.font.size.large }}>
          {title}
        </h2>
        <p id={`${id}-text`} css={{ margin: 0, color: theme.colors.textMuted }}>
          Each teacher gets your enquiry now and replies to you directly.
        </p>
        {teachers.length > 0 && (
          <ul css={{ margin: 0, paddingLeft: theme.space(5), display: 'grid', gap: theme.space(1) }}>
            {teachers.map((teacher, index) => (
              <li key={`${teacher.name}-${index}`}>
                <strong>{teacher.name}</strong> <span css={{ color: theme.colors.textMuted }}>· {teacher.subject}</span>
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
