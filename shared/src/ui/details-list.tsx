import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { mutedColor } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

const detailsListStyle = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${space(1)} ${space(3)}`, margin: 0 });
const rowStyle = css({ display: 'contents' });
const valueStyle = css({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/**
 * Term and value pairs in two aligned columns (a batch, a receipt, a request): a real
 * definition list, so screen readers announce each term with its value. Long values
 * (a message, a receipt number) wrap instead of widening the page.
 */
export function DetailsList({ rows }: { rows: ReadonlyArray<readonly [term: string, value: ReactNode]> }) {
  return (
    <dl css={detailsListStyle}>
      {rows.map(([term, value]) => (
        <div key={term} css={rowStyle}>
          <dt css={mutedColor}>{term}</dt>
          <dd css={valueStyle}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
