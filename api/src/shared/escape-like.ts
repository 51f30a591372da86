/** Text taken literally in LIKE patterns: %, _ and \ typed by a person match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
