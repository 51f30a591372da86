import { fireEvent, render, screen, waitFor } from '@testing-library/react';

import type { FormCheck } from './check-resolver';
import { TextField } from './registered-fields';
import { useCheckedForm } from './use-checked-form';

interface Draft {
  title: string;
  body: string;
}

const check: FormCheck<Draft, Draft> = (draft) => {
  const errors = { ...(draft.title.trim() ? {} : { title: 'Give the post a title.' }), ...(draft.body.trim() ? {} : { body: 'Write the message.' }) };
  return Object.keys(errors).length > 0 ? { errors } : { body: draft };
};

function PostForm({ onSubmit, withCheck }: { onSubmit: (body: Draft) => void; withCheck: boolean }) {
  const { form, register, errors } = useCheckedForm<Draft, Draft>({ defaultValues: { title: '', body: '' }, ...(withCheck ? { check } : {}) });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <TextField
        label="Title"
        error={errors.title?.message}
        registration={register('title', withCheck ? undefined : { validate: (title) => (title.trim() ? true : 'Give the post a title.') })}
      />
      <TextField
        label="Message"
        error={errors.body?.message}
        registration={register('body', withCheck ? undefined : { validate: (body) => (body.trim() ? true : 'Write the message.') })}
      />
      <button type="submit">Post</button>
    </form>
  );
}

describe.each([
  ['its check', true],
  ['its fields’ rules', false],
])('useCheckedForm, checked by %s', (_by, withCheck) => {
  it('shows every problem on sending, and typing in a field clears that field’s alone', async () => {
    render(<PostForm onSubmit={jest.fn()} withCheck={withCheck} />);
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Give the post a title.')).toBeInTheDocument();
    expect(screen.getByText('Write the message.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'ಯೋಗ' } });
    await waitFor(() => expect(screen.queryByText('Give the post a title.')).not.toBeInTheDocument());
    expect(screen.getByText('Write the message.')).toBeInTheDocument();
  });

  it('sends the checked values once there is no problem', async () => {
    const onSubmit = jest.fn();
    render(<PostForm onSubmit={onSubmit} withCheck={withCheck} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Holiday on Friday' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'No class this Friday.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ title: 'Holiday on Friday', body: 'No class this Friday.' });
  });
});
