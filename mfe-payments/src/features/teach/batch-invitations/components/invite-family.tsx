import { css } from '@emotion/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { BatchInvitation, BatchInvitationState, CreateBatchInvitationBody, CreatedBatchInvitation } from '@kalike/shared/contracts/payments';
import { batchInvitationDays } from '@kalike/shared/domain/batch-student-lifecycle';
import { formatDate, formatDateTime } from '@kalike/shared/format/dates';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { checkResolver } from '@kalike/shared/ui/form/check-resolver';
import { Field } from '@kalike/shared/ui/form/field';
import { formFieldGrid, formHint, formInput } from '@kalike/shared/ui/form/form-css';
import { SelectField, TextField } from '@kalike/shared/ui/form/registered-fields';
import { plainList, stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { errorText, mutedText, spacedSectionHeading, strongText } from '@kalike/shared/ui/text-styles';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import { batchLabel, useTeacherBatches } from '../../../../api/teacher-batches';
import { useBatchInvitations, useCreateInvitation, useRevokeInvitation } from '../api/batch-invitations-api';

const linkBox = css({ padding: space(3), borderRadius: radius.medium, background: colors.brandSoft, display: 'grid', gap: space(2), minWidth: 0 });
const linkInput = css({ fontFamily: 'monospace', fontSize: '0.8rem' });

const dayChoices = Array.from({ length: batchInvitationDays.max - batchInvitationDays.min + 1 }, (_, index) => batchInvitationDays.min + index);

export const invitationStateLabels: Readonly<Record<BatchInvitationState, string>> = {
  open: 'Open',
  used_up: 'Used up',
  expired: 'Expired',
  revoked: 'Revoked',
};

type Shared = 'copied' | 'shared' | 'copy-failed' | null;

/** The link, shown once (only a digest is kept): shared through the phone's share sheet where there is one, else copied. */
function NewLink({ invitation, batchName }: { invitation: CreatedBatchInvitation; batchName: string }) {
  const [done, setDone] = useState<Shared>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.url);
      setDone('copied');
    } catch {
      setDone('copy-failed');
    }
  }

  async function share() {
    try {
      await navigator.share({ title: `Join ${batchName} on Kalike`, text: `Join ${batchName} on Kalike:`, url: invitation.url });
      setDone('shared');
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  }

  return (
    <div css={linkBox}>
      <Field label="Invitation link">
        {(control) => <input css={[formInput, linkInput]} readOnly value={invitation.url} onFocus={(event) => event.currentTarget.select()} {...control} />}
      </Field>
      <p css={formHint}>
        Open until {formatDateTime(invitation.expiresAt)}
        {invitation.maxUses ? `, for ${invitation.maxUses} ${invitation.maxUses === 1 ? 'family' : 'families'}` : ''}. This is the only time the link is shown.
      </p>
      <div css={wrapRow}>
        {canShare && (
          <Button type="button" onClick={() => void share()}>
            Share link
          </Button>
        )}
        <Button type="button" variant={canShare ? 'secondary' : 'primary'} onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p role="status" css={mutedText}>
        {done === 'copied' ? 'Link copied. Paste it into a message to the family.' : done === 'shared' ? 'Link shared.' : ''}
      </p>
      {done === 'copy-failed' && (
        <p role="alert" css={errorText}>
          The link could not be copied. Select it above and copy it.
        </p>
      )}
    </div>
  );
}

function InvitationRow({ invitation, batchId }: { invitation: BatchInvitation; batchId: string }) {
  const revoke = useRevokeInvitation(batchId);
  const uses = invitation.maxUses === null ? `${invitation.uses} joined` : `${invitation.uses} of ${invitation.maxUses} joined`;
  return (
    <Card as="article" aria-label={`Invitation of ${formatDate(invitation.createdAt)}`} css={stack[2]}>
      <p css={strongText}>{invitationStateLabels[invitation.state]}</p>
      <p css={mutedText}>
        Made {formatDate(invitation.createdAt)} · {uses} ·{' '}
        {invitation.state === 'revoked' && invitation.revokedAt
          ? `revoked ${formatDate(invitation.revokedAt)}`
          : `until ${formatDateTime(invitation.expiresAt)}`}
      </p>
      {invitation.state === 'open' && (
        <div>
          <Button type="button" variant="secondary" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.id)}>
            {revoke.isPending ? 'Revoking…' : 'Revoke'}
          </Button>
        </div>
      )}
      {revoke.isError && (
        <p role="alert" css={errorText}>
          {readableErrorMessage(revoke.error)}
        </p>
      )}
    </Card>
  );
}

