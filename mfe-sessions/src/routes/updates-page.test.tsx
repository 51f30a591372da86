import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import UpdatesPage from './updates-page';

const update = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: n % 2 ? 'new_batch' : 'holiday',
  title: `Update number ${n}`,
  body: 'Details for parents.',
  publishedAt: '2026-11-20T09:30:00.000Z',
  teacher: { name: 'Rekha Prasad', slug: 'rekha-prasad' },
  locality: n % 2 ? { slug: 'malleshwaram', name: 'Malleshwaram' } : null,
  batchName: null,
});

describe('UpdatesPage', () => {
  it('shows the newest updates and loads older ones with the cursor the API gave', async () => {
    const api = installFakeApi({
      'GET /v1/class/updates': (_request, url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? json({ updates: [update(3)], nextCursor: null })
          : json({ updates: [update(1), update(2)], nextCursor: 'page-2' }),
    });
    renderWithApp(<UpdatesPage />);
    expect(await screen.findByRole('heading', { name: 'Update number 1' })).toBeInTheDocument();
    expect(screen.getByText('New batch · Malleshwaram')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older updates' }));
    expect(await screen.findByRole('heading', { name: 'Update number 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older updates' })).not.toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('says so when there are no updates yet', async () => {
    installFakeApi({ 'GET /v1/class/updates': () => json({ updates: [], nextCursor: null }) });
    renderWithApp(<UpdatesPage />);
    expect(await screen.findByRole('heading', { name: 'No updates yet' })).toBeInTheDocument();
  });
});
