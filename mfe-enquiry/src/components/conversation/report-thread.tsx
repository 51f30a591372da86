import { useId, useState } from 'react';
import { css } from '@emotion/react';
import type { Thread } from '@kalike/shared/contracts/conversations';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { conversationLimits } from '@kalike/shared/domain/conversation-rules';
import { Button } from '@kalike/shared/ui/button';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { wrapRow } from '@kalike/shared/ui/layout-styles';
import { mutedText, strongText } from '@kalike/shared/ui/text-styles';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import { useReportThread } from '../../api/conversations';

const panel = css({ display: 'grid', gap: space(3), padding: space(4), border: `1px solid ${colors.border}`, borderRadius: radius.medium });
const linkButton = css({
  padding: 0,
  border: 0,
  background: 'none',
  color: colors.danger,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  justifySelf: 'start',
});

/** "Report": a confirmation with the reason, sent to Kalike's admins. */
export function ReportThread({ thread }: { thread: Thread }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const report = useReportThread(thread.subject, thread.subjectId);
  const { form, register, errors } = useCheckedForm({ defaultValues: { reason: '' } });
  if (thread.reported) return <p css={mutedText}>You reported this conversation. Kalike will look at it.</p>;
  if (!open) {
    return (
      <button type="button" css={linkButton} onClick={() => setOpen(true)}>
        Report this conversation
      </button>
    );
  }
  const submit = form.handleSubmit(({ reason }) => {
    if (report.isPending) return;
    report.mutate(reason.trim());
  });
  return (
    <form css={panel} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} css={strongText}>
        Report this conversation to Kalike?
      </h3>
      <p css={mutedText}>Kalike reads the messages and may contact you. {thread.otherName} is not told who reported it.</p>
      <TextAreaField
        label="What is wrong?"
        rows={2}
        maxLength={conversationLimits.reportReasonMax}
        error={errors.reason?.message}
        registration={register('reason', {
          validate: (reason) =>
            reason.trim().length >= conversationLimits.reportReasonMin || `Say what is wrong in at least ${conversationLimits.reportReasonMin} characters.`,
        })}
      />
      <FormFailure id={`${id}-failure`} message={report.isError ? readableErrorMessage(report.error) : null} />
      <div css={wrapRow}>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)} disabled={report.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
