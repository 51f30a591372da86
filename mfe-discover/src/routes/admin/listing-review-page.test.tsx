import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminTeacher, AdminTeachers } from '@kalike/shared/contracts/admin-teachers';
import type { ListingReviewItem, ListingReviewQueue } from '@kalike/shared/contracts/listing-review';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInAdmin, signOut } from '@kalike/shared/testing/signed-in';

import AdminReviewsPage from './listing-review-page';

const queueApi = 'GET /v1/admin/listing-reviews';
const listingId = '4f0c2a8e-3b1d-4c6e-9a7f-2d5b8e1c0a93';
const otherListingId = '4f0c2a8e-3b1d-4c6e-9a7f-2d5b8e1c0a94';
const teacherId = '0b7d3f4e-0000-4000-8000-000000000101';

function item(overrides: Partial<ListingReviewItem> = {}): ListingReviewItem {
  return {
    listingId,
    title: 'Chess for young beginners in Jayanagar',
    categoryName: 'Chess',
    reviewState: 'in_review',
    submittedAt: '2026-11-20T04:30:00Z',
    teacher: { id: teacherId, name: 'Kiran Rao', photoUrl: null, photo: null, badges: [] },
    summary: {
      about: "At the teacher's centre, ages 7–14. Kiran has taught chess for 8 years.",
      listingAbout: 'Small groups of <b>six</b>.\nEvery child plays a game each class.\n\nParents may watch the last ten minutes.',
      place: 'Jayanagar 560041 (12.9308, 77.5838)',
      programs: ['Openings and tactics (Beginner): How to start a game well.'],
      batches: ['Tue & Thu, 5:30 pm: Tue, Thu, 5:30 pm–6:30 pm, from 10 Dec 2026, 8 seats (0 taken), in Jayanagar'],
      classPacks: ['8 classes (Tue & Thu, 5:30 pm): 8 classes within 45 days, ₹3,200'],
    },
    changes: [],
    ...overrides,
  };
}

const changed = item({
  listingId: otherListingId,
  title: 'Chess club in Koramangala',
  reviewState: 'live',
  submittedAt: null,
  changes: [
    {
      id: '9a0c2a8e-3b1d-4c6e-9a7f-2d5b8e1c0a95',
      kind: 'plan_price',
      what: "Price of '8 classes' (Tue & Thu, 5:30 pm)",
      before: '₹3,200',
      after: '₹3,600',
      createdAt: '2026-11-19T04:30:00Z',
    },
  ],
});

const renderPage = () => renderWithApp(<AdminReviewsPage />, { path: '/admin/reviews' });
const card = (title: string) => within(screen.getByRole('article', { name: title }));

