import { useTheme } from '@emotion/react';

/**
 * Term and value pairs in two aligned columns (a batch, a receipt, a request): a real
 * definition list, so screen readers announce each term with its value. Long values
 * (a message, a receipt number) wrap instead of widening the page.
 */
export function DetailsList({ rows }: { rows: ReadonlyArray<readonly [term: string, value: string]> }) {
  const theme = useTheme();
  return (
    <dl css={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${theme.space(1)} ${theme.space(3)}`, margin: 0 }}>
      {rows.map(([term, value]) => (
        <div key={term} css={{ display: 'contents' }}>
          <dt css={{ color: theme.colors.textMuted }}>{term}</dt>
          <dd css={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
