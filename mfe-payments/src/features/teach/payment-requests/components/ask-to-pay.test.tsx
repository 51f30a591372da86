import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { kiranPlace, monthlyPlan, teacherBatches, teacherRequest } from '../../../../testing/teacher-payment-fixtures';
import { AskToPay } from './ask-to-pay';

/** The form over an API that answers every request for Saanvi's monthly pack; what it was sent. */
function renderSendingMonthlyPack(): unknown[] {
  const sent: unknown[] = [];
  installFakeApi({
    'GET /v1/payments/teacher/batches': () => json(teacherBatches()),
    'POST /v1/class/batch-student-payment-request': async (request) => {
      sent.push(await request.json());
      return json(teacherRequest({ amountPaise: 320_000 }), 201);
    },
  });
  renderWithApp(<AskToPay />);
  return sent;
}

describe('AskToPay', () => {
  afterEach(cleanup);

  it('sends what the teacher chose, never an amount: the price shown and sent back is the API’s', async () => {
    const sent = renderSendingMonthlyPack();
    const user = userEvent.setup();
    // One batch: it is chosen already.
    expect(await screen.findByRole('combobox', { name: 'Batch' })).toHaveValue(teacherBatches().batches[0]!.batch.id);
    await user.click(screen.getByRole('radio', { name: 'Saanvi' }));
    expect(screen.getByRole('radio', { name: 'Saanvi' })).toHaveAccessibleDescription('5 of 8 classes left');
    // Saanvi owes nothing: only the packs, each at its price to the paisa.
    expect(screen.queryByRole('radio', { name: 'What is owed' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Term pack' })).toHaveAccessibleDescription('24 classes · ₹9,000.50');
    // There is nowhere to type an amount.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Monthly pack' }));
    await user.click(screen.getByRole('button', { name: 'Send payment request' }));
    expect(await screen.findByText('Request sent to Saanvi for ₹3,200.00')).toBeInTheDocument();
    expect(sent).toEqual([{ batchStudentId: teacherBatches().batches[0]!.students[0]!.batchStudentId, classPackPlanId: monthlyPlan }]);
  });

  it('with a pack in use and another already waiting, offers no pack and says why, as the family’s checkout would', async () => {
    const batches = teacherBatches();
    const message = 'Saanvi has 5 of 8 classes left, valid until 6 Jan 2027, and a pack of 8 classes is already waiting (starts by 7 Jan 2027).';
    batches.batches[0]!.students[0] = {
      ...batches.batches[0]!.students[0]!,
      queuedPacks: [{ name: 'Monthly pack', classesTotal: 8, validFrom: '2027-01-07' }],
      nextPack: { allowed: false, startsOn: null, message },
    };
    installFakeApi({ 'GET /v1/payments/teacher/batches': () => json(batches) });
    renderWithApp(<AskToPay />);
    const user = userEvent.setup();
    const saanvi = await screen.findByRole('radio', { name: 'Saanvi' });
    expect(saanvi).toHaveAccessibleDescription('5 of 8 classes left · a pack is already waiting');
    await user.click(saanvi);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Monthly pack' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Term pack' })).not.toBeInTheDocument();
  });

  it('offers what is owed when the ledger says so, and sends no plan for it', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      'GET /v1/payments/teacher/batches': () => json(teacherBatches()),
      'POST /v1/class/batch-student-payment-request': async (request) => {
        sent.push(await request.json());
        return json(
          teacherRequest({ studentName: 'Kiran', amountPaise: 80_000, classPack: null, description: 'Classes taken without a pack (₹800.00 owed)' }),
          201,
        );
      },
    });
    renderWithApp(<AskToPay />);
    const user = userEvent.setup();
    const kiran = await screen.findByRole('radio', { name: 'Kiran' });
    expect(kiran).toHaveAccessibleDescription('No class pack · owes ₹800.00 · 1 request open');
    await user.click(kiran);
    await user.click(screen.getByRole('radio', { name: 'What is owed' }));
    await user.click(screen.getByRole('button', { name: 'Send payment request' }));
    expect(await screen.findByText('Request sent to Kiran for ₹800.00')).toBeInTheDocument();
    expect(sent).toEqual([{ batchStudentId: kiranPlace }]);
  });

  it('sends once on a double tap, and never shows a problem beside the request it sent', async () => {
    const sent = renderSendingMonthlyPack();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Saanvi' }));
    await user.click(screen.getByRole('radio', { name: 'Monthly pack' }));
    const send = screen.getByRole('button', { name: 'Send payment request' });
    await user.click(send);
    await user.click(send);
    expect(await screen.findByText('Request sent to Saanvi for ₹3,200.00')).toBeInTheDocument();
    // A third tap once it is sent: still nothing new, and no problem with the cleared choice.
    await user.click(screen.getByRole('button', { name: 'Send payment request' }));
    expect(screen.queryByText('Choose a class pack, or what is owed.')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send payment request' })).toBeDisabled();

    // Choosing again starts the next request: the note of the last one goes.
    await user.click(screen.getByRole('radio', { name: 'Term pack' }));
    expect(screen.queryByText('Request sent to Saanvi for ₹3,200.00')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send payment request' })).toBeEnabled();
  });

  it('says what is missing before sending, and shows the API’s refusal as a sentence', async () => {
    installFakeApi({
      'GET /v1/payments/teacher/batches': () => json(teacherBatches()),
      'POST /v1/class/batch-student-payment-request': () =>
        json(
          { statusCode: 409, code: 'PAYMENT_REQUEST_ALREADY_OPEN', message: 'Kiran already has an open request for this. Cancel it first to send a new one.' },
          409,
        ),
    });
    renderWithApp(<AskToPay />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send payment request' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the student who should pay.');
    await user.click(screen.getByRole('radio', { name: 'Kiran' }));
    await user.click(screen.getByRole('button', { name: 'Send payment request' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a class pack, or what is owed.');
    await user.click(screen.getByRole('radio', { name: 'What is owed' }));
    await user.click(screen.getByRole('button', { name: 'Send payment request' }));
    expect(await screen.findByText(/already has an open request/)).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again, and no batches as an empty state', async () => {
    let fail = true;
    installFakeApi({
      'GET /v1/payments/teacher/batches': () =>
        fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500) : json({ batches: [] }),
    });
    renderWithApp(<AskToPay />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your batches could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No batches yet')).toBeInTheDocument();
  });
});
