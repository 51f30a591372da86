/** Trims and folds runs of white space into one space (names). */
export function tidy(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** A trimmed text, or null when there is none. */
export function optionalText(text: string | undefined): string | null {
  const tidied = text === undefined ? '' : text.trim();
  return tidied === '' ? null : tidied;
}
