import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient } from '@kalike/shared/query/query-client';
import { configureProductApi } from '@kalike/shared/auth/configure-api';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signOut } from '@kalike/shared/testing/signed-in';
import { loginToShortlist } from '@kalike/shared/routing/shortlist-sign-in';
import { toastStore } from '@kalike/shared/ui/toast-store';

import { isAfterSignIn } from '../app/after-sign-in';
import LoginPage from './login-page';

const accountId = '0b7d3f4e-0000-4000-8000-000000000042';
const requestId = '0b7d3f4e-0000-4000-8000-000000000101';
const tokens = { accessToken: 'fresh-access-token-0001', refreshToken: 'fresh-refresh-token-0001', accessTokenExpiresAt: '2026-11-20T10:15:00.000Z' };

/** Where the sign-in led, and whether it said the page is the first after signing in. */
function Landed() {
  const { pathname, search, state } = useLocation();
  return <p>{`Landed on ${pathname}${search}${isAfterSignIn(state) ? ' after signing in' : ''}`}</p>;
}

function renderLogin(url: string) {
  configureProductApi({ baseUrl: 'http://api.test' });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
}

const paymentRequestUpdate = {
  id: 'payment_request:1',
  kind: 'payment_request',
  at: '2026-11-19T10:00:00.000Z',
  paymentRequest: { id: requestId, description: 'December classes', amountPaise: 200000, dueOn: '2026-11-25', teacherName: 'Kiran Rao', studentName: 'Anika' },
};

function fakeSignIn(updates: unknown[] | 'failing') {
  const seenTokens: Array<string | null> = [];
  installFakeApi({
    'POST /v1/auth/otp/request': () => json({ requestId, expiresAt: '2026-11-20T10:10:00.000Z', resendAfterSeconds: 30 }, 202),
    'POST /v1/auth/otp/verify': () =>
      json({
        user: { userType: 'Learner', learnerAccount: { id: accountId, name: 'Asha Rao', isCustomer: true }, teacher: null, isAdmin: false },
        tokens,
        isNewUser: false,
      }),
    'GET /v1/learners/updates': (request) => {
      seenTokens.push(request.headers.get('authorization'));
      return updates === 'failing' ? json({ statusCode: 500, code: 'INTERNAL', message: 'Down' }, 500) : json({ updates });
    },
  });
  return seenTokens;
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Your mobile number'), '98450 12345');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText('One-time code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
}

describe('/login: where a returning family lands', () => {
  afterEach(() => signOut());

  it('takes a family with a payment request to pay to My Updates, asked with the new sign-in', async () => {
    const seenTokens = fakeSignIn([paymentRequestUpdate]);
    renderLogin('/login?from=%2Fdiscover');
    await signIn();
    expect(await screen.findByText('Landed on /updates after signing in')).toBeInTheDocument();
    expect(seenTokens).toEqual([`Bearer ${tokens.accessToken}`]);
  });

  it('takes a family with nothing waiting back to the page they signed in on', async () => {
    fakeSignIn([
      {
        id: 'class_update:1',
        kind: 'class_update',
        at: '2026-11-19T10:00:00.000Z',
        classUpdate: { id: requestId, kind: 'note', title: 'Bring a notebook', body: 'For Saturday', teacherName: 'Kiran Rao', batchName: null },
      },
    ]);
    renderLogin('/login?from=%2Fcategories%2Fchess');
    await signIn();
    expect(await screen.findByText('Landed on /categories/chess after signing in')).toBeInTheDocument();
  });

  it('goes on to discover when My Updates cannot be read', async () => {
    fakeSignIn('failing');
    renderLogin('/login');
    await signIn();
    expect(await screen.findByText('Landed on /discover after signing in')).toBeInTheDocument();
  });

  it('keeps an explicit return path, without asking what waits', async () => {
    const seenTokens = fakeSignIn([paymentRequestUpdate]);
    renderLogin('/login?redirectTo=%2Flearner%2Fsessions');
    await signIn();
    expect(await screen.findByText('Landed on /learner/sessions after signing in')).toBeInTheDocument();
    expect(seenTokens).toEqual([]);
  });
});

