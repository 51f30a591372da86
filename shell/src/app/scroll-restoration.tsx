import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const storageKey = 'kalike-scroll-positions';
/** Enough history for back and forward; older entries are dropped. */
const maxEntries = 50;

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]');
    if (Array.isArray(stored)) {
      return new Map(stored.filter((entry): entry is [string, number] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number'));
    }
  } catch {
    // A corrupt entry only costs the remembered positions.
  }
  return new Map();
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify([...positions].slice(-maxEntries)));
  } catch {
    // Storage full or blocked: the positions are kept for this page only.
  }
}

/**
 * What React Router's ScrollRestoration did for us, without its data router: a new page
 * starts at the top (or at its #hash); back, forward and reload return to where the
 * person was on that entry.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const [positions] = useState(readPositions);
  const currentKey = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    // Recorded as the person scrolls, so the position is known before a navigation
    // replaces the page (and its height) under it.
    const remember = () => {
      positions.delete(currentKey.current);
      positions.set(currentKey.current, window.scrollY);
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(remember);
    };
    const onLeave = () => {
      remember();
      savePositions(positions);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onLeave);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    currentKey.current = key;
    const remembered = navigationType === 'POP' ? positions.get(key) : undefined;
    if (remembered !== undefined) {
      window.scrollTo(0, remembered);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [key, hash, navigationType, positions]);

  return null;
}
