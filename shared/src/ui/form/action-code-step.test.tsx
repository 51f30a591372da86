import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@kalike/shared/api/api-error';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { ActionCodeStep } from './action-code-step';

describe('ActionCodeStep', () => {
  test('texts a code only when asked, then confirms the action with it and shows the action’s failure', async () => {
    const requested: unknown[] = [];
    installFakeApi({
      'POST /v1/auth/action-codes': async (request) => {
        requested.push(await request.json());
        return json(
          { requestId: '6f1c2a7e-4d2b-4e7a-9d5e-1b2c3d4e5f60', expiresAt: '2026-03-02T05:40:00.000Z', resendAfterSeconds: 30, sentTo: '+91 ••••• •2345' },
          202,
        );
      },
    });
    const confirmations: unknown[] = [];
    const onConfirm = jest.fn(async (confirmation: unknown) => {
      confirmations.push(confirmation);
      if (confirmations.length === 1) throw new ApiError({ statusCode: 400, code: 'INVALID_CODE', message: 'That code is not right; 4 attempts left' });
    });
    renderWithApp(<ActionCodeStep purpose="delete-account" confirmLabel="Delete my account" onConfirm={onConfirm} />);
    expect(requested).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('+91 ••••• •2345')).toBeInTheDocument();
    expect(requested).toEqual([{ purpose: 'delete-account' }]);
    expect(screen.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Enter the code from the text.')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Code from the text'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('That code is not right; 4 attempts left')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(confirmations).toHaveLength(2));
    expect(confirmations[1]).toEqual({ requestId: '6f1c2a7e-4d2b-4e7a-9d5e-1b2c3d4e5f60', code: '123456' });
  });
});
