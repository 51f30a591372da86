import { cleanup, screen } from '@testing-library/react';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { enquiry, uuid } from '../testing/enquiry-fixtures';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import EnquiryThankYouPage from './enquiry-thank-you-page';

const id = uuid(1);

describe('EnquiryThankYouPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('says what happens next and by when, in Bengaluru time with the date spelled out', async () => {
    signInLearner();
    // 18:45 UTC is already the next day in Bengaluru.
    installFakeApi({ [`GET /v1/marketplace/enquiries/${id}`]: () => json(enquiry(1, { respondBy: '2026-11-21T18:45:00.000Z' })) });
    renderPage(<EnquiryThankYouPage />, { path: `/${id}/thank-you`, route: '/:enquiryId/thank-you' });
    expect(await screen.findByRole('heading', { name: 'Enquiry sent to Kiran Rao' })).toBeInTheDocument();
    expect(screen.getByText('The teacher has your enquiry and will reply soon.')).toBeInTheDocument();
    expect(screen.getByText('Sunday, 22 November at 12:15 am')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View this enquiry' })).toHaveAttribute('href', `/${id}`);
    expect(screen.getByRole('link', { name: 'See all your enquiries' })).toHaveAttribute('href', '/enquiries');
  });
});
