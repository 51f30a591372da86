import { useId, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { classUpdatePostLimits } from '@kalike/shared/domain/session-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form-field';
import { formField, formHint, formInput } from '@kalike/shared/ui/form-css';
import { stack } from '@kalike/shared/ui/layout-styles';
import { boldWeight, errorText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { usePostClassUpdate } from '../api/post-class-update';

const textareaStyle = css(formInput, { resize: 'vertical', fontFamily: 'inherit' });
const doneStyle = css({ margin: 0, fontWeight: 600, color: colors.success });

type Errors = { title?: string; body?: string };

/** A post to the batch: a title and a message the families read in My Updates. */
export function PostUpdateForm({ batchId, batchName }: { batchId: string; batchName: string }) {
  const ids = { title: useId(), body: useId(), counter: useId() };
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [posted, setPosted] = useState(false);
  const post = usePostClassUpdate(batchId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      ...(title.trim() ? {} : { title: 'Give the post a title.' }),
      ...(body.trim() ? {} : { body: 'Write the message for the families.' }),
    };
    setErrors(found);
    if (found.title || found.body) return;
    setPosted(false);
    post.mutate(
      { title: title.trim(), body: body.trim() },
      {
        onSuccess: () => {
          setPosted(true);
          setTitle('');
          setBody('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate css={stack[3]} aria-label={`Post to ${batchName}`}>
      <div css={formField}>
        <label htmlFor={ids.title} css={boldWeight}>
          Title
        </label>
        <input
          id={ids.title}
          css={formInput}
          value={title}
          maxLength={classUpdatePostLimits.titleMax}
          onChange={(event) => {
            setTitle(event.target.value);
            setErrors((current) => ({ ...current, title: undefined }));
          }}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${ids.title}-error` : undefined}
          disabled={post.isPending}
        />
        <FieldError id={`${ids.title}-error`} message={errors.title} />
      </div>
      <div css={formField}>
        <label htmlFor={ids.body} css={boldWeight}>
          Message
        </label>
        <textarea
          id={ids.body}
          css={textareaStyle}
          rows={4}
          value={body}
          maxLength={classUpdatePostLimits.bodyMax}
          onChange={(event) => {
            setBody(event.target.value);
            setErrors((current) => ({ ...current, body: undefined }));
          }}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${ids.counter} ${ids.body}-error` : ids.counter}
          disabled={post.isPending}
        />
        <span id={ids.counter} css={formHint}>
          {body.length} of {classUpdatePostLimits.bodyMax} characters
        </span>
        <FieldError id={`${ids.body}-error`} message={errors.body} />
      </div>
      <Button type="submit" disabled={post.isPending}>
        {post.isPending ? 'Posting…' : 'Post to the batch'}
      </Button>
      {post.isError && (
        <p role="alert" css={errorText}>
          The post was not published. {readableErrorMessage(post.error)}
        </p>
      )}
      <div role="status">{posted && <p css={doneStyle}>Posted. Families in {batchName} see it in My Updates.</p>}</div>
    </form>
  );
}
