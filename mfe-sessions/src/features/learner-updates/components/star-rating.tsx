import { useId } from 'react';
import { css } from '@emotion/react';
import { surveyLimits } from '@kalike/shared/domain/session-values';
import { visuallyHiddenStyles } from '@kalike/shared/ui/visually-hidden';
import { colors, space, radius } from '@kalike/shared/ui/theme';

const ratings = Array.from({ length: surveyLimits.ratingMax - surveyLimits.ratingMin + 1 }, (_, index) => surveyLimits.ratingMin + index);

interface StarRatingProps {
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  disabled?: boolean;
  errorId?: string;
}

const fieldsetStyle = css({ border: 0, margin: 0, padding: 0, minWidth: 0 });
const legendStyle = css({ padding: 0, marginBottom: space(1), fontWeight: 600 });
const starRowStyle = css({ display: 'flex', gap: space(1) });

const starStyle = css({ position: 'relative', display: 'inline-grid', placeItems: 'center', width: '44px', height: '44px', cursor: 'pointer' });
const disabledStarStyle = css({ cursor: 'default' });
/** The radio is hidden; its star shows the keyboard focus. */
const starInputStyle = css({ '&:focus-visible + span': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' } });
const starGlyphStyle = css({ fontSize: '1.75rem', lineHeight: 1, color: colors.border, borderRadius: radius.small });
const filledGlyphStyle = css({ color: colors.accent });

/**
 * Native radio buttons drawn as stars: arrow keys, screen readers ("4 stars, 4 of 5") and
 * forms work as they do for any radio group; a star is filled up to the chosen one.
 */
export function StarRating({ legend, value, onChange, disabled, errorId }: StarRatingProps) {
  const name = useId();
  return (
    <fieldset role="radiogroup" aria-describedby={errorId} css={fieldsetStyle}>
      <legend css={legendStyle}>{legend}</legend>
      <div css={starRowStyle}>
        {ratings.map((rating) => {
          const filled = value !== null && rating <= value;
          return (
            <label key={rating} css={[starStyle, disabled && disabledStarStyle]}>
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                disabled={disabled}
                css={[visuallyHiddenStyles, starInputStyle]}
              />
              <span aria-hidden="true" css={[starGlyphStyle, filled && filledGlyphStyle]}>
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
