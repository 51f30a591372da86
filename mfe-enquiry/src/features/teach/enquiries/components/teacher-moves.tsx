import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { Enquiry, EnquiryBatch } from '@kalike/shared/contracts/enquiries';
import { enquiryLimits, type EnquiryAction } from '@kalike/shared/domain/enquiry-lifecycle';
import { formatClockTime, formatInstantLong, formatTime, formatWeekdays } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { formField, formFieldset, formHint, formInput, formLegend, formOptionRow, formOptionRowRoomy } from '@kalike/shared/ui/form-css';
import { labelStyles } from '@kalike/shared/ui/form-styles';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { captionText, errorText, mutedText, sectionHeading, strongText } from '@kalike/shared/ui/text-styles';
import { colors, space, radius } from '@kalike/shared/ui/theme';

import { enquiryKeys } from '../../../../api/enquiry-keys';
import { useOfferChoices } from '../api/get-teacher-inbox';
import { useDeclineEnquiry, useOfferBatch, useProposeDemo, useRespondEnquiry } from '../../../../api/update-enquiry';
import { declineReasons, declineReasonText, type DeclineReasonValue } from '../utils/decline-reason';
import { describeTeacherMoveFailure } from '../utils/teacher-move-failure';
import { BatchDetails } from '../../../../components/offer-details';

/** The teacher's moves in the order they are offered; which of them show is the lifecycle's call. */
const teacherMoves = [
  { action: 'respond', label: 'Reply' },
  { action: 'propose_demo', label: 'Offer a demo class' },
  { action: 'offer_batch', label: 'Offer a batch' },
  { action: 'decline', label: 'Decline' },
] as const satisfies ReadonlyArray<{ action: EnquiryAction; label: string }>;
type TeacherMove = (typeof teacherMoves)[number]['action'];

const panelStyle = css({
  display: 'grid',
  gap: space(3),
  padding: space(4),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
  minWidth: 0,
});
const doneStyle = css({ margin: 0, color: colors.success, fontWeight: 600 });
const radioStyle = css({ flex: '0 0 auto', width: '1.25rem', height: '1.25rem', margin: 0 });
const optionTextStyle = css({ display: 'grid', gap: space(0.5), minWidth: 0 });

/**
 * A move's failure: one the enquiry moved on from (refused by the lifecycle, a batch filled up)
 * reloads the enquiry and is told above the moves, since the form may no longer be offered;
 * any other failure shows next to the form's button.
 */
function useFailureHandler(enquiryId: string, onRefused: (sentence: string) => void) {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    const failure = describeTeacherMoveFailure(error);
    if (failure.stale) {
      onRefused(failure.message);
      void queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(enquiryId) });
      void queryClient.invalidateQueries({ queryKey: enquiryKeys.teach.offerChoices(enquiryId) });
    }
  };
}

/** The inline failure: only those the form can fix (a field, the connection). */
const inlineFailure = (error: unknown) => {
  if (!error) return null;
  const failure = describeTeacherMoveFailure(error);
  return failure.stale ? null : failure.message;
};

function Failure({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} role="alert" css={errorText}>
      {message}
    </p>
  );
}

interface MoveFormProps {
  enquiry: Enquiry;
  onDone: (sentence: string) => void;
  onRefused: (sentence: string) => void;
  onCancel: () => void;
}

