import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { CategoryList } from './category-list';

const categories = [
  { id: '6f1c2b8e-0000-4000-8000-000000000001', slug: 'chess', name: 'Chess', description: 'Openings to endgames', icon: 'chess', activeListingCount: 31 },
  { id: '6f1c2b8e-0000-4000-8000-000000000002', slug: 'abacus', name: 'Abacus', description: 'Mental arithmetic', icon: 'abacus', activeListingCount: 1 },
  { id: '6f1c2b8e-0000-4000-8000-000000000003', slug: 'french', name: 'French', description: 'DELF prep', icon: 'language', activeListingCount: 0 },
];

describe('CategoryList', () => {
  it('lists categories from the API with links and honest teacher counts', async () => {
    installFakeApi({ 'GET /v1/marketplace/categories': () => json({ categories }) });
    renderWithApp(<CategoryList />);
    const chess = await screen.findByRole('link', { name: /Chess/ });
    expect(chess).toHaveAttribute('href', '/categories/chess');
    expect(screen.getByText('31 teachers')).toBeInTheDocument();
    expect(screen.getByText('1 teacher')).toBeInTheDocument();
    expect(screen.getByText('New teachers joining soon')).toBeInTheDocument();
  });

  it('shows only the first few when asked', async () => {
    installFakeApi({ 'GET /v1/marketplace/categories': () => json({ categories }) });
    renderWithApp(<CategoryList limit={2} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });

  it("shows the server's message when loading fails, and recovers on retry", async () => {
    let fail = true;
    installFakeApi({
      'GET /v1/marketplace/categories': () =>
        fail ? json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Kalike is being updated; back in a minute.' }, 503) : json({ categories }),
    });
    renderWithApp(<CategoryList />);
    expect(await screen.findByText('Kalike is being updated; back in a minute.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Abacus/ })).toBeInTheDocument();
  });
});
