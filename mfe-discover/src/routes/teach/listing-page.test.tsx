import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { takeHomeRoute } from '@kalike/shared/testing/take-home-fixture';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { apartmentBatch, authoredListing, authoringResult, listingId, planId } from '../../features/teach/listings/testing/authored-listing-fixtures';
import TeachListingPage from './listing-page';

const url = `/v1/teachers/me/listings/${listingId}`;
const takeHome = 'GET /v1/payments/take-home';
const renderPage = () => renderWithApp(<TeachListingPage />, { path: `/teach/listings/${listingId}`, route: '/teach/listings/:listingId' });

const plan = {
  id: planId,
  name: '4 classes',
  classesCount: 4,
  validityDays: 30,
  pricePaise: 130_000,
  pricePerClassPaise: 32_500,
  heldPricePaise: null,
  activePacks: 0,
};

async function addPack(values: { name: string; classes: string; validityDays: string; rupees: string }) {
  const form = within(await screen.findByRole('form', { name: 'Add a class pack' }));
  await userEvent.type(form.getByLabelText('Pack name'), values.name);
  await userEvent.type(form.getByLabelText('Classes'), values.classes);
  await userEvent.type(form.getByLabelText('Valid for (days)'), values.validityDays);
  await userEvent.type(form.getByLabelText('Price (₹, GST included)'), values.rupees);
  await userEvent.click(form.getByRole('button', { name: 'Add class pack' }));
  return form;
}

