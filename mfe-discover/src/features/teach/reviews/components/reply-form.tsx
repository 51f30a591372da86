import { useId, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { reviewReplyMaxLength } from '@kalike/shared/domain/review-values';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';
import { fieldStyles, hintStyles, labelStyles } from '@kalike/shared/ui/form-styles';
import { theme, space } from '@kalike/shared/ui/theme';

import { useReplyToReview } from '../api/teacher-reviews';

const formStyles = css({ display: 'grid', gap: space(2), marginTop: space(3) });
const fieldCss = css(fieldStyles(theme));
const labelCss = css(labelStyles);
const hintCss = css(hintStyles(theme), { margin: 0 });
const textareaCss = css(inputStyles(theme), { minHeight: '6rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });
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
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reply = useReplyToReview(reviewId);
  const error = problem ?? (reply.isError ? readableErrorMessage(reply.error) : null);
  const left = reviewReplyMaxLength - lengthOf(text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = replyProblem(text);
    setProblem(found);
    if (found || reply.isPending) return;
    reply.mutate(text.trim());
  };

  return (
    <form css={formStyles} onSubmit={onSubmit} noValidate>
      <div css={fieldCss}>
        <label htmlFor={fieldId} css={labelCss}>
          Your public reply to {authorName}
        </label>
        <p id={hintId} css={hintCss}>
          Everyone who opens your page sees it. You can reply once and cannot change it afterwards. {charactersLeftLabel(left)}
        </p>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          css={textareaCss}
        />
        <FieldError id={errorId} message={error ?? undefined} />
      </div>
      <div css={actionsCss}>
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? 'Posting…' : 'Post reply'}
        </Button>
      </div>
    </form>
  );
}
