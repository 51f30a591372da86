import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIsHydrated } from '@kalike/shared/hooks/use-is-hydrated';
import { css } from '@emotion/react';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

interface ModalDialogProps {
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Describes it (aria-describedby). */
  description?: ReactNode;
  children: ReactNode;
  /** Escape, the close button and a click on the backdrop call this. */
  onClose: () => void;
}

const backdropStyles = css({
  position: 'fixed',
  inset: 0,
  background: 'rgba(27, 31, 35, 0.55)',
  display: 'grid',
  placeItems: 'center',
  padding: space(4),
  zIndex: 100,
});
const dialogStyles = css({
  position: 'relative',
  width: '100%',
  maxWidth: '420px',
  boxSizing: 'border-box',
  background: colors.surface,
  borderRadius: radius.medium,
  padding: `${space(8)} ${space(6)} ${space(6)}`,
  boxShadow: '0 12px 40px rgba(0,0,0,0.25)',
  textAlign: 'center',
  outline: 'none',
});
const buttonStyles = css({
  position: 'absolute',
  top: space(1),
  right: space(1),
  width: '44px',
  height: '44px',
  border: 'none',
  background: 'transparent',
  fontSize: '1.5rem',
  lineHeight: 1,
  color: colors.textMuted,
  cursor: 'pointer',
  borderRadius: radius.pill,
  '&:focus-visible': { outline: `3px solid ${colors.accent}` },
});
/** The close button's reach into the dialog from its right edge: its inset and its width. */
const closeButtonReach = `calc(${space(1)} + 44px)`;
const headingStyles = css({
  fontSize: font.size.large,
  margin: `0 0 ${space(2)}`,
  color: colors.text,
  // Kept clear of the close button in the corner, on both sides so the title stays centred:
  // a long title wraps before it reaches the ×. A margin, not a padding: the heading's own box
  // ends where the button's column starts, so nothing of it lies under the button.
  marginInline: `calc(${closeButtonReach} + ${space(1)} - ${space(6)})`,
  overflowWrap: 'anywhere',
});
const descriptionStyles = css({ color: colors.textMuted, marginBottom: space(5) });

/**
 * A modal dialog: labelled and described, focus moves in and stays in (Tab wraps),
 * Escape closes, and focus returns to where it was when the dialog closes.
 */
export function ModalDialog({ title, description, children, onClose }: ModalDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const hydrated = useIsHydrated();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(dialog.querySelectorAll<HTMLElement>(focusableSelector));
    (focusables()[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (a click on the page behind, a screen reader's virtual cursor) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) (focusables()[0] ?? dialog).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
    // Runs again once the dialog is in the page (it is left out until the app is hydrated).
  }, [hydrated]);

  // The body it is portalled to exists only in the browser; the server leaves the dialog out.
  if (!hydrated) return null;
  return createPortal(
    <div
      // The backdrop is only the click-away surface: Escape (on the document) is the keyboard's way out.
      role="presentation"
      data-testid="modal-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      css={backdropStyles}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        css={dialogStyles}
      >
        <button type="button" aria-label="Close" onClick={onClose} css={buttonStyles}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId} css={headingStyles}>
          {title}
        </h2>
        {description && (
          <div id={descriptionId} css={descriptionStyles}>
            {description}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
