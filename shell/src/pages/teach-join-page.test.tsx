import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { configureProductApi } from '@kalike/shared/auth/configure-api';
import { createQueryClient, queryClient } from '@kalike/shared/query/query-client';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { installFakeApi, json, type FakeRoute } from '@kalike/shared/testing/fake-api';
import { takeHomeRoute } from '@kalike/shared/testing/take-home-fixture';
import { learnerId, signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import { userStore } from '@kalike/shared/user/user-store';

import TeachJoinPage from './teach-join-page';

const musicId = '0b7d3f4e-0000-4000-8000-0000000000c1';
const teacherPair = { accessToken: 'teacher-access-token-0009', refreshToken: 'teacher-refresh-token-0009' };
const learnerPair = { accessToken: 'access-token-for-tests-0001', refreshToken: 'refresh-token-for-tests-0001' };

const categories: FakeRoute = () =>
  json({ categories: [{ id: musicId, slug: 'carnatic-vocal', name: 'Carnatic vocal', description: 'Singing', icon: 'music', activeListingCount: 4 }] });
const terms: FakeRoute = () => json({ kalikeFeeBasisPoints: 1000 });
const publicTerms = { 'GET /v1/teachers/join/terms': terms, 'GET /v1/payments/take-home': takeHomeRoute };

function renderJoin() {
  configureProductApi({ baseUrl: 'http://api.test' });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={['/teach-on-kalike']}>
          <Routes>
            <Route path="/teach-on-kalike" element={<TeachJoinPage />} />
            <Route path="/teach" element={<h1>Teacher workspace</h1>} />
          </Routes>
        </MemoryRouter>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
}

describe('/teach-on-kalike', () => {
  afterEach(() => signOut());

  it('signed out: says what teaching on Kalike gives and what it costs, then leads to sign-in and back', async () => {
    installFakeApi(publicTerms);
    renderJoin();
    expect(screen.getByRole('heading', { level: 1, name: 'Teach on Kalike' })).toBeInTheDocument();
    expect(screen.getByText(/Enquiries from families near you/)).toBeInTheDocument();
    expect(
      await screen.findByText(/the GST goes to the government, Kalike keeps a fee of 10% of the price before GST, and the rest is yours/),
    ).toBeInTheDocument();
    // A worked example from the API's calculation, with the GST and the fee named.
    expect(screen.getByText('For example, on a ₹2,400 class pack:')).toBeInTheDocument();
    expect(await screen.findByText('Families pay ₹2,400.00, you receive ₹1,830.51')).toBeInTheDocument();
    expect(screen.getByText(/GST ₹366\.10 · Kalike's fee \(10% of the price before GST\) ₹203\.39/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to join' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent('/teach-on-kalike')}`);
    expect(screen.queryByRole('button', { name: 'Join as a teacher' })).not.toBeInTheDocument();
  });

  it('says the fee plainly without a number when the terms cannot be read', async () => {
    installFakeApi({
      'GET /v1/teachers/join/terms': () => json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' }, 500),
      'GET /v1/payments/take-home': () => json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' }, 500),
    });
    renderJoin();
    expect(await screen.findByText(/Kalike keeps a share of what families pay you for classes; your earnings page shows it/)).toBeInTheDocument();
    expect(await screen.findByText(/We could not work out what you receive just now/)).toBeInTheDocument();
    expect(screen.queryByText(/you receive ₹/)).not.toBeInTheDocument();
  });

  it('a learner joins: name from their account, the subject, then the teacher sign-in is kept beside theirs and /teach opens', async () => {
    const user = userEvent.setup();
    signInLearner('Asha Rao');
    queryClient.setQueryData(['enquiries', 'mine'], ["a learner's enquiry"]);
    const bodies: unknown[] = [];
    installFakeApi({
      ...publicTerms,
      'GET /v1/marketplace/categories': categories,
      'POST /v1/teachers/join': async (request) => {
        bodies.push(await request.json());
        return json(
          {
            teacher: { id: '0b7d3f4e-0000-4000-8000-0000000000a1', slug: 'asha-rao', name: 'Asha Rao' },
            user: {
              userType: 'Teacher',
              learnerAccount: { id: learnerId, name: 'Asha Rao', isCustomer: false },
              teacher: { id: '0b7d3f4e-0000-4000-8000-0000000000a1', name: 'Asha Rao' },
              isAdmin: false,
            },
            tokens: { ...teacherPair, accessTokenExpiresAt: '2026-11-26T10:15:00.000Z' },
          },
          201,
        );
      },
    });
    renderJoin();
    expect(screen.getByRole('textbox', { name: 'Your name, as families will see it' })).toHaveValue('Asha Rao');
    await screen.findByRole('option', { name: 'Carnatic vocal' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'What you teach' }), 'Carnatic vocal');
    await user.click(screen.getByRole('button', { name: 'Join as a teacher' }));

    expect(await screen.findByRole('heading', { name: 'Teacher workspace' })).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Asha Rao', categoryId: musicId }]);
    expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: teacherPair, teacherTokens: teacherPair, learnerTokens: learnerPair });
    expect(queryClient.getQueryData(['enquiries', 'mine'])).toBeUndefined();
  });

  it('checks the form before sending, and shows the API refusing in its own words', async () => {
    const user = userEvent.setup();
    signInLearner('');
    installFakeApi({
      ...publicTerms,
      'GET /v1/marketplace/categories': categories,
      'POST /v1/teachers/join': () => json({ statusCode: 400, code: 'CATEGORY_NOT_FOUND', message: 'Choose what you teach from the list of subjects.' }, 400),
    });
    renderJoin();
    await user.click(screen.getByRole('button', { name: 'Join as a teacher' }));
    expect(await screen.findByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Choose what you teach.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Your name, as families will see it' }), 'ಪ್ರಿಯಾ');
    await screen.findByRole('option', { name: 'Carnatic vocal' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'What you teach' }), 'Carnatic vocal');
    await user.click(screen.getByRole('button', { name: 'Join as a teacher' }));
    expect(await screen.findByText('Choose what you teach from the list of subjects.')).toBeInTheDocument();
    expect(userStore.getState().user).toMatchObject({ userType: 'Learner', teacherTokens: null });
  });

  it('a learner whose phone already teaches is switched to their teacher sign-in instead of seeing the form', async () => {
    signInLearner('Asha Rao');
    userStore.setState(({ user }) => ({ user: user && { ...user, teacher: { id: 't-1', name: 'Asha Rao' }, teacherTokens: teacherPair } }));
    installFakeApi(publicTerms);
    renderJoin();
    expect(await screen.findByRole('heading', { name: 'Teacher workspace' })).toBeInTheDocument();
    expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: teacherPair, learnerTokens: learnerPair });
  });

  it('a teacher goes straight to the workspace', async () => {
    signInTeacher();
    installFakeApi({});
    renderJoin();
    expect(await screen.findByRole('heading', { name: 'Teacher workspace' })).toBeInTheDocument();
  });
});
