import { css } from '@emotion/react';
import { colors, space, radius } from '@kalike/shared/ui/theme';

import { focusPageContent, pageContentId } from './page-focus';

const linkStyles = css({
  position: 'fixed',
  top: space(2),
  left: space(2),
  zIndex: 60,
  padding: `${space(2)} ${space(4)}`,
  borderRadius: radius.medium,
  background: colors.brand,
  color: '#fff',
  fontWeight: 700,
  // Off screen until a keyboard reaches it.
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none', outline: `3px solid ${colors.accent}` },
});

/** The first thing a keyboard reaches: past the header, to the page's heading. */
export function SkipLink() {
  return (
    <a
      href={`#${pageContentId}`}
      onClick={(event) => {
        const content = document.getElementById(pageContentId);
        if (!content) return;
        // Focus, not a #hash in the address: the router would take it for a new page.
        event.preventDefault();
        focusPageContent(content);
      }}
      css={linkStyles}
    >
      Skip to content
    </a>
  );
}
