import { useId, useState } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { ListingReviewItem } from '@kalike/shared/contracts/listing-review';
import { formatDateTime } from '@kalike/shared/format/dates';
import { listingReviewLifecycle } from '@kalike/shared/domain/listing-review-lifecycle';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { TextParagraphs } from '@kalike/shared/ui/text-paragraphs';
import { colors, font, radius, space } from '@kalike/shared/ui/theme';

import { TeacherAvatar } from '../../../../components/teacher-avatar';
import { useDecideListing, type ReviewDecision } from '../api/admin-reviews';
import { sendBackProblem, sendBackRule } from '../utils/admin-reasons';

const itemStyles = css({ padding: space(4), borderRadius: radius.medium, background: colors.surface, border: `1px solid ${colors.border}`, minWidth: 0 });
const titleStyles = css({ margin: 0, fontSize: font.size.large, overflowWrap: 'anywhere' });
const metaStyles = css({ margin: `${space(1)} 0 ${space(3)}`, fontSize: font.size.small, color: colors.textMuted, overflowWrap: 'anywhere' });
const sectionTitleStyles = css({ margin: `${space(3)} 0 ${space(1)}`, fontSize: font.size.body });
const listStyles = css({ margin: 0, paddingLeft: space(5), display: 'grid', gap: space(1), overflowWrap: 'anywhere' });
const textStyles = css({ margin: 0, overflowWrap: 'anywhere' });
const changeStyles = css({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: space(2) });
const changeItemStyles = css({ padding: space(3), borderRadius: radius.small, background: colors.background, overflowWrap: 'anywhere' });
const actionsStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space(2), marginTop: space(4) });
const formStyles = css({ display: 'grid', gap: space(2), marginTop: space(3) });
const textareaCss = css({ minHeight: '6rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });
const seenStyles = css({ display: 'flex', alignItems: 'center', gap: space(3), flexWrap: 'wrap', margin: `0 0 ${space(3)}` });
const confirmStyles = css({ marginTop: space(4), padding: space(3), borderRadius: radius.small, background: colors.brandSoft, overflowWrap: 'anywhere' });

/** What approving makes public, said before the admin confirms it. */
export function approvalConsequence(item: ListingReviewItem, isChange: boolean): string {
  if (isChange) {
    const changes = item.changes.map((change) => `${change.what}: ${change.before} → ${change.after}`).join('; ');
    return `Learners see these changes at once: ${changes}.`;
  }
  const face = item.teacher.photo ? `${item.teacher.name}'s photo` : `${item.teacher.name}'s initials (there is no photo)`;
  return `It goes live at once: families can find it and see ${face}, the About, the place, the batches and the class packs, and can pay for them.`;
}

function Lines({ title, lines, empty }: { title: string; lines: readonly string[]; empty: string }) {
  return (
    <>
      <h4 css={sectionTitleStyles}>{title}</h4>
      {lines.length === 0 ? (
        <p css={textStyles}>{empty}</p>
      ) : (
        <ul css={listStyles}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * One listing waiting for review: who, what a learner would read, the held changes as before
 * → after, and the two decisions. `onDecided` announces the outcome once it has left the list.
 */
export function ReviewItem({ item, onDecided }: { item: ListingReviewItem; onDecided: (message: string) => void }) {
  const headingId = useId();
  const errorId = useId();
  const [sendingBack, setSendingBack] = useState(false);
  // Approving makes the listing public at once: the first tap asks, the second decides.
  const [confirming, setConfirming] = useState(false);
  // Typing clears the reason's problem; it is checked again when sent. The reason outlives a Cancel.
  const { form, register } = useCheckedForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const decide = useDecideListing(item.listingId);
  const refusal = decide.isError ? readableErrorMessage(decide.error) : null;
  const isChange = item.changes.length > 0 && item.reviewState === 'live';

  const run = (decision: ReviewDecision) => {
    if (decide.isPending) return;
    decide.mutate(decision, {
      onSuccess: () =>
        onDecided(
          decision.kind === 'approve'
            ? `Approved: ${item.title}. ${isChange ? 'Learners see the changes now.' : 'Learners can find it now.'}`
            : `Sent back: ${item.title}. ${item.teacher.name} has been told.`,
        ),
    });
  };

  const onSendBack = form.handleSubmit(({ reason }) => run({ kind: 'send_back', reason: reason.trim() }));

  const error = form.formState.errors.reason?.message ?? refusal;
  return (
    <li css={itemStyles}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId} css={titleStyles}>
          {item.title}
        </h3>
        <div css={seenStyles}>
          <TeacherAvatar
            name={item.teacher.name}
            photo={item.teacher.photo}
            size={96}
            alt={item.teacher.photo ? `${item.teacher.name}, as families will see them` : `No photo: families will see ${item.teacher.name}'s initials`}
          />
          <p css={textStyles}>{item.teacher.photo ? 'The photo families will see' : 'No photo yet: families will see the initials'}</p>
        </div>
        <p css={metaStyles}>
          {item.teacher.name}
          {item.teacher.badges.length > 0 ? ` (${item.teacher.badges.join(', ')})` : ''} · {item.categoryName} ·{' '}
          {isChange ? 'Live, with changes waiting' : listingReviewLifecycle.labels[item.reviewState]}
          {item.submittedAt ? ` since ${formatDateTime(item.submittedAt)}` : ''}
        </p>
        {item.changes.length > 0 && (
          <>
            <h4 css={sectionTitleStyles}>Changes waiting</h4>
            <ul css={changeStyles} aria-label="Changes waiting">
              {item.changes.map((change) => (
                <li key={change.id} css={changeItemStyles}>
                  <strong>{change.what}</strong>
                  <p css={textStyles}>
                    {change.before} → {change.after}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
        <h4 css={sectionTitleStyles}>About</h4>
        <p css={textStyles}>{item.summary.about}</p>
        <h4 css={sectionTitleStyles}>About this listing, in the teacher&rsquo;s words</h4>
        <div role="group" aria-label="About this listing">
          {item.summary.listingAbout.trim() ? (
            <TextParagraphs text={item.summary.listingAbout} paragraphCss={textStyles} />
          ) : (
            <p css={textStyles}>Nothing written.</p>
          )}
        </div>
        <h4 css={sectionTitleStyles}>Place</h4>
        <p css={textStyles}>{item.summary.place}</p>
        <Lines title="Programs" lines={item.summary.programs} empty="No programs yet." />
        <Lines title="Batches" lines={item.summary.batches} empty="No batches yet." />
        <Lines title="Class packs" lines={item.summary.classPacks} empty="No class packs yet." />

        {sendingBack ? (
          <form css={formStyles} onSubmit={(event) => void onSendBack(event)} noValidate aria-label={`Send back ${item.title}`}>
            <TextAreaField
              label="Why is it going back?"
              hint={sendBackRule}
              error={error}
              css={textareaCss}
              registration={register('reason', {
                validate: (reason) => sendBackProblem(reason) ?? true,
              })}
            />
            <div css={actionsStyles}>
              <Button type="submit" disabled={decide.isPending}>
                {decide.isPending ? 'Sending back…' : 'Send back'}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setSendingBack(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : confirming ? (
          <div css={confirmStyles} role="group" aria-label={`Confirm approving ${item.title}`}>
            <p css={textStyles}>
              <strong>{isChange ? 'Approve these changes?' : `Approve ${item.title}?`}</strong> {approvalConsequence(item, isChange)}
            </p>
            <FieldError id={errorId} message={refusal ?? undefined} />
            <div css={actionsStyles}>
              <Button type="button" disabled={decide.isPending} onClick={() => run({ kind: 'approve' })}>
                {decide.isPending ? 'Approving…' : isChange ? 'Yes, approve changes' : 'Yes, approve'}
              </Button>
              <Button type="button" variant="secondary" disabled={decide.isPending} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <div css={actionsStyles}>
            <Button type="button" onClick={() => setConfirming(true)}>
              {isChange ? 'Approve changes…' : 'Approve…'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setSendingBack(true)}>
              Send back…
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}
