import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeacherReview, TeacherReviews } from '@kalike/shared/contracts/teacher-reviews';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import TeachReviewsPage from './reviews-page';

const listApi = 'GET /v1/surveys/teacher/reviews';
const replyApi = (id: string) => `PUT /v1/surveys/teacher/reviews/${id}/reply`;
const reviewId = '4f0c2a8e-3b1d-4c6e-9a7f-2d5b8e1c0a93';

function review(overrides: Partial<TeacherReview> = {}): TeacherReview {
  return {
    id: reviewId,
    rating: 4,
    comment: 'Patient and clear. My son loves the Saturday class.',
    authorName: 'Asha R.',
    listing: {
      id: '0b7d3f4e-0000-4000-8000-000000000101',
      title: 'Chess for beginners with Kiran',
      categoryName: 'Chess',
      pagePath: '/discover/bengaluru/chess/teachers/kiran-rao-1',
    },
    createdAt: '2026-10-12T10:00:00Z',
    reply: null,
    ...overrides,
  };
}

const answer = (reviews: TeacherReview[], rating = { average: 4.5, count: 12 }): TeacherReviews => ({ rating, reviews });

const renderPage = () => renderWithApp(<TeachReviewsPage />, { path: '/teach/reviews' });

describe('/teach/reviews', () => {
  beforeEach(() => signInTeacher('Kiran Rao'));
  afterEach(() => signOut());

  it('says it is loading, then lists the reviews with the rating over every rating', async () => {
    installFakeApi({ [listApi]: () => json(answer([review(), review({ id: '4f0c2a8e-3b1d-4c6e-9a7f-2d5b8e1c0a94', authorName: 'Ravi K.', rating: 5 })])) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your reviews' })).toBeInTheDocument();
    expect(await screen.findByText('Rated 4.5 out of 5, 12 ratings.')).toBeInTheDocument();
    const first = within(screen.getByRole('article', { name: 'Review by Asha R.' }));
    expect(first.getByRole('img', { name: '4 out of 5' })).toBeInTheDocument();
    expect(first.getByText('Chess for beginners with Kiran · 12 Oct 2026')).toBeInTheDocument();
    expect(first.getByRole('textbox', { name: 'Your public reply to Asha R.' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Review by Ravi K.' })).toBeInTheDocument();
  });

  it('says so when nobody has written a review yet', async () => {
    installFakeApi({ [listApi]: () => json(answer([], { average: 4, count: 3 })) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No written reviews yet' })).toBeInTheDocument();
    expect(screen.getByText('Learners have rated your classes without writing a review yet.')).toBeInTheDocument();
  });

  it('shows a readable error with a retry that loads again', async () => {
    let fail = true;
    installFakeApi({
      [listApi]: () => (fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }, 500) : json(answer([review()]))),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Your reviews could not be loaded' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Review by Asha R.' })).toBeInTheDocument();
  });

  it('shows a reply already written, with no form', async () => {
    installFakeApi({ [listApi]: () => json(answer([review({ reply: { text: 'Thank you, Asha!', repliedAt: '2026-10-13T04:00:00Z' } })])) });
    renderPage();
    const item = within(await screen.findByRole('article', { name: 'Review by Asha R.' }));
    expect(item.getByText('Thank you, Asha!')).toBeInTheDocument();
    expect(item.getByText('Your reply · 13 Oct 2026')).toBeInTheDocument();
    expect(item.getByRole('link', { name: 'See it on your page' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-1');
    expect(item.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('refuses an empty reply without asking the API, previews the trimmed reply as families see it, and publishes it only when confirmed', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    installFakeApi({
      [listApi]: () => json(answer([review()])),
      [replyApi(reviewId)]: async (request) => {
        const body = (await request.json()) as { text: string };
        sent.push(body);
        return json(review({ reply: { text: body.text, repliedAt: '2026-10-13T04:00:00Z' } }));
      },
    });
    renderPage();
    const field = await screen.findByRole('textbox', { name: 'Your public reply to Asha R.' });
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Preview reply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a reply before sending it');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, 'Thank you! See you on Saturday.  ');
    await user.click(screen.getByRole('button', { name: 'Preview reply' }));
    // Nothing is live yet: the reply is shown as the teacher page will show it, with a way back.
    const preview = within(screen.getByRole('region', { name: 'Preview: how families will see your reply' }));
    expect(preview.getByText('Thank you! See you on Saturday.')).toBeInTheDocument();
    expect(preview.getByText(/^Reply from Kiran Rao · /)).toBeInTheDocument();
    expect(preview.getByText(/cannot be changed or deleted/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(preview.getByRole('button', { name: 'Edit' }));
    const again = screen.getByRole('textbox', { name: 'Your public reply to Asha R.' });
    expect(again).toHaveValue('   Thank you! See you on Saturday.  ');
    await user.clear(again);
    await user.type(again, ' Thanks, Asha! See you on Saturday. ');
    await user.click(screen.getByRole('button', { name: 'Preview reply' }));
    expect(sent).toEqual([]);
    await act(async () => user.click(screen.getByRole('button', { name: 'Publish reply' })));
    expect(await screen.findByText('Thanks, Asha! See you on Saturday.')).toBeInTheDocument();
    expect(sent).toEqual([{ text: 'Thanks, Asha! See you on Saturday.' }]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish reply' })).not.toBeInTheDocument();
  });

  it("shows the API's reason when a reply is refused, beside the preview", async () => {
    const user = userEvent.setup();
    installFakeApi({
      [listApi]: () => json(answer([review()])),
      [replyApi(reviewId)]: () =>
        json({ statusCode: 409, code: 'REVIEW_ALREADY_REPLIED', message: 'You have already replied to this review; a reply cannot be changed' }, 409),
    });
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Your public reply to Asha R.' }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Preview reply' }));
    await act(async () => user.click(screen.getByRole('button', { name: 'Publish reply' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already replied to this review; a reply cannot be changed');
  });

  it('counts characters left and refuses a reply that is too long', async () => {
    const user = userEvent.setup();
    installFakeApi({ [listApi]: () => json(answer([review()])) });
    renderPage();
    const field = await screen.findByRole('textbox', { name: 'Your public reply to Asha R.' });
    expect(screen.getByText(/1000 characters left\./)).toBeInTheDocument();
    await user.click(field);
    await user.paste('a'.repeat(1001));
    expect(screen.getByText(/1 character too many\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview reply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A reply can be at most 1000 characters');
  });
});
