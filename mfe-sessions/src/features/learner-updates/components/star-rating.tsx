import { useId } from 'react';
import { useTheme } from '@emotion/react';
import { surveyLimits } from '@kalike/shared/format/session-values';
import { visuallyHiddenStyles } from '@kalike/shared/ui/visually-hidden';

const ratings = Array.from({ length: surveyLimits.ratingMax - surveyLimits.ratingMin + 1 }, (_, index) => surveyLimits.ratingMin + index);

interface StarRatingProps {
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  disabled?: boolean;
  errorId?: string;
}

/**
 * Native radio buttons drawn as stars: arrow keys, screen readers ("4 stars, 4 of 5") and
 * forms work as they do for any radio group; a star is filled up to the chosen one.
 */
export function StarRating({ legend, value, onChange, disabled, errorId }: StarRatingProps) {
  const theme = useTheme();
  const name = useId();
  return (
    <fieldset role="radiogroup" aria-describedby={errorId} css={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend css={{ padding: 0, marginBottom: theme.space(1), fontWeight: 600 }}>{legend}</legend>
      <div css={{ display: 'flex', gap: theme.space(1) }}>
        {ratings.map((rating) => {
          const filled = value !== null && rating <= value;
          return (
            <label key={rating} css={{ position: 'relative', display: 'inline-grid', placeItems: 'center', width: '44px', height: '44px', cursor: disabled ? 'default' : 'pointer' }}>
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                disabled={disabled}
                css={[visuallyHiddenStyles, { '&:focus-visible + span': { outline: `3px solid ${theme.colors.accent}`, outlineOffset: '2px' } }]}
              />
              <span aria-hidden="true" css={{ fontSize: '1.75rem', lineHeight: 1, color: filled ? theme.colors.accent : theme.colors.border, borderRadius: theme.radius.small }}>
                {filled ? '★' : '☆'}
              </span>
              <span css={visuallyHiddenStyles}>{`${rating} ${rating === 1 ? 'star' : 'stars'}`}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
