import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { css } from '@emotion/react';
import { reviewReplyMaxLength } from '@kalike/shared/domain/review-values';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { colors, font, radius, space } from '@kalike/shared/ui/theme';

import { ReviewReply } from '../../../../components/review-reply';
import { useReplyToReview } from '../api/teacher-reviews';

const formStyles = css({ display: 'grid', gap: space(2), marginTop: space(3) });
const textareaCss = css({ minHeight: '6rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });
const actionsCss = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space(2) });
const previewStyles = css({
  display: 'grid',
  gap: space(2),
  marginTop: space(3),
  padding: space(3),
  border: `1px dashed ${colors.border}`,
  borderRadius: radius.medium,
});
const previewHeadingStyles = css({ margin: 0, fontSize: font.size.body });
const previewNoteStyles = css({ margin: 0, fontSize: font.size.small, color: colors.textMuted });

/** Characters as a person counts them (an emoji is one), as the API counts them. */
const lengthOf = (text: string) => [...text.trim()].length;

/** What is wrong with a reply before it is sent, in the API's words; null when it can go. */
export function replyProblem(text: string): string | null {
  if (lengthOf(text) === 0) return 'Write a reply before sending it';
  if (lengthOf(text) > reviewReplyMaxLength) return `A reply can be at most ${reviewReplyMaxLength} characters`;
  return null;
}

const characters = (count: number) => (count === 1 ? '1 character' : `${count} characters`);
const charactersLeftLabel = (left: number) => (left >= 0 ? `${characters(left)} left.` : `${characters(-left)} too many.`);

/** The reply as it will stand under the review on the teacher's page, before it is published. */
function ReplyPreview({ text, at, onEdit, onPublish, publishing, failure }: ReplyPreviewProps) {
  const teacher = useSignedInTeacher();
  const id = useId();
  return (
    <section css={previewStyles} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} css={previewHeadingStyles}>
        Preview: how families will see your reply
      </h3>
      <ReviewReply reply={{ text, repliedAt: at }} by={teacher ? `Reply from ${teacher.name}` : 'Your reply'} />
      <p css={previewNoteStyles}>Once published, your reply stays on your page as it is: it cannot be changed or deleted.</p>
      <FieldError id={`${id}-failure`} message={failure} />
      <div css={actionsCss}>
        <Button type="button" variant="secondary" onClick={onEdit} disabled={publishing}>
          Edit
        </Button>
        <Button type="button" onClick={onPublish} disabled={publishing}>
          {publishing ? 'Publishing…' : 'Publish reply'}
        </Button>
      </div>
    </section>
  );
}

interface ReplyPreviewProps {
  text: string;
  /** When the preview was asked for: the date the reply would carry if published now. */
  at: string;
  onEdit: () => void;
  onPublish: () => void;
  publishing: boolean;
  failure: string | null;
}

/**
 * The one public reply to a review: written once, checked here and by the API. It cannot be
 * changed once published, so it is previewed as families will see it and published only on
 * a second, deliberate tap.
 */
export function ReplyForm({ reviewId, authorName }: { reviewId: string; authorName: string }) {
  // Typing clears the problem; the reply is checked again when it is previewed.
  const { form, register } = useCheckedForm<{ text: string }>({ defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' });
  const reply = useReplyToReview(reviewId);
  const [preview, setPreview] = useState<{ text: string; at: string } | null>(null);
  const left = reviewReplyMaxLength - lengthOf(text);

  const onSubmit = form.handleSubmit((values) => {
    reply.reset();
    setPreview({ text: values.text.trim(), at: new Date().toISOString() });
  });

  if (preview) {
    return (
      <ReplyPreview
        text={preview.text}
        at={preview.at}
        onEdit={() => setPreview(null)}
        onPublish={() => {
          if (!reply.isPending) reply.mutate(preview.text);
        }}
        publishing={reply.isPending}
        failure={reply.isError ? readableErrorMessage(reply.error) : null}
      />
    );
  }

  return (
    <form css={formStyles} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label={`Your public reply to ${authorName}`}
        hint={`Everyone who opens your page sees it. You can reply once and cannot change it afterwards. ${charactersLeftLabel(left)}`}
        error={form.formState.errors.text?.message}
        css={textareaCss}
        registration={register('text', {
          validate: (value) => replyProblem(value) ?? true,
        })}
      />
      <div css={actionsCss}>
        <Button type="submit">Preview reply</Button>
      </div>
    </form>
  );
}
