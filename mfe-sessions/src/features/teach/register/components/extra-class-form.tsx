import { useState } from 'react';
import { css } from '@emotion/react';
import type { AddExtraClassBody, Session } from '@kalike/shared/contracts/sessions';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { istClockTime, istDateKey } from '@kalike/shared/format/dates';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { formFieldGrid } from '@kalike/shared/ui/form/form-css';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { stack } from '@kalike/shared/ui/layout-styles';
import { errorText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';

import { formatTimeRange } from '../../../../utils/ist-text';
import { dayHeading } from '../../../../utils/day-heading';
import { useAddExtraClass } from '../api/session-register';
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
  const today = istDateKey(new Date());
  const { form, register, errors } = useCheckedForm<ExtraClassDraft, AddExtraClassBody>({
    defaultValues: startingNow,
    check: (value) => checkExtraClass(value, today),
  });
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

  const submit = form.handleSubmit((body) => add.mutate(body, { onSuccess: setAdded }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate css={stack[3]} aria-label="Add an extra class">
      <div css={formFieldGrid}>
        <TextField label="Day" type="date" min={today} disabled={add.isPending} error={errors.occursOn?.message} registration={register('occursOn')} />
        <TextField label="Starts" type="time" disabled={add.isPending} error={errors.startTime?.message} registration={register('startTime')} />
        <TextField label="Ends" type="time" disabled={add.isPending} error={errors.endTime?.message} registration={register('endTime')} />
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
