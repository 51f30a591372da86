import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';

import { SelectField, TextAreaField, TextField } from './registered-fields';

interface Values {
  name: string;
  about: string;
  level: string;
}

function ListingForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { name: '', about: '', level: 'beginner' } });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <TextField
        label="Your name"
        hint="As families will see it"
        error={errors.name?.message}
        registration={form.register('name', { required: 'Enter your name.' })}
      />
      <TextAreaField label="About" rows={3} error={errors.about?.message} registration={form.register('about')} />
      <SelectField label="Level" registration={form.register('level')}>
        <option value="beginner">Beginner</option>
        <option value="advanced">Advanced</option>
      </SelectField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('fields bound to react-hook-form', () => {
  it("shows a rule's message under its field, marks it invalid and describes it by hint and error", async () => {
    render(<ListingForm onSubmit={jest.fn()} />);
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['As families will see it', 'Enter your name.']);
  });

  it('sends what was typed and chosen, names in Kannada script as typed', async () => {
    const onSubmit = jest.fn();
    render(<ListingForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'ಅನನ್ಯಾ ರಾವ್' } });
    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'Chess on Saturdays' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'advanced' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'ಅನನ್ಯಾ ರಾವ್', about: 'Chess on Saturdays', level: 'advanced' });
  });
});