describe('/login from a tap on the shortlist heart', () => {
  const listingId = '0b7d3f4e-0000-4000-8000-00000000a001';
  const teacherPage = '/discover/bengaluru/chess/teachers/kiran-rao?near=indiranagar';

  afterEach(() => {
    signOut();
    toastStore.setState({ toasts: [] });
  });

  /** A family signing in (`name` null: a number new to Kalike), and what the shortlist was sent. */
  function fakeShortlistSignIn(name: string | null, shortlistAnswer: () => Response = () => json({ teacherListingID: listingId, shortlisted: true })) {
    const shortlisted: unknown[] = [];
    installFakeApi({
      'POST /v1/auth/otp/request': () => json({ requestId, expiresAt: '2026-11-20T10:10:00.000Z', resendAfterSeconds: 30 }, 202),
      'POST /v1/auth/otp/verify': () =>
        json({
          user: { userType: 'Learner', learnerAccount: { id: accountId, name, isCustomer: false }, teacher: null, isAdmin: false },
          tokens,
          isNewUser: name === null,
        }),
      'POST /v1/marketplace/teacherListings/shortlist': async (request) => {
        shortlisted.push(await request.json());
        return shortlistAnswer();
      },
    });
    return shortlisted;
  }

  it('says why it asks, shortlists the teacher with the new sign-in and goes back to the page', async () => {
    const shortlisted = fakeShortlistSignIn('Asha Rao');
    renderLogin(loginToShortlist(teacherPage, listingId));
    expect(screen.getByText(/^Sign in to save teachers to your shortlist\./)).toBeInTheDocument();
    await signIn();
    expect(await screen.findByText(`Landed on ${teacherPage} after signing in`)).toBeInTheDocument();
    expect(shortlisted).toEqual([{ teacherListingID: listingId }]);
    expect(toastStore.getState().toasts).toEqual([expect.objectContaining({ message: 'Shortlisted', action: { label: 'View shortlist', to: '/shortlist' } })]);
  });

  it('keeps the intent for a new family: shortlisted before their name is asked, and back to the page after', async () => {
    const shortlisted = fakeShortlistSignIn(null);
    renderLogin(loginToShortlist(teacherPage, listingId));
    await signIn();
    expect(await screen.findByText(`Landed on /account?complete=1&redirectTo=${encodeURIComponent(teacherPage)} after signing in`)).toBeInTheDocument();
    expect(shortlisted).toEqual([{ teacherListingID: listingId }]);
  });

  it('still signs in when the shortlist refuses, and says why', async () => {
    fakeShortlistSignIn('Asha Rao', () =>
      json({ statusCode: 409, code: 'SHORTLIST_FULL', message: 'A shortlist holds at most 20 listings; remove one first' }, 409),
    );
    renderLogin(loginToShortlist(teacherPage, listingId));
    await signIn();
    expect(await screen.findByText(`Landed on ${teacherPage} after signing in`)).toBeInTheDocument();
    expect(toastStore.getState().toasts).toEqual([
      expect.objectContaining({ tone: 'error', message: 'Not shortlisted: A shortlist holds at most 20 listings; remove one first' }),
    ]);
  });

  it('ignores an intent that is not a listing id: no reason shown, nothing shortlisted', async () => {
    const shortlisted = fakeShortlistSignIn('Asha Rao');
    renderLogin(`/login?redirectTo=${encodeURIComponent(teacherPage)}&shortlist=..%2Fadmin`);
    expect(screen.queryByText(/save teachers to your shortlist/)).not.toBeInTheDocument();
    await signIn();
    expect(await screen.findByText(`Landed on ${teacherPage} after signing in`)).toBeInTheDocument();
    expect(shortlisted).toEqual([]);
  });
});
