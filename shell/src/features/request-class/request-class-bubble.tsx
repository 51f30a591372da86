import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { colors, space, radius, font, layout } from '@kalike/shared/ui/theme';
import { useIsTeacher } from '@kalike/shared/user/signed-in-as';

import { requestClassHref, shouldShowRequestClassBubble } from './request-class-routes';

/** Spec §9: the label shows for 3 s on arrival and for 5 s after the bubble is expanded. */
export const firstLabelMs = 3_000;
export const expandedLabelMs = 5_000;

/**
 * Spec §2's Request Class helper bubble. Mount it once in the layout: it shows itself on
 * /discover, /search and /categories/:categorySlug and starts afresh on each of them.
 * Requesting a class is a learner's action, so a signed-in teacher is not offered it.
 */
export function RequestClassBubble() {
  const { pathname } = useLocation();
  const isTeacher = useIsTeacher();
  if (isTeacher || !shouldShowRequestClassBubble(pathname)) return null;
  return <Bubble key={pathname} />;
}

const bubbleStyles = css({
  position: 'fixed',
  zIndex: 30,
  // Above the tab bar (when one shows) and inside the 580px column on wide screens.
  bottom: `calc(${layout.tabBarHeight} + ${space(4)} + env(safe-area-inset-bottom, 0px))`,
  right: `max(${space(4)}, calc((100vw - ${layout.maxWidth}) / 2 + ${space(4)}))`,
  display: 'inline-flex',
  alignItems: 'center',
  gap: space(2),
  minWidth: '52px',
  minHeight: '52px',
  padding: 0,
  justifyContent: 'center',
  border: 'none',
  borderRadius: radius.pill,
  background: colors.brand,
  color: '#fff',
  fontSize: font.size.body,
  fontWeight: 700,
  boxShadow: '0 6px 18px rgba(11, 110, 79, 0.35)',
  cursor: 'pointer',
  transition: 'padding 150ms ease',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
});
/** Open, the bubble makes room for its words. */
const openBubbleStyles = css({ padding: `0 ${space(5)} 0 ${space(4)}` });

function Bubble() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The label shows while `labelFor` is set, for that long; then the bubble collapses.
  const [labelFor, setLabelFor] = useState<number | null>(firstLabelMs);

  useEffect(() => {
    if (labelFor === null) return;
    const timer = setTimeout(() => setLabelFor(null), labelFor);
    return () => clearTimeout(timer);
  }, [labelFor]);

  const open = labelFor !== null;
  const onClick = () => {
    if (open) navigate(requestClassHref(pathname, search));
    else setLabelFor(expandedLabelMs);
  };

  return (
    <button type="button" onClick={onClick} aria-label="Request Class" aria-expanded={open} css={[bubbleStyles, open && openBubbleStyles]}>
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
        <path d="M12 8v5M9.5 10.5h5" strokeLinecap="round" />
      </svg>
      {open && <span data-testid="request-class-label">Request Class</span>}
    </button>
  );
}
