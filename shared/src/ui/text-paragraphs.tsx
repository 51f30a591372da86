import { css, type SerializedStyles } from '@emotion/react';

const paragraphStyle = css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

/** Paragraphs of someone's own words: split at blank lines, single line breaks kept, never read as HTML. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/**
 * Shows text a person wrote (a listing's About) as they wrote it: React escapes it, so markup
 * stays text, and their paragraphs and line breaks stay.
 */
export function TextParagraphs({ text, paragraphCss }: { text: string; paragraphCss?: SerializedStyles }) {
  return (
    <>
      {splitParagraphs(text).map((paragraph, index) => (
        // The text is the content and may repeat; its place is its identity.
        <p key={index} css={[paragraphStyle, paragraphCss]}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
