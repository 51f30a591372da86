import { useWatch } from 'react-hook-form';
import { css } from '@emotion/react';
import { reviewReplyMaxLength } from '@kalike/shared/domain/review-values';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { space } from '@kalike/shared/ui/theme';

import { useReplyToReview } from '../api/teacher-reviews';

const formStyles = css({ display: 'grid', gap: space(2), marginTop: space(3) });
const textareaCss = css({ minHeight: '6rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });
const actionsCss = css({ display: 'flex', justifyContent: 'flex-end' });

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

/** The one public reply to a review: written once, checked here and by the API. */
export function ReplyForm({ reviewId, authorName }: { reviewId: string; authorName: string }) {
  // Typing clears the problem; the reply is checked again when it is sent.
  const { form, register } = useCheckedForm<{ text: string }>({ defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' });
  const reply = useReplyToReview(reviewId);
  const error = form.formState.errors.text?.message ?? (reply.isError ? readableErrorMessage(reply.error) : null);
  const left = reviewReplyMaxLength - lengthOf(text);

  const onSubmit = form.handleSubmit((values) => {
    if (reply.isPending) return;
    reply.mutate(values.text.trim());
  });

  return (
    <form css={formStyles} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label={`Your public reply to ${authorName}`}
        hint={`Everyone who opens your page sees it. You can reply once and cannot change it afterwards. ${charactersLeftLabel(left)}`}
        error={error}
        css={textareaCss}
        registration={register('text', {
          validate: (value) => replyProblem(value) ?? true,
        })}
      />
      <div css={actionsCss}>
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? 'Posting…' : 'Post reply'}
        </Button>
      </div>
    </form>
  );
}
