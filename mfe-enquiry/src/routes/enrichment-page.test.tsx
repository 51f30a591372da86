import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { account, enquiry, student, uuid } from '../testing/enquiry-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { learnerId, signInLearner, signOut } from '@kalike/shared/testing/signed-in';
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
    expect(api.mock.calls.map(([input]) => (input as Request).method)).not.toContain('PATCH');
  });

  it("starts filled in from what the account knows: the student's date of birth and their latest other enquiry; from the enquiry's page it goes back there", async () => {
    jest.useFakeTimers({ now: new Date('2026-11-30T06:00:00.000Z'), advanceTimers: true });
    signInLearner();
    const ananya = { id: uuid(301), name: 'Ananya' };
    const bodies: unknown[] = [];
    installFakeApi({
      [detailApi]: () => json(enquiry(1, { student: ananya })),
      [`GET /v1/user/accounts/${learnerId}`]: () => json(account([student(1, 'Ananya', { dateOfBirth: '2017-03-04' })])),
      'GET /v1/marketplace/enquiries': () =>
        json({
          enquiries: [
            enquiry(1, { student: ananya }),
            enquiry(2, { student: ananya, details: { studentAgeYears: null, level: 'beginner', goals: 'Grade 2 exam' } }),
          ],
        }),
      [`PATCH /v1/marketplace/enquiries/${id}`]: async (request) => {
        bodies.push(await request.json());
        return json(enquiry(1));
      },
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage(<EnrichmentPage />, { path: `/enquire/${id}/enrichment?from=enquiry`, route: '/enquire/:enquiryId/enrichment' });
    expect(await screen.findByRole('spinbutton', { name: /Student's age/ })).toHaveValue(9);
    expect(screen.getByRole('radio', { name: /Beginner/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Goals/ })).toHaveValue('Grade 2 exam');
    expect(
      screen.getByText('Filled in from the date of birth on your account and your enquiry with Meera Iyer. Change anything that is not right.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentPath()).toBe(`/${id}`));
    expect(bodies).toEqual([{ studentAgeYears: 9, level: 'beginner', goals: 'Grade 2 exam' }]);
    jest.useRealTimers();
  });
});
