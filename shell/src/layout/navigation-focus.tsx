import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

import { focusHeadingWhenShown } from './page-focus';

/**
 * On every move to another page, not on the first load (where the browser starts at the
 * top of the document), focus goes to the new page's heading: screen reader users hear
 * where they arrived, keyboard users continue from there.
 *
 * Rendered before the page content: its layout effect notes what had focus before the new
 * page's own layout work (an autofocused field) runs, so a page that chose where focus
 * goes is left alone.
 */
export function NavigationFocus({ contentRef }: { contentRef: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const focusedBeforePage = useRef<Element | null>(null);

  useLayoutEffect(() => {
    focusedBeforePage.current = document.activeElement;
  }, [pathname]);

  useEffect(() => {
    if (shownPath.current === pathname) return undefined;
    shownPath.current = pathname;
    const content = contentRef.current;
    if (!content) return undefined;
    const focused = document.activeElement;
    if (focused !== focusedBeforePage.current && focused !== document.body && content.contains(focused)) return undefined;
    return focusHeadingWhenShown(content);
  }, [pathname, contentRef]);

  return null;
}
