import { css } from '@emotion/react';

import { hintStyles } from '@kalike/shared/ui/form/form-styles';
import { theme, colors, space, font } from '@kalike/shared/ui/theme';

/**
 * The text looks every app repeats: paragraphs and headings inside cards and lists, which
 * drop the browser's margins because the surrounding stack sets the spacing.
 */
export const noMargin = css({ margin: 0 });

/** Secondary text: a caption, a "nothing yet" line, a date under a title. */
export const mutedText = css({ margin: 0, color: colors.textMuted });

export const smallMutedText = css({ margin: 0, color: colors.textMuted, fontSize: font.size.small });

/** The muted colour alone, for a term in a details list or a hint inside a line. */
export const mutedColor = css({ color: colors.textMuted });

/** A muted paragraph under a page title, keeping the space below it. */
export const mutedIntro = css({ color: colors.textMuted, marginTop: 0 });

export const strongText = css({ margin: 0, fontWeight: 600 });

export const boldWeight = css({ fontWeight: 600 });

/** A problem said in words: a failed load or a rejected form. */
export const errorText = css({ margin: 0, color: colors.danger });

/** The heading of a section on a page (the page's title is the h1 of PageHeading). */
export const sectionHeading = css({ margin: 0, fontSize: font.size.large });

/** A heading inside a card or section, at body size. */
export const subsectionHeading = css({ margin: 0, fontSize: font.size.body });

/** A link that leads on from a card or a notice ("View receipt", "See all"). */
export const brandLinkText = css({ color: colors.brand, fontWeight: 600 });

/** A section's heading with the room below it before its list or card. */
export const spacedSectionHeading = css({ fontSize: font.size.large, margin: `0 0 ${space(3)}` });

/** The paragraph under a page's title, before the page's content. */
export const pageIntro = css({ margin: `0 0 ${space(4)}` });

/** A small line above a card's title that says what kind of thing it is ("Class update"). */
export const eyebrowText = css({ margin: 0, fontSize: font.size.small, fontWeight: 700, color: colors.brandDark });

/** An amount to pay or paid, shown large. */
export const amountText = css({ margin: `${space(1)} 0`, fontSize: '2rem', fontWeight: 800 });

/** A form hint as its own line. */
export const hintText = css({ ...hintStyles(theme), margin: 0 });

/** The quiet part of a line whose first part is bold ("Aarav · Grade 2"). */
export const mutedNormalText = css({ fontWeight: 400, color: colors.textMuted });

/** A small muted caption inside a line: a date, a category, a deadline. */
export const captionText = css({ color: colors.textMuted, fontSize: font.size.small });
