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
  return (
    <>
      {/* Room at the end of the page as tall as the bubble and its margins: scrolled to the
          end, the last card's heart, distance and badges sit above the bubble, not under it. */}
      <div aria-hidden="true" data-testid="request-class-room" css={roomStyles} />
      <Bubble key={pathname} />
    </>
  );
}

const bubbleSize = '52px';
const roomStyles = css({ height: `calc(${bubbleSize} + 2 * ${space(4)} + env(safe-area-inset-bottom, 0px))` });

const bubbleStyles = css({
  position: 'fixed',
  zIndex: 30,
  // The pages it shows on have no tab bar (the route table's tabBarPaths), so it sits at the
  // bottom corner, over the room left for it at the end of the page; inside the 580px column
  // on wide screens.
  bottom: `calc(${space(4)} + env(safe-area-inset-bottom, 0px))`,
  right: `max(${space(4)}, calc((100vw - ${layout.maxWidth}) / 2 + ${space(4)}))`,
  display: 'inline-flex',
  alignItems: 'center',
  gap: space(2),
  minWidth: bubbleSize,
  minHeight: bubbleSize,
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
    // Open, the bubble is as wide as a card's distance and badges: it folds as soon as the
    // learner scrolls through the cards.
    const fold = () => setLabelFor(null);
    window.addEventListener('scroll', fold, { passive: true, once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', fold);
    };
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
