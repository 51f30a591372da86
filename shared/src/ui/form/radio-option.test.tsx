import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';

import { RadioOption } from './radio-option';

function PlanChoice({ onSubmit }: { onSubmit: (values: { plan: string }) => void }) {
  const form = useForm({ defaultValues: { plan: '' } });
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <RadioOption value="eight" title="8 classes" detail="₹2,400.00" {...form.register('plan')} />
      <RadioOption value="twelve" title="12 classes · ಸಂಗೀತ" detail="₹3,300.00" {...form.register('plan')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('RadioOption', () => {
  it('is named by its title and described by its detail', () => {
    render(<PlanChoice onSubmit={jest.fn()} />);
    expect(screen.getByRole('radio', { name: '12 classes · ಸಂಗೀತ' })).toHaveAccessibleDescription('₹3,300.00');
  });

  it("takes react-hook-form's register like a plain radio", async () => {
    const onSubmit = jest.fn();
    render(<PlanChoice onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('radio', { name: '8 classes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ plan: 'eight' });
  });
});
