import { useId, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import type { AddExtraClassBody, Session } from '@kalike/shared/contracts/sessions';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { istClockTime, istDateKey } from '@kalike/shared/format/dates';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form-field';
import { formField, formFieldGrid, formInput } from '@kalike/shared/ui/form-css';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { stack } from '@kalike/shared/ui/layout-styles';
import { boldWeight, errorText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { formatTimeRange } from '../../../../utils/ist-text';
import { dayHeading } from '../../../../utils/day-heading';
import { useAddExtraClass } from '../api/session-register';
import { useCheckedDraft } from '../hooks/use-checked-draft';
import { checkExtraClass, type ExtraClassDraft } from '../utils/extra-class-form';

const doneStyle = css({ margin: 0, fontWeight: 600, color: colors.success });

/** Now, rounded down to five minutes, and an hour on: a teacher adding the class they are teaching changes nothing. */
function startingNow(): ExtraClassDraft {
  const now = new Date();
  const start = new Date(now.getTime() - (now.getTime() % (5 * 60_000)));
  const end = new Date(start.getTime() + 60 * 60_000);
  const occursOn = istDateKey(start);
  return { occursOn, startTime: istClockTime(start), endTime: istDateKey(end) === occursOn ? istClockTime(end) : '23:59' };
}

/** An extra class for the batch (a make-up class, say) on a day it does not meet; each family is texted. */
export function ExtraClassForm({ sessionId, batchId, batchName }: { sessionId: string; batchId: string; batchName: string }) {
  const ids = { occursOn: useId(), startTime: useId(), endTime: useId() };
  const today = istDateKey(new Date());
  const { draft, errors, change, checked } = useCheckedDraft<ExtraClassDraft, AddExtraClassBody>(startingNow, (value) => checkExtraClass(value, today));
  const [added, setAdded] = useState<Session | null>(null);
  const add = useAddExtraClass(sessionId, batchId);

  if (added) {
    return (
      <div css={stack[2]}>
        <p role="status" css={doneStyle}>
          Extra class added for {batchName}: {dayHeading(added.occursOn, today)}, {formatTimeRange(added.startTime, added.endTime)}. Every family in the batch
          has been sent a text.
        </p>
        <LinkButton variant="secondary" to={paths.teachSession(added.id)}>
          Open its register
        </LinkButton>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = checked();
    if (body) add.mutate(body, { onSuccess: setAdded });
  };

  const field = (name: keyof ExtraClassDraft, label: string, type: 'date' | 'time') => (
    <div css={formField}>
      <label htmlFor={ids[name]} css={boldWeight}>
        {label}
      </label>
      <input
        id={ids[name]}
        type={type}
        css={formInput}
        min={type === 'date' ? today : undefined}
        value={draft[name]}
        onChange={change(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
        disabled={add.isPending}
      />
      <FieldError id={`${ids[name]}-error`} message={errors[name]} />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate css={stack[3]} aria-label="Add an extra class">
      <div css={formFieldGrid}>
        {field('occursOn', 'Day', 'date')}
        {field('startTime', 'Starts', 'time')}
        {field('endTime', 'Ends', 'time')}
      </div>
      <Button type="submit" variant="secondary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add class and tell families'}
      </Button>
      {add.isError && (
        <p role="alert" css={errorText}>
          The class was not added. {readableErrorMessage(add.error)}
        </p>
      )}
    </form>
  );
}
