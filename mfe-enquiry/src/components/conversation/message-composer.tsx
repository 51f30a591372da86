import { useId } from 'react';
import { css } from '@emotion/react';
import type { Thread } from '@kalike/shared/contracts/conversations';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { conversationLimits } from '@kalike/shared/domain/conversation-rules';
import { Button } from '@kalike/shared/ui/button';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { mutedText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useSendMessage } from '../../api/conversations';

const formStyle = css({ display: 'grid', gap: space(2) });

/** Writing a message; in its place, why nobody can write once the enquiry or the place is over. */
export function MessageComposer({ thread }: { thread: Thread }) {
  const id = useId();
  const send = useSendMessage(thread.subject, thread.subjectId);
  const { form, register, errors } = useCheckedForm({ defaultValues: { body: '' } });
  if (!thread.canWrite) return <p css={mutedText}>{thread.closedReason ?? 'This conversation is closed.'}</p>;
  const submit = form.handleSubmit(({ body }) => {
    if (send.isPending) return;
    send.mutate(body.trim(), { onSuccess: () => form.reset({ body: '' }) });
  });
  const hint = thread.contactsHidden
    ? 'Phone numbers and emails are hidden from the other side until the family enrols.'
    : `Up to ${conversationLimits.messageMaxLength.toLocaleString('en-IN')} characters.`;
  return (
    <form css={formStyle} onSubmit={(event) => void submit(event)} noValidate aria-label="Write a message">
      <TextAreaField
        label="Your message"
        hint={hint}
        rows={3}
        maxLength={conversationLimits.messageMaxLength}
        error={errors.body?.message}
        describedBy={`${id}-failure`}
        registration={register('body', {
          validate: (body) => {
            if (!body.trim()) return 'Write your message first.';
            return body.length <= conversationLimits.messageMaxLength || `Keep it to ${conversationLimits.messageMaxLength} characters.`;
          },
          onChange: () => send.reset(),
        })}
      />
      <FormFailure id={`${id}-failure`} message={send.isError ? readableErrorMessage(send.error) : null} />
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
