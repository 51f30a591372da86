/** The contract's limit on search text (`searchTextMaxLength`). */
export const searchTextMaxLength = 100;

/**
 * Search text as it is sent and stored: control characters removed, spaces collapsed,
 * trimmed, and cut to the API's limit. Whatever a person types or pastes is a valid query.
 */
export function normaliseSearchText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, searchTextMaxLength)
      .trim()
  );
}
