import { render, screen } from '@testing-library/react';

import { Field, FieldGroup, describedByIds } from './field';

const describedBy = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);

describe('Field', () => {
  it('labels its control, including names in Kannada and Hindi script', () => {
    render(<Field label="ಹೆಸರು / नाम">{(control) => <input {...control} />}</Field>);
    expect(screen.getByLabelText('ಹೆಸರು / नाम')).toBeInstanceOf(HTMLInputElement);
  });

  it('describes the control by its hint, and by its error as well while there is one', () => {
    const { rerender } = render(
      <Field label="Mobile number" hint="10 digits">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Mobile number');
    expect(describedBy(input).map((id) => document.getElementById(id)?.textContent)).toEqual(['10 digits']);

    rerender(
      <Field label="Mobile number" hint="10 digits" error="Enter a 10-digit Indian mobile number.">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(describedBy(input).map((id) => document.getElementById(id)?.textContent)).toEqual(['10 digits', 'Enter a 10-digit Indian mobile number.']);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a 10-digit Indian mobile number.');
  });

  it('marks the control invalid only while it has an error', () => {
    const { rerender } = render(<Field label="Title">{(control) => <input {...control} />}</Field>);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    rerender(
      <Field label="Title" error="Give the listing a title.">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    rerender(<Field label="Title">{(control) => <input {...control} />}</Field>);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'false');
  });

  it("uses the id it is given and adds another element's description after its own", () => {
    render(
      <>
        <Field label="Your reply" id="reply" error="Write your reply first." describedBy="form-failure">
          {(control) => <textarea {...control} />}
        </Field>
        <p id="form-failure">The enquiry has moved on.</p>
      </>,
    );
    const reply = screen.getByLabelText('Your reply');
    expect(reply).toHaveAttribute('id', 'reply');
    expect(describedBy(reply)).toEqual(['reply-error', 'form-failure']);
  });

  it("is marked invalid when its problem is said on the form's own line", () => {
    render(
      <Field label="Your reply" invalid describedBy="form-failure">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText('Your reply')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your reply')).toHaveAttribute('aria-describedby', 'form-failure');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('FieldGroup', () => {
  it('names its controls by the legend and is described by its hint and error', () => {
    render(
      <FieldGroup legend="Which batch?" hint="Only batches with a seat left" error="Choose the batch to offer a place in.">
        <label>
          <input type="radio" name="batch" value="a" /> Saturday beginners
        </label>
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Which batch?' });
    expect(describedBy(group).map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Only batches with a seat left',
      'Choose the batch to offer a place in.',
    ]);
  });
});

describe('describedByIds', () => {
  it('joins the ids present and is undefined when there are none', () => {
    expect(describedByIds('a', null, undefined, false, 'b')).toBe('a b');
    expect(describedByIds(undefined, false)).toBeUndefined();
  });
});