describe('/admin/reviews', () => {
  beforeEach(() => signInAdmin());
  afterEach(() => signOut());

  it('lists what waits as cards: the teacher, the listing in words and held changes before → after', async () => {
    installFakeApi({ [queueApi]: () => json({ items: [changed, item()] } satisfies ListingReviewQueue) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading listings to review' })).toBeInTheDocument();
    const newOne = within(await screen.findByRole('article', { name: 'Chess for young beginners in Jayanagar' }));
    expect(newOne.getByText(/^Kiran Rao · Chess · Waiting for review since/)).toBeInTheDocument();
    expect(newOne.getByText('Jayanagar 560041 (12.9308, 77.5838)')).toBeInTheDocument();
    // The teacher's About as written: markup stays text, paragraphs stay paragraphs.
    const about = within(newOne.getByRole('group', { name: 'About this listing' }));
    expect(about.getAllByRole('paragraph').map((paragraph) => paragraph.textContent)).toEqual([
      'Small groups of <b>six</b>.\nEvery child plays a game each class.',
      'Parents may watch the last ten minutes.',
    ]);
    expect(about.queryByText('six')).toBeNull();
    expect(newOne.getByText('8 classes (Tue & Thu, 5:30 pm): 8 classes within 45 days, ₹3,200')).toBeInTheDocument();
    expect(newOne.getByRole('img', { name: "No photo: families will see Kiran Rao's initials" })).toBeInTheDocument();
    expect(newOne.getByRole('button', { name: 'Approve…' })).toBeInTheDocument();

    const change = card('Chess club in Koramangala');
    expect(change.getByText('Kiran Rao · Chess · Live, with changes waiting')).toBeInTheDocument();
    const waiting = within(change.getByRole('list', { name: 'Changes waiting' }));
    expect(waiting.getByText("Price of '8 classes' (Tue & Thu, 5:30 pm)")).toBeInTheDocument();
    expect(waiting.getByText('₹3,200 → ₹3,600')).toBeInTheDocument();
    expect(change.getByRole('button', { name: 'Approve changes…' })).toBeInTheDocument();
  });

  it("shows the teacher's photo as families will see it, and confirming changes names each one", async () => {
    const photo = { url: 'https://photos.test/kiran-192.webp', width: 192, height: 192, srcset: [{ url: 'https://photos.test/kiran-192.webp', width: 192 }] };
    const withPhoto = { ...changed, teacher: { ...changed.teacher, photo } };
    const approve = jest.fn(() => json({ listingId: otherListingId, reviewState: 'live', changesApplied: 1 }));
    installFakeApi({ [queueApi]: () => json({ items: [withPhoto] }), [`POST /v1/admin/listing-reviews/${otherListingId}/approve`]: approve });
    renderPage();
    const review = within(await screen.findByRole('article', { name: 'Chess club in Koramangala' }));
    expect(review.getByRole('img', { name: 'Kiran Rao, as families will see them' })).toHaveAttribute('src', photo.url);
    await userEvent.click(review.getByRole('button', { name: 'Approve changes…' }));
    expect(
      review.getByText("Learners see these changes at once: Price of '8 classes' (Tue & Thu, 5:30 pm): ₹3,200 → ₹3,600.", { exact: false }),
    ).toBeInTheDocument();
    await userEvent.click(review.getByRole('button', { name: 'Yes, approve changes' }));
    expect(await screen.findByText('Approved: Chess club in Koramangala. Learners see the changes now.')).toBeInTheDocument();
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('says so when nothing waits, and shows a readable error with a retry', async () => {
    let fail = true;
    installFakeApi({
      [queueApi]: () => (fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500) : json({ items: [] })),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Listings to review could not be loaded');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
  });

  it('approves: the listing leaves the list and the outcome is announced', async () => {
    const approve = jest.fn(() => json({ listingId, reviewState: 'live', changesApplied: 0 }));
    installFakeApi({ [queueApi]: () => json({ items: [item(), changed] }), [`POST /v1/admin/listing-reviews/${listingId}/approve`]: approve });
    renderPage();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Approve…' }))[0]!);
    // One tap only asks, saying what approving makes public; nothing is sent yet.
    const confirm = within(screen.getByRole('group', { name: 'Confirm approving Chess for young beginners in Jayanagar' }));
    expect(
      confirm.getByText(
        /It goes live at once: families can find it and see Kiran Rao's initials \(there is no photo\), the About, the place, the batches and the class packs/,
      ),
    ).toBeInTheDocument();
    expect(approve).not.toHaveBeenCalled();
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: /^Confirm approving/ })).not.toBeInTheDocument();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Approve…' }))[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, approve' }));
    expect(await screen.findByText('Approved: Chess for young beginners in Jayanagar. Learners can find it now.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Chess for young beginners in Jayanagar' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Chess club in Koramangala' })).toBeInTheDocument();
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('shows the API refusal beside the buttons and keeps the card', async () => {
    installFakeApi({
      [queueApi]: () => json({ items: [item()] }),
      [`POST /v1/admin/listing-reviews/${listingId}/approve`]: () =>
        json(
          { statusCode: 409, code: 'NOTHING_TO_REVIEW', message: 'This listing has nothing to review: it was sent back and the teacher has not sent it again' },
          409,
        ),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, approve' }));
    expect(await card('Chess for young beginners in Jayanagar').findByRole('alert')).toHaveTextContent('This listing has nothing to review');
  });

  it('sends back with a reason, checked by the length rule first, then sent trimmed', async () => {
    const bodies: unknown[] = [];
    installFakeApi({
      [queueApi]: () => json({ items: [item()] }),
      [`POST /v1/admin/listing-reviews/${listingId}/send-back`]: async (request) => {
        bodies.push(await request.json());
        return json({ listingId, reviewState: 'sent_back', changesApplied: 0 });
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send back…' }));
    const form = within(screen.getByRole('form', { name: 'Send back Chess for young beginners in Jayanagar' }));
    const field = form.getByRole('textbox', { name: 'Why is it going back?' });
    expect(form.getByText('Say what to change, in 10 to 500 characters. The teacher reads it on their listing.')).toBeInTheDocument();
    await userEvent.type(field, 'Too short');
    await userEvent.click(form.getByRole('button', { name: 'Send back' }));
    expect(form.getByRole('alert')).toHaveTextContent('Say what to change in at least 10 characters');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await userEvent.type(field, ' — add the address of your centre.  ');
    await userEvent.click(form.getByRole('button', { name: 'Send back' }));
    expect(await screen.findByText('Sent back: Chess for young beginners in Jayanagar. Kiran Rao has been told.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Too short — add the address of your centre.' }]);
    expect(screen.getByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
  });

  it('finds a teacher and grants a badge with a reason, then removes it', async () => {
    const teacher = (badges: AdminTeacher['badges']): AdminTeacher => ({
      id: teacherId,
      name: 'Kiran Rao',
      phone: '+910000010002',
      pagePath: '/discover/bengaluru/chess/teachers/kiran-rao-2',
      liveListings: 1,
      badges,
    });
    const verified = { kind: 'verified' as const, label: 'Verified Teacher', reason: 'Certificate checked in person.', grantedAt: '2026-11-26T10:00:00Z' };
    const searches: string[] = [];
    const granted: unknown[] = [];
    installFakeApi({
      [queueApi]: () => json({ items: [] }),
      'GET /v1/admin/teachers': (_request, url) => {
        searches.push(url.searchParams.get('query') ?? '');
        return json({ teachers: [teacher([])] } satisfies AdminTeachers);
      },
      [`PUT /v1/admin/teachers/${teacherId}/badges/verified`]: async (request) => {
        granted.push(await request.json());
        return json(teacher([verified]));
      },
      [`DELETE /v1/admin/teachers/${teacherId}/badges/verified`]: () => json(teacher([])),
    });
    renderPage();
    const search = within(screen.getByRole('search', { name: 'Find a teacher' }));
    await userEvent.type(search.getByRole('searchbox', { name: "Teacher's name or phone" }), 'k');
    await userEvent.click(search.getByRole('button', { name: 'Find' }));
    expect(search.getByRole('alert')).toHaveTextContent('Type at least 2 letters of a name or 4 digits of a number');
    await userEvent.type(search.getByRole('searchbox', { name: "Teacher's name or phone" }), 'iran');
    await userEvent.click(search.getByRole('button', { name: 'Find' }));

    const found = within(await screen.findByRole('article', { name: 'Kiran Rao' }));
    expect(searches).toEqual(['kiran']);
    expect(found.getByRole('link', { name: 'Their page' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-2');
    expect(found.getByText(/^\+91 00000 10002 · 1 live listing/)).toBeInTheDocument();
    const grant = within(found.getByRole('form', { name: 'Grant Verified Teacher to Kiran Rao' }));
    await userEvent.click(grant.getByRole('button', { name: 'Grant Verified Teacher to Kiran Rao' }));
    expect(grant.getByRole('alert')).toHaveTextContent('Say why in at least 5 characters');
    await userEvent.type(grant.getByRole('textbox', { name: 'Why Verified Teacher?' }), ' Certificate checked in person. ');
    await userEvent.click(grant.getByRole('button', { name: 'Grant Verified Teacher to Kiran Rao' }));

    expect(await screen.findByText('Verified Teacher granted to Kiran Rao.')).toBeInTheDocument();
    expect(granted).toEqual([{ reason: 'Certificate checked in person.' }]);
    expect(found.getByText(': Certificate checked in person.')).toBeInTheDocument();
    await userEvent.click(found.getByRole('button', { name: 'Remove Verified Teacher from Kiran Rao' }));
    expect(await screen.findByText('Verified Teacher removed from Kiran Rao.')).toBeInTheDocument();
    expect(found.getByRole('form', { name: 'Grant Verified Teacher to Kiran Rao' })).toBeInTheDocument();
  });
});