function FormButtons({ pending, submitLabel, pendingLabel, onCancel }: { pending: boolean; submitLabel: string; pendingLabel: string; onCancel: () => void }) {
  return (
    <div css={wrapRow}>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}

function ReplyForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const id = useId();
  const respond = useRespondEnquiry(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (respond.isPending) return;
    if (!message.trim()) return setProblem('Write your reply first.');
    setProblem(null);
    respond.mutate({ message: message.trim() }, { onSuccess: () => onDone('Reply sent. The family gets a text message to read it.'), onError });
  };
  const failure = problem ?? inlineFailure(respond.error);
  return (
    <form onSubmit={submit} css={panelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        Reply to {enquiry.contact.name.split(' ')[0]}
      </h3>
      <div css={formField}>
        <label htmlFor={`${id}-message`} css={labelStyles}>
          Your reply
        </label>
        <textarea
          id={`${id}-message`}
          rows={4}
          maxLength={enquiryLimits.teacherMessageMaxLength}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-error`}
          css={formInput}
        />
      </div>
      <Failure id={`${id}-error`} message={failure} />
      <FormButtons pending={respond.isPending} submitLabel="Send reply" pendingLabel="Sending…" onCancel={onCancel} />
    </form>
  );
}

function OptionalMessage({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div css={formField}>
      <label htmlFor={id} css={labelStyles}>
        A note to the family <span css={formHint}>(optional)</span>
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={enquiryLimits.teacherMessageMaxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        css={formInput}
      />
    </div>
  );
}

/** Loading or failing to load the batches and classes; nothing once they are there. */
function ChoicesState({ choices }: { choices: ReturnType<typeof useOfferChoices> }) {
  if (choices.isPending) return <p css={mutedText}>Loading what you can offer…</p>;
  if (choices.isError) {
    return (
      <div css={stack[2]}>
        <p role="alert" css={errorText}>
          What you can offer could not be loaded. {readableErrorMessage(choices.error)}
        </p>
        <div>
          <Button type="button" variant="secondary" onClick={() => void choices.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return null;
}

function DemoForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const id = useId();
  const choices = useOfferChoices(enquiry.id, { enabled: true });
  const propose = useProposeDemo(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  const [sessionId, setSessionId] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sessions = choices.data?.demoSessions ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (propose.isPending) return;
    if (!sessionId) return setProblem('Choose the class the family can join as a demo.');
    setProblem(null);
    propose.mutate(
      { sessionId, ...(message.trim() ? { message: message.trim() } : {}) },
      { onSuccess: () => onDone('Demo class offered. The family gets a text message to book it.'), onError },
    );
  };
  const failure = problem ?? inlineFailure(propose.error);
  return (
    <form onSubmit={submit} css={panelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        Offer a demo class
      </h3>
      <ChoicesState choices={choices} />
      {choices.isSuccess && sessions.length === 0 && <p css={mutedText}>You have no classes in the next two weeks to offer as a demo.</p>}
      {sessions.length > 0 && (
        <fieldset css={formFieldset} aria-describedby={`${id}-error`}>
          <legend css={formLegend}>Which class can they join?</legend>
          {sessions.map((session) => (
            <label key={session.id} css={formOptionRow}>
              <input
                type="radio"
                name={`${id}-session`}
                value={session.id}
                checked={sessionId === session.id}
                onChange={() => setSessionId(session.id)}
                aria-labelledby={`${id}-${session.id}-when`}
                aria-describedby={`${id}-${session.id}-batch`}
                css={radioStyle}
              />
              <span css={optionTextStyle}>
                <span id={`${id}-${session.id}-when`} css={strongText}>
                  <time dateTime={session.startsAt}>{formatInstantLong(session.startsAt)}</time> to {formatTime(session.endsAt)}
                </span>
                <span id={`${id}-${session.id}-batch`} css={captionText}>
                  {session.batch.name} · {session.batch.programName}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {sessions.length > 0 && <OptionalMessage id={`${id}-message`} value={message} onChange={setMessage} />}
      <Failure id={`${id}-error`} message={failure} />
      <FormButtons pending={propose.isPending} submitLabel="Offer this demo" pendingLabel="Offering…" onCancel={onCancel} />
    </form>
  );
}

const lowestPrice = (batch: EnquiryBatch) => Math.min(...batch.plans.map((plan) => plan.pricePaise));

function batchSummary(batch: EnquiryBatch): string {
  const seats = batch.seatsLeft === 1 ? '1 seat left' : `${batch.seatsLeft} seats left`;
  const from = batch.plans.length > 0 ? ` · packs from ${formatPaise(lowestPrice(batch))}` : ' · no class packs yet';
  return `${formatWeekdays(batch.daysOfWeek)} ${formatClockTime(batch.startTime)} · ${seats}${from}`;
}

function BatchForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const id = useId();
  const choices = useOfferChoices(enquiry.id, { enabled: true });
  const offer = useOfferBatch(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  const [batchId, setBatchId] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const batches = choices.data?.batches ?? [];
  const chosen = batches.find((batch) => batch.id === batchId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (offer.isPending) return;
    if (!batchId) return setProblem('Choose the batch to offer a place in.');
    setProblem(null);
    offer.mutate(
      { batchId, ...(message.trim() ? { message: message.trim() } : {}) },
      { onSuccess: () => onDone('Place offered. The family gets a text message to enrol.'), onError },
    );
  };
  const failure = problem ?? inlineFailure(offer.error);
  return (
    <form onSubmit={submit} css={panelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        Offer a place in a batch
      </h3>
      <ChoicesState choices={choices} />
      {choices.isSuccess && batches.length === 0 && <p css={mutedText}>None of your batches has a seat left.</p>}
      {batches.length > 0 && (
        <fieldset css={formFieldset} aria-describedby={`${id}-error`}>
          <legend css={formLegend}>Which batch?</legend>
          {batches.map((batch) => (
            <label key={batch.id} css={formOptionRowRoomy}>
              <input
                type="radio"
                name={`${id}-batch`}
                value={batch.id}
                checked={batchId === batch.id}
                onChange={() => setBatchId(batch.id)}
                aria-labelledby={`${id}-${batch.id}-name`}
                aria-describedby={`${id}-${batch.id}-summary`}
                css={radioStyle}
              />
              <span css={optionTextStyle}>
                <span id={`${id}-${batch.id}-name`} css={strongText}>
                  {batch.name} · {batch.programName}
                </span>
                <span id={`${id}-${batch.id}-summary`} css={captionText}>
                  {batchSummary(batch)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {chosen && <BatchDetails batch={chosen} headingLevel={3} />}
      {batches.length > 0 && <OptionalMessage id={`${id}-message`} value={message} onChange={setMessage} />}
      <Failure id={`${id}-error`} message={failure} />
      <FormButtons pending={offer.isPending} submitLabel="Offer this batch" pendingLabel="Offering…" onCancel={onCancel} />
    </form>
  );
}

function DeclineForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const id = useId();
  const decline = useDeclineEnquiry(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  const [reason, setReason] = useState<DeclineReasonValue | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decline.isPending) return;
    const checked = declineReasonText({ reason, note });
    if (!checked.ok) return setProblem(checked.error);
    setProblem(null);
    decline.mutate({ reason: checked.text }, { onSuccess: () => onDone('Enquiry declined. The family is told you cannot take it.'), onError });
  };
  const failure = problem ?? inlineFailure(decline.error);
  return (
    <form onSubmit={submit} css={panelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        Decline this enquiry
      </h3>
      <fieldset css={formFieldset} aria-describedby={`${id}-error`}>
        <legend css={formLegend}>Why can you not take it?</legend>
        {declineReasons.map((entry) => (
          <label key={entry.value} css={formOptionRow}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={entry.value}
              checked={reason === entry.value}
              onChange={() => setReason(entry.value)}
              css={radioStyle}
            />
            {entry.label}
          </label>
        ))}
      </fieldset>
      <div css={formField}>
        <label htmlFor={`${id}-note`} css={labelStyles}>
          A note to the family <span css={formHint}>{reason === 'other' ? '(needed)' : '(optional)'}</span>
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={enquiryLimits.reasonMaxLength}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          css={formInput}
        />
      </div>
      <Failure id={`${id}-error`} message={failure} />
      <FormButtons pending={decline.isPending} submitLabel="Decline enquiry" pendingLabel="Declining…" onCancel={onCancel} />
    </form>
  );
}

const forms: Record<TeacherMove, (props: MoveFormProps) => React.JSX.Element> = {
  respond: ReplyForm,
  propose_demo: DemoForm,
  offer_batch: BatchForm,
  decline: DeclineForm,
};

/**
 * The moves the teacher may make now, exactly those the API lists in `allowedActions` from the
 * lifecycle table; one form open at a time.
 */
export function TeacherMoves({ enquiry }: { enquiry: Enquiry }) {
  const [open, setOpen] = useState<TeacherMove | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const available = teacherMoves.filter((move) => enquiry.allowedActions.includes(move.action));
  const OpenForm = open && available.some((move) => move.action === open) ? forms[open] : null;
  return (
    <section aria-labelledby="moves-heading" css={stack[3]}>
      <h2 id="moves-heading" css={sectionHeading}>
        Your answer
      </h2>
      {available.length === 0 ? (
        <p css={mutedText}>There is nothing for you to do on this enquiry now.</p>
      ) : (
        <div css={wrapRow}>
          {available.map((move) => (
            <Button
              key={move.action}
              type="button"
              variant={open === move.action ? 'primary' : 'secondary'}
              aria-expanded={open === move.action}
              onClick={() => {
                setDone(null);
                setRefused(null);
                setOpen(open === move.action ? null : move.action);
              }}
            >
              {move.label}
            </Button>
          ))}
        </div>
      )}
      {/* Live regions stay in the page, so what a move did (or why it was refused) is read out when it appears. */}
      <div>
        <p role="status" css={doneStyle}>
          {done}
        </p>
        <p role="alert" css={errorText}>
          {refused}
        </p>
      </div>
      {OpenForm && (
        <OpenForm
          enquiry={enquiry}
          onCancel={() => setOpen(null)}
          onRefused={(sentence) => {
            setOpen(null);
            setRefused(sentence);
          }}
          onDone={(sentence) => {
            setOpen(null);
            setDone(sentence);
          }}
        />
      )}
    </section>
  );
}
