import { screen, within } from '@testing-library/react';
import type { TeacherListings } from '@kalike/shared/contracts/listing-authoring';
import type { PayoutAccount } from '@kalike/shared/contracts/payouts';
import type { TeacherProfile } from '@kalike/shared/contracts/teacher-profile';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { GetStartedCard } from './get-started-card';

const profile = (overrides: Partial<TeacherProfile> = {}): TeacherProfile => ({
  name: 'Priya Gowda',
  bio: '',
  experienceYears: 0,
  languages: [],
  qualifications: [],
  photo: null,
  pagePath: null,
  ...overrides,
});

const listing = (reviewState: TeacherListings['items'][number]['reviewState']): TeacherListings['items'][number] => ({
  id: '7a1c2d3e-0000-4000-8000-000000000001',
  title: 'Bharatanatyam for beginners',
  categoryName: 'Dance',
  reviewState,
  reviewNote: null,
  counts: { programs: 1, batches: 1, classPacks: 1 },
  heldChanges: 0,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const upiAccount: PayoutAccount = {
  kind: 'upi',
  holderName: null,
  accountLast4: null,
  ifsc: null,
  upiId: 'priya@okaxis',
  verification: 'verified',
  failureReason: null,
  nameAtBank: 'PRIYA GOWDA',
  updatedAt: '2026-11-20T10:00:00.000Z',
  changedAt: '2026-11-20T10:00:00.000Z',
  heldUntil: null,
  reviewReason: null,
};

function serve(read: { profile: TeacherProfile; items: TeacherListings['items']; account: PayoutAccount | null }) {
  installFakeApi({
    'GET /v1/teachers/me/profile': () => json(read.profile),
    'GET /v1/teachers/me/listings': () => json({ items: read.items, joinedWith: { categoryId: null, locality: null } }),
    'GET /v1/payments/teacher/payout-account': () =>
      read.account ? json(read.account) : json({ statusCode: 404, code: 'NOT_FOUND', message: 'No payout account yet: add a bank account or UPI id.' }, 404),
  });
}

const stepState = (card: HTMLElement, label: string) =>
  within(within(card).getByRole('link', { name: new RegExp(`^${label}`) })).getByText(/^(Done|To do)$/).textContent;

describe('Get started on the /teach home', () => {
  beforeEach(() => signInTeacher('Priya Gowda'));
  afterEach(() => signOut());

  it('a teacher who just joined: nothing done, and families cannot see them yet', async () => {
    serve({ profile: profile(), items: [], account: null });
    renderWithApp(<GetStartedCard />, { path: '/teach' });
    const card = screen.getByRole('region', { name: 'Get started' });
    expect(await within(card).findByText('0 of 3 done')).toBeInTheDocument();
    expect(within(card).getByText(/^Families can't see you yet\. They will once a listing of yours is approved/)).toBeInTheDocument();
    expect(stepState(card, 'Your profile')).toBe('To do');
    expect(stepState(card, 'Your listings')).toBe('To do');
    expect(stepState(card, 'Payouts')).toBe('To do');
  });

  it('with a listing waiting for review: says so, and how long review takes', async () => {
    serve({
      profile: profile({ bio: 'Dancer for twenty years.', photo: { url: 'https://img.test/p.webp', width: 400, height: 400, srcset: [] } }),
      items: [listing('in_review')],
      account: upiAccount,
    });
    renderWithApp(<GetStartedCard />, { path: '/teach' });
    const card = screen.getByRole('region', { name: 'Get started' });
    expect(await within(card).findByText('3 of 3 done')).toBeInTheDocument();
    expect(
      within(card).getByText("Families can't see you yet: your listing is waiting for review. Kalike usually reviews a listing within 2 working days."),
    ).toBeInTheDocument();
    expect(stepState(card, 'Your profile')).toBe('Done');
  });

  it('once a listing is live, no line says families cannot see them', async () => {
    serve({ profile: profile({ pagePath: '/discover/bengaluru/dance/teachers/priya-gowda' }), items: [listing('live')], account: null });
    renderWithApp(<GetStartedCard />, { path: '/teach' });
    const card = screen.getByRole('region', { name: 'Get started' });
    expect(await within(card).findByText('1 of 3 done')).toBeInTheDocument();
    expect(within(card).queryByText(/can't see you/)).not.toBeInTheDocument();
    expect(stepState(card, 'Payouts')).toBe('To do');
  });
});
