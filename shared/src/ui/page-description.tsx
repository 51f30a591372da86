import { useEffect } from 'react';

/**
 * The page's search-result snippet. The shell's HTML carries the site-wide description, and
 * a second hoisted `<meta name="description">` would leave crawlers two to choose from, so
 * this rewrites the one that is there and puts the site-wide text back when the page goes.
 */
export function PageDescription({ children }: { children: string }) {
  // On the server there is no head to rewrite: the description goes out as a hoisted meta
  // element, which the web origin puts in place of the site-wide one.
  const onServer = typeof document === 'undefined';
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = meta === null;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = children;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [children]);
  return onServer ? <meta name="description" content={children} /> : null;
}