describe('/teach/listings/:listingId', () => {
  beforeEach(() => signInTeacher('Priya Sharma'));
  afterEach(() => signOut());

  it('shows the draft, what it still needs, its programs and batches', async () => {
    installFakeApi({ [`GET ${url}`]: () => json(authoredListing()) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bharatanatyam for beginners' })).toBeInTheDocument();
    expect(screen.getByTestId('listing-state')).toHaveTextContent('Draft');
    expect(screen.getByText('Add a class pack to a batch.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Programs' })).getByText('Foundations')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Batches' })).getByText(/Prestige Acropolis, Koramangala · 0 of 8 seats taken/)).toBeInTheDocument();
  });

  it('sends the rupees typed as integer paise', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      [`GET ${url}`]: () => json(authoredListing()),
      [takeHome]: takeHomeRoute,
      [`POST ${url}/plans`]: async (request) => {
        sent.push(await request.json());
        return json(authoringResult(authoredListing({ batches: [{ ...apartmentBatch, plans: [plan] }], missing: [] })));
      },
    });
    renderPage();
    await addPack({ name: '4 classes', classes: '4', validityDays: '30', rupees: '1,300' });
    expect(await screen.findByText('4 classes: 4 classes, valid 30 days, ₹1,300 (₹325 a class)')).toBeInTheDocument();
    expect(sent).toEqual([{ batchId: apartmentBatch.id, name: '4 classes', classesCount: 4, validityDays: 30, pricePaise: 130_000 }]);
  });

  it('explains a price out of bounds before sending anything', async () => {
    const fake = installFakeApi({ [`GET ${url}`]: () => json(authoredListing()) });
    renderPage();
    await addPack({ name: 'Taster', classes: '1', validityDays: '7', rupees: '40' });
    expect(await screen.findByText('A class pack costs between ₹50 and ₹1,00,000.')).toBeInTheDocument();
    expect(fake).toHaveBeenCalledTimes(1);
  });

  it('says what families pay and what the teacher receives as the price is typed, from the API, naming the GST and the fee', async () => {
    const fake = installFakeApi({ [`GET ${url}`]: () => json(authoredListing()), [takeHome]: takeHomeRoute });
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Add a class pack' }));
    await userEvent.type(form.getByLabelText('Price (₹, GST included)'), '2,400');
    expect(await form.findByText('Families pay ₹2,400.00, you receive ₹1,830.51')).toBeInTheDocument();
    expect(form.getByText(/GST ₹366\.10 · Kalike's fee \(10% of the price before GST\) ₹203\.39/)).toBeInTheDocument();
    // Asked once, for the price typed, not for ₹2, ₹24 or ₹240 on the way.
    expect(fake.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('take-home'))).toHaveLength(1);

    await userEvent.clear(form.getByLabelText('Price (₹, GST included)'));
    await userEvent.type(form.getByLabelText('Price (₹, GST included)'), '40');
    // Below the smallest pack price: no figures, and the old ones are gone.
    expect(form.queryByText(/you receive/)).not.toBeInTheDocument();
  });

  it('a failed read says so in a sentence beside the price, never a number', async () => {
    installFakeApi({
      [`GET ${url}`]: () => json(authoredListing()),
      [takeHome]: () => json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' }, 500),
    });
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Add a class pack' }));
    await userEvent.type(form.getByLabelText('Price (₹, GST included)'), '2400');
    expect(await form.findByText(/We could not work out what you receive just now/)).toBeInTheDocument();
    expect(form.queryByText(/you receive ₹/)).not.toBeInTheDocument();
  });

  it("under each pack's price: what the teacher receives at it, and at a new price as it is typed", async () => {
    installFakeApi({
      [`GET ${url}`]: () => json(authoredListing({ batches: [{ ...apartmentBatch, plans: [plan] }], missing: [] })),
      [takeHome]: takeHomeRoute,
    });
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Change the price of 4 classes' }));
    expect(await form.findByText('Families pay ₹1,300.00, you receive ₹991.53')).toBeInTheDocument();
    await userEvent.clear(form.getByLabelText('Price of 4 classes (₹)'));
    await userEvent.type(form.getByLabelText('Price of 4 classes (₹)'), '1450');
    expect(await form.findByText('Families pay ₹1,450.00, you receive ₹1,105.94')).toBeInTheDocument();
    expect(form.queryByText(/₹991\.53/)).not.toBeInTheDocument();
  });

  it('shows the API’s refusal as its sentence', async () => {
    installFakeApi({
      [`GET ${url}`]: () => json(authoredListing()),
      [`POST ${url}/plans`]: () =>
        json(
          { statusCode: 409, code: 'NEEDS_REVIEW', message: 'A new class pack on a live listing can cost ₹300 to ₹325 a class, as your approved packs do.' },
          409,
        ),
    });
    renderPage();
    await addPack({ name: 'Trial', classes: '1', validityDays: '7', rupees: '900' });
    expect(await screen.findByText('A new class pack on a live listing can cost ₹300 to ₹325 a class, as your approved packs do.')).toBeInTheDocument();
  });

  it('shows a batch at the same time as another as a warning after saving it', async () => {
    installFakeApi({
      [`GET ${url}`]: () => json(authoredListing()),
      [`POST ${url}/batches`]: () =>
        json(
          authoringResult(authoredListing(), {
            warnings: [
              {
                code: 'BATCH_OVERLAP',
                message: "This batch meets at the same time as 'Tue & Thu, 5:00 PM' of Foundations (Tue, Thu, 5:00 pm–6:00 pm). Check you can teach both.",
              },
            ],
          }),
        ),
    });
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Add a batch' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'Tue' }));
    await userEvent.type(form.getByLabelText('Starts at'), '17:30');
    await userEvent.type(form.getByLabelText('Ends at'), '18:30');
    await userEvent.type(form.getByLabelText('First day'), '2099-01-06');
    await userEvent.type(form.getByLabelText('Seats'), '8');
    await userEvent.click(form.getByRole('radio', { name: 'Online' }));
    await userEvent.type(form.getByLabelText('Class link (https; only paying students get it)'), 'http://meet.example.com');
    await userEvent.click(form.getByRole('button', { name: 'Add batch' }));
    expect(await form.findByText('The class link starts with https:// (only paying students get it).')).toBeInTheDocument();
    await userEvent.clear(form.getByLabelText('Class link (https; only paying students get it)'));
    await userEvent.type(form.getByLabelText('Class link (https; only paying students get it)'), 'https://meet.example.com/room');
    await userEvent.click(form.getByRole('button', { name: 'Add batch' }));
    expect(await screen.findByText(/Warning: This batch meets at the same time as 'Tue & Thu, 5:00 PM' of Foundations/)).toBeInTheDocument();
  });

  it('saves the title and about; a short title is explained first', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      [`GET ${url}`]: () => json(authoredListing()),
      [`PATCH ${url}`]: async (request) => {
        sent.push(await request.json());
        return json(authoringResult(authoredListing({ about: 'Now with a recital.' })));
      },
    });
    renderPage();
    const form = within(await screen.findByRole('form', { name: 'Title and about' }));
    await userEvent.clear(form.getByLabelText('Title'));
    await userEvent.type(form.getByLabelText('Title'), 'Bh');
    await userEvent.click(form.getByRole('button', { name: 'Save title and about' }));
    expect(await form.findByText('Give the listing a title of at least 5 letters.')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Title'), 'aratanatyam');
    await userEvent.clear(form.getByLabelText('About'));
    await userEvent.type(form.getByLabelText('About'), 'Now with a recital.');
    await userEvent.click(form.getByRole('button', { name: 'Save title and about' }));
    expect(await screen.findByText('Now with a recital.', { selector: 'p' })).toBeInTheDocument();
    expect(sent).toEqual([{ title: 'Bharatanatyam', about: 'Now with a recital.' }]);
  });

  it('shows a held price as waiting for review on a live listing', async () => {
    installFakeApi({
      [`GET ${url}`]: () =>
        json(authoredListing({ reviewState: 'live', batches: [{ ...apartmentBatch, plans: [{ ...plan, heldPricePaise: 145_000 }] }], missing: [] })),
      [takeHome]: takeHomeRoute,
    });
    renderPage();
    expect(await screen.findByText('Waiting for review: ₹1,300 → ₹1,450')).toBeInTheDocument();
    expect(screen.getByTestId('listing-state')).toHaveTextContent('Live');
  });

  it('a refusal to send for review goes once what it asked for is added', async () => {
    installFakeApi({
      [`GET ${url}`]: () => json(authoredListing()),
      [`POST ${url}/submit`]: () =>
        json({ statusCode: 409, code: 'LISTING_INCOMPLETE', message: 'Before sending it for review: Add a class pack to a batch.' }, 409),
      [takeHome]: takeHomeRoute,
      [`POST ${url}/plans`]: () => json(authoringResult(authoredListing({ batches: [{ ...apartmentBatch, plans: [plan] }], missing: [] }))),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Before sending it for review: Add a class pack to a batch.');
    await addPack({ name: '4 classes', classes: '4', validityDays: '30', rupees: '1,300' });
    expect(await screen.findByText('4 classes: 4 classes, valid 30 days, ₹1,300 (₹325 a class)')).toBeInTheDocument();
    expect(screen.queryByText(/Before sending it for review/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a complete draft for review; waiting, it can only be withdrawn', async () => {
    const complete = authoredListing({ batches: [{ ...apartmentBatch, plans: [plan] }], missing: [] });
    installFakeApi({
      [`GET ${url}`]: () => json(complete),
      [`POST ${url}/submit`]: () => json(authoringResult({ ...complete, reviewState: 'in_review', neverSubmitted: false })),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByTestId('listing-state')).toHaveTextContent('Waiting for review');
    expect(screen.queryByRole('form', { name: 'Add a batch' })).not.toBeInTheDocument();
    expect(screen.getByText(/Kalike usually reviews a listing within 2 working days\./)).toBeInTheDocument();
  });
});
