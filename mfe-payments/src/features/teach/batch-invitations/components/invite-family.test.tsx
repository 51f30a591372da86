import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BatchInvitation } from '@kalike/shared/contracts/payments';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { batchId, teacherBatches } from '../../../../testing/teacher-payment-fixtures';
import { InviteFamily } from './invite-family';

const invitation = (overrides: Partial<BatchInvitation>): BatchInvitation => ({
  id: '3b9e0d41-0000-4000-8000-000000000b01',
  batchId,
  state: 'open',
  expiresAt: '2026-12-03T05:00:00.000Z',
  maxUses: null,
  uses: 0,
  revokedAt: null,
  createdAt: '2026-11-26T05:00:00.000Z',
  ...overrides,
});
const url = `https://kalike.example/batch-payment-request/${batchId}?invitation=${'A'.repeat(43)}`;

function installInvitations(list: () => BatchInvitation[], created: unknown[] = []) {
  return installFakeApi({
    'GET /v1/payments/teacher/batches': () => json(teacherBatches()),
    [`GET /v1/class/batches/${batchId}/invitations`]: () => json(list()),
    [`POST /v1/class/batches/${batchId}/invitations`]: async (request) => {
      created.push(await request.json());
      return json({ ...invitation({ maxUses: 3 }), token: 'A'.repeat(43), url }, 201);
    },
    [`DELETE /v1/class/batches/${batchId}/invitations/3b9e0d41-0000-4000-8000-000000000b01`]: () =>
      json(invitation({ state: 'revoked', revokedAt: '2026-11-26T06:00:00.000Z' })),
  });
}

async function chooseBatch(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Batch to invite into' }), batchId);
}

describe('InviteFamily', () => {
  const original = { share: navigator.share, clipboard: navigator.clipboard };
  afterEach(() => {
    cleanup();
    Object.assign(navigator, { share: original.share });
    Object.defineProperty(navigator, 'clipboard', { value: original.clipboard, configurable: true });
  });

  it('creates a link for the days and families chosen, shows it once and copies it where the phone cannot share', async () => {
    Object.assign(navigator, { share: undefined });
    const created: unknown[] = [];
    installInvitations(() => [], created);
    renderWithApp(<InviteFamily />);
    // Set after userEvent, which puts its own clipboard in place.
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await chooseBatch(user);
    expect(await screen.findByText('No invitations to this batch yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Link works for' }), '14');
    await user.type(screen.getByRole('textbox', { name: 'Families who may join' }), '3');
    await user.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(created).toEqual([{ expiresInDays: 14, maxUses: 3 }]);
    expect(await screen.findByRole('textbox', { name: 'Invitation link' })).toHaveValue(url);
    expect(screen.queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Link copied. Paste it into a message to the family.')).toBeInTheDocument();
  });

  it("shares through the phone's share sheet where there is one", async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { share });
    installInvitations(() => []);
    renderWithApp(<InviteFamily />);
    const user = userEvent.setup();
    await chooseBatch(user);
    await user.click(await screen.findByRole('button', { name: 'Create invitation link' }));
    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url }));
    expect(await screen.findByText('Link shared.')).toBeInTheDocument();
  });

  it('refuses a use cap that is not a whole number from 1 to 500, without calling the API', async () => {
    const created: unknown[] = [];
    installInvitations(() => [], created);
    renderWithApp(<InviteFamily />);
    const user = userEvent.setup();
    await chooseBatch(user);
    await user.type(await screen.findByRole('textbox', { name: 'Families who may join' }), '0');
    await user.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('a whole number from 1 to 500');
    expect(created).toEqual([]);
  });

  it('lists invitations as open, used up, expired or revoked, and revokes an open one', async () => {
    let revoked = false;
    installInvitations(() => [
      invitation({ state: revoked ? 'revoked' : 'open', revokedAt: revoked ? '2026-11-26T06:00:00.000Z' : null }),
      invitation({ id: '3b9e0d41-0000-4000-8000-000000000b02', state: 'used_up', maxUses: 2, uses: 2 }),
      invitation({
        id: '3b9e0d41-0000-4000-8000-000000000b03',
        state: 'expired',
        expiresAt: '2026-11-20T05:00:00.000Z',
        createdAt: '2026-11-13T05:00:00.000Z',
      }),
    ]);
    renderWithApp(<InviteFamily />);
    const user = userEvent.setup();
    await chooseBatch(user);
    const list = await screen.findByRole('region', { name: 'Invitations to this batch' });
    const cards = await within(list).findAllByRole('article');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual(['Open', 'Used up', 'Expired']);
    expect(cards[1]).toHaveTextContent('2 of 2 joined');
    expect(within(cards[1]!).queryByRole('button')).not.toBeInTheDocument();
    revoked = true;
    await user.click(within(cards[0]!).getByRole('button', { name: 'Revoke' }));
    expect(await within(list).findByText('Revoked')).toBeInTheDocument();
  });
});
