import { useState } from 'react';
import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import type { EnquiryAction } from '@kalike/shared/domain/enquiry-lifecycle';
import { Button } from '@kalike/shared/ui/button';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { errorText, mutedText, sectionHeading } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { BatchMoveForm } from './batch-move-form';
import { DeclineMoveForm } from './decline-move-form';
import { DemoMoveForm } from './demo-move-form';
import type { MoveFormProps } from './move-form-parts';
import { ReplyMoveForm } from './reply-move-form';

/** The teacher's moves in the order they are offered; which of them show is the lifecycle's call. */
const teacherMoves = [
  { action: 'respond', label: 'Reply' },
  { action: 'propose_demo', label: 'Offer a demo class' },
  { action: 'offer_batch', label: 'Offer a batch' },
  { action: 'decline', label: 'Decline' },
] as const satisfies ReadonlyArray<{ action: EnquiryAction; label: string }>;
type TeacherMove = (typeof teacherMoves)[number]['action'];

const doneStyle = css({ margin: 0, color: colors.success, fontWeight: 600 });

const forms: Record<TeacherMove, (props: MoveFormProps) => React.JSX.Element> = {
  respond: ReplyMoveForm,
  propose_demo: DemoMoveForm,
  offer_batch: BatchMoveForm,
  decline: DeclineMoveForm,
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
