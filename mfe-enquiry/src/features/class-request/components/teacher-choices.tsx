import { useId } from 'react';
import { css } from '@emotion/react';
import { FieldError } from '@kalike/shared/ui/form/field-error';

import { hintText } from '@kalike/shared/ui/text-styles';
import { formFieldset, formHint, formLegend, formOptionRow } from '@kalike/shared/ui/form/form-css';

export interface TeacherChoice {
  listingId: string;
  teacherName: string;
  title: string;
  /** A short line of facts: distance, price, subject. */
  detail?: string;
}

interface TeacherChoicesProps {
  legend: string;
  choices: TeacherChoice[];
  chosenIds: readonly string[];
  onToggle: (listingId: string) => void;
  max: number;
  error?: string;
}

const choiceTextStyle = css({ display: 'grid' });

/** The list is full: the teachers not chosen cannot be added. */
const unavailableStyle = css({ opacity: 0.6 });

/** Teachers to send one request to, each a checkbox; at most `max` at once. */
export function TeacherChoices({ legend, choices, chosenIds, onToggle, max, error }: TeacherChoicesProps) {
  const id = useId();
  const full = chosenIds.length >= max;
  return (
    <fieldset css={formFieldset} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend css={formLegend}>{legend}</legend>
      <p id={`${id}-hint`} css={hintText} aria-live="polite">
        {chosenIds.length} of up to {max} chosen.
      </p>
      {choices.map((choice) => {
        const chosen = chosenIds.includes(choice.listingId);
        return (
          <label key={choice.listingId} css={[formOptionRow, !chosen && full && unavailableStyle]}>
            <input type="checkbox" checked={chosen} disabled={!chosen && full} onChange={() => onToggle(choice.listingId)} />
            <span css={choiceTextStyle}>
              <strong>{choice.teacherName}</strong>
              <span>{choice.title}</span>
              {choice.detail && <span css={formHint}>{choice.detail}</span>}
            </span>
          </label>
        );
      })}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
