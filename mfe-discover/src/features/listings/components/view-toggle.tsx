import { css } from '@emotion/react';
import { colors, space, radius } from '@kalike/shared/ui/theme';

export type ResultsView = 'list' | 'map';

/** Reads `view` from the URL; anything but "map" is the list. */
export const parseResultsView = (value: string | null): ResultsView => (value === 'map' ? 'map' : 'list');

const optionStyles = css({
  minHeight: '44px',
  minWidth: '5rem',
  padding: `0 ${space(4)}`,
  border: 0,
  fontWeight: 600,
  cursor: 'pointer',
  background: colors.surface,
  color: colors.brand,
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '-3px' },
});
const chosenOptionStyles = css({ background: colors.brand, color: '#fff' });
const groupStyles = css({ display: 'inline-flex', border: `1px solid ${colors.brand}`, borderRadius: radius.pill, overflow: 'hidden' });

/** List or map of the same results: two toggle buttons, the pressed one is the current view. */
export function ViewToggle({ view, onChange }: { view: ResultsView; onChange: (view: ResultsView) => void }) {
  const option = (value: ResultsView, label: string) => (
    <button type="button" aria-pressed={view === value} onClick={() => onChange(value)} css={[optionStyles, view === value && chosenOptionStyles]}>
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Show results as" css={groupStyles}>
      {option('list', 'List')}
      {option('map', 'Map')}
    </div>
  );
}
