import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { classUpdatePostLimits } from '@kalike/shared/domain/session-values';
import { Button } from '@kalike/shared/ui/button';
import { Field } from '@kalike/shared/ui/form/field';
import { formHint, formInput } from '@kalike/shared/ui/form/form-css';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { stack } from '@kalike/shared/ui/layout-styles';
import { errorText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { usePostClassUpdate } from '../api/post-class-update';

const textareaStyle = css(formInput, { resize: 'vertical', fontFamily: 'inherit' });
const doneStyle = css({ margin: 0, fontWeight: 600, color: colors.success });

/** A post to the batch: a title and a message the families read in My Updates. */
export function PostUpdateForm({ batchId, batchName }: { batchId: string; batchName: string }) {
  const counterId = useId();
  // Typing in a field clears its problem; both are checked again on the next try.
  const { form, register } = useCheckedForm<{ title: string; body: string }>({ defaultValues: { title: '', body: '' } });
  const body = useWatch({ control: form.control, name: 'body' });
  const { errors } = form.formState;
  const [posted, setPosted] = useState(false);
  const post = usePostClassUpdate(batchId);

  const submit = form.handleSubmit((values) => {
    setPosted(false);
    post.mutate(
      { title: values.title.trim(), body: values.body.trim() },
      {
        onSuccess: () => {
          setPosted(true);
          form.reset({ title: '', body: '' });
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate css={stack[3]} aria-label={`Post to ${batchName}`}>
      <TextField
        label="Title"
        maxLength={classUpdatePostLimits.titleMax}
        disabled={post.isPending}
        error={errors.title?.message}
        registration={register('title', {
          validate: (title) => (title.trim() ? true : 'Give the post a title.'),
        })}
      />
      <Field label="Message" error={errors.body?.message} describedBy={counterId}>
        {(control) => (
          <>
            <textarea
              css={textareaStyle}
              rows={4}
              maxLength={classUpdatePostLimits.bodyMax}
              disabled={post.isPending}
              {...control}
              {...register('body', {
                validate: (text) => (text.trim() ? true : 'Write the message for the families.'),
              })}
            />
            <span id={counterId} css={formHint}>
              {body.length} of {classUpdatePostLimits.bodyMax} characters
            </span>
          </>
        )}
      </Field>
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
