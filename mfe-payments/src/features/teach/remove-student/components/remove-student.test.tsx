import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EndedBatch, RemovedStudent } from '@kalike/shared/contracts/refunds';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { batchId, saanviPlace, teacherBatches } from '../../../../testing/teacher-payment-fixtures';
import { RemoveStudent } from './remove-student';

describe('RemoveStudent', () => {
  afterEach(cleanup);

  it('asks before removing, sends only the student, and says what is refunded', async () => {
    const removed: string[] = [];
    installFakeApi({
      'GET /v1/payments/teacher/batches': () => json(teacherBatches()),
      [`POST /v1/payments/teacher/batch-students/${saanviPlace}/remove`]: () => {
        removed.push(saanviPlace);
        const result: RemovedStudent = {
          batchStudentId: saanviPlace,
          status: 'left',
          refunds: [
            {
              id: '3b9e0d41-0000-4000-8000-000000000a01',
              packId: null,
              amountPaise: 200_000,
              classes: 5,
              method: 'original',
              reasonKind: 'teacher_ended',
              reason: 'The teacher ended the classes',
              status: 'succeeded',
              statusLabel: 'Refunded',
              failureReason: null,
              createdAt: '2026-11-28T05:00:00.000Z',
              settledAt: '2026-11-28T05:00:00.000Z',
              creditNote: null,
            },
          ],
          // The API's total, which the page shows as it is.
          refundedPaise: 200_000,
        };
        return json(result);
      },
    });
    renderWithApp(<RemoveStudent />);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Message the family of Saanvi' })).toHaveAttribute('href', `/teach/messages/enrolment/${saanviPlace}`);
    await user.click(await screen.findByRole('button', { name: 'Remove Saanvi' }));
    expect(screen.getByText(/Every unused class goes back to the family in full/)).toBeInTheDocument();
    expect(removed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, remove Saanvi' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Removed. ₹2,000.00 is being refunded to the family.');
    expect(removed).toEqual([saanviPlace]);
    // Kiran was never touched.
    expect(within(screen.getByText('Kiran').closest('li') as HTMLElement).getByRole('button', { name: 'Remove Kiran' })).toBeInTheDocument();
  });

  it('ends a batch only after asking, and says what its families get back once the batch has left the list', async () => {
    const ended: string[] = [];
    // Once ended, the batch has no students and drops out of the list; what happened must still be said.
    const afterEnding = () => ({ batches: teacherBatches().batches.map((entry) => ({ ...entry, students: [] })) });
    installFakeApi({
      'GET /v1/payments/teacher/batches': () => json(ended.length > 0 ? afterEnding() : teacherBatches()),
      [`POST /v1/payments/teacher/batches/${batchId}/end`]: () => {
        ended.push(batchId);
        const result: EndedBatch = { batchId, endsOn: '2026-11-28', removedSessions: 4, removed: [], refundedPaise: 0 };
        return json(result);
      },
    });
    renderWithApp(<RemoveStudent />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End this batch' }));
    expect(ended).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, end the batch' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Batch ended. There was nothing to refund.');
    expect(ended).toEqual([batchId]);
    expect(await screen.findByText('No students in your batches.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Batch ended. There was nothing to refund.');
  });
});