function Invitations({ batchId }: { batchId: string }) {
  const invitations = useBatchInvitations(batchId);
  if (invitations.isPending) return <SkeletonList rows={1} rowHeight="4rem" label="Loading the batch's invitations" />;
  if (invitations.isError) {
    return (
      <StatusMessage tone="error" title="The invitations could not be loaded" action={{ label: 'Try again', onClick: () => void invitations.refetch() }}>
        {readableErrorMessage(invitations.error)}
      </StatusMessage>
    );
  }
  if (invitations.data.length === 0) return <p css={mutedText}>No invitations to this batch yet.</p>;
  return (
    <ul css={plainList}>
      {invitations.data.map((invitation) => (
        <li key={invitation.id}>
          <InvitationRow invitation={invitation} batchId={batchId} />
        </li>
      ))}
    </ul>
  );
}

interface InviteValues {
  days: string;
  /** Families who may join; empty for no limit. */
  cap: string;
}

const inviteResolver = checkResolver<InviteValues, CreateBatchInvitationBody>(({ days, cap }) => {
  const trimmed = cap.trim();
  const maxUses = trimmed === '' ? undefined : Number(trimmed);
  if (maxUses !== undefined && (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > 500)) {
    return { errors: { cap: 'Families who may join: a whole number from 1 to 500, or leave it empty for no limit.' } };
  }
  return { body: { expiresInDays: Number(days), ...(maxUses === undefined ? {} : { maxUses }) } };
});

function InviteForm({ batchId, batchName }: { batchId: string; batchName: string }) {
  // The cap's problem stays until the next try.
  const form = useForm<InviteValues, unknown, CreateBatchInvitationBody>({
    defaultValues: { days: String(batchInvitationDays.default), cap: '' },
    resolver: inviteResolver,
    reValidateMode: 'onSubmit',
  });
  const capProblem = form.formState.errors.cap?.message;
  const create = useCreateInvitation(batchId);

  const submit = form.handleSubmit((body) => create.mutate(body));

  return (
    <div css={stack[4]}>
      <form css={stack[3]} onSubmit={(event) => void submit(event)} noValidate>
        <div css={formFieldGrid}>
          <SelectField label="Link works for" registration={form.register('days')}>
            {dayChoices.map((count) => (
              <option key={count} value={count}>
                {count} {count === 1 ? 'day' : 'days'}
              </option>
            ))}
          </SelectField>
          <TextField label="Families who may join" inputMode="numeric" placeholder="No limit" error={capProblem} registration={form.register('cap')} />
        </div>
        {create.isError && (
          <p role="alert" css={errorText}>
            {readableErrorMessage(create.error)}
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create invitation link'}
          </Button>
        </div>
      </form>
      {create.isSuccess && <NewLink invitation={create.data} batchName={batchName} />}
      <section aria-labelledby={`invitations-${batchId}`} css={stack[3]}>
        <h3 id={`invitations-${batchId}`} css={spacedSectionHeading}>
          Invitations to this batch
        </h3>
        <Invitations batchId={batchId} />
      </section>
    </div>
  );
}

/** Invite a family into one of the teacher's batches with a link that expires. */
export function InviteFamily() {
  const batches = useTeacherBatches();
  const [batchId, setBatchId] = useState('');
  if (batches.isPending) return <SkeletonList rows={1} rowHeight="3rem" label="Loading your batches" />;
  if (batches.isError) {
    return (
      <StatusMessage tone="error" title="Your batches could not be loaded" action={{ label: 'Try again', onClick: () => void batches.refetch() }}>
        {readableErrorMessage(batches.error)}
      </StatusMessage>
    );
  }
  if (batches.data.batches.length === 0)
    return <StatusMessage title="No batches yet">When you have a batch, you can invite families into it here.</StatusMessage>;
  const chosen = batches.data.batches.find((entry) => entry.batch.id === batchId);
  return (
    <div css={stack[4]}>
      {/* Not a form: choosing the batch opens its own invitation form below. */}
      <Field label="Batch to invite into">
        {(control) => (
          <select css={formInput} value={batchId} onChange={(event) => setBatchId(event.target.value)} {...control}>
            <option value="">Choose a batch</option>
            {batches.data.batches.map(({ batch }) => (
              <option key={batch.id} value={batch.id}>
                {batchLabel(batch)} ({batch.seatsLeft} {batch.seatsLeft === 1 ? 'seat' : 'seats'} left)
              </option>
            ))}
          </select>
        )}
      </Field>
      {chosen && <InviteForm key={chosen.batch.id} batchId={chosen.batch.id} batchName={chosen.batch.name} />}
    </div>
  );
}
