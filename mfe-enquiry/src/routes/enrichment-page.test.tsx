import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { enquiry, uuid } from '../testing/enquiry-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import EnrichmentPage from './enrichment-page';

const id = uuid(1);
const detailApi = `GET /v1/marketplace/enquiries/${id}`;

function renderEnrichment() {
  return renderPage(<EnrichmentPage />, { path: `/enquire/${id}/enrichment`, route: '/enquire/:enquiryId/enrichment' });
}

describe('EnrichmentPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('sends the age, level and goals the learner gave, then thanks them', async () => {
    signInLearner();
    const bodies: unknown[] = [];
    installFakeApi({
      [detailApi]: () => json(enquiry(1, { student: { id: uuid(301), name: 'Ananya' } })),
      [`PATCH /v1/marketplace/enquiries/${id}`]: async (request) => {
        bodies.push(await request.json());
        return json(enquiry(1, { details: { studentAgeYears: 8, level: 'beginner', goals: 'School tournaments' } }));
      },
    });
    const user = userEvent.setup();
    renderEnrichment();
    expect(await screen.findByRole('heading', { name: 'Tell Kiran a little more' })).toBeInTheDocument();
    expect(screen.getByText(/the right batch for Ananya/)).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'New to it (has never learnt this)',
      'Beginner (knows the basics)',
      'Intermediate (learnt for a year or more)',
      'Advanced (performs or competes)',
    ]);
    await user.type(screen.getByRole('spinbutton', { name: /Student's age/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter an age from 2 to 99, or leave it empty.')).toBeInTheDocument();
    await user.clear(screen.getByRole('spinbutton', { name: /Student's age/ }));
    await user.type(screen.getByRole('spinbutton', { name: /Student's age/ }), '8');
    await user.click(screen.getByRole('radio', { name: /Beginner/ }));
    await user.type(screen.getByRole('textbox', { name: /Goals/ }), ' School tournaments ');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentPath()).toBe(`/${id}/thank-you`));
    expect(bodies).toEqual([{ studentAgeYears: 8, level: 'beginner', goals: 'School tournaments' }]);
  });

  it('lets the learner skip, and sends nothing when nothing was filled in', async () => {
    signInLearner();
    const api = installFakeApi({ [detailApi]: () => json(enquiry(1)) });
    const user = userEvent.setup();
    renderEnrichment();
    expect(await screen.findByRole('link', { name: 'Skip' })).toHaveAttribute('href', `/${id}/thank-you`);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentPath()).toBe(`/${id}/thank-you`));
    expect(api.mock.calls.map(([input]) => (input as Request).method)).toEqual(['GET']);
  });
});
