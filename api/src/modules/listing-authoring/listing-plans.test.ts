import { expectError } from '../../testing/enquiry-parties';
import { authoringResult as result, listingAuthors, type ListingAuthors, LISTINGS_URL as base } from '../../testing/listing-authors';

describe("a listing's class packs", () => {
  const authors = listingAuthors();
  let testApp: ListingAuthors['testApp'];
  let teacher: ListingAuthors['teacher'];
  let completeDraft: ListingAuthors['completeDraft'];
  let makeLive: ListingAuthors['makeLive'];

  beforeAll(() => {
    ({ testApp, teacher, completeDraft, makeLive } = authors());
  });

  test('class pack prices in paise within bounds, and per class', async () => {
    const { listingId, batchId } = await completeDraft();
    const url = `${base}/${listingId}/plans`;
    expectError(await teacher('POST', url, { batchId, name: 'Cheap', classesCount: 4, validityDays: 30, pricePaise: 4_999 }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', url, { batchId, name: 'Dear', classesCount: 4, validityDays: 30, pricePaise: 10_000_001 }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', url, { batchId, name: 'Rupees', classesCount: 4, validityDays: 30, pricePaise: 1500.5 }), 400, 'VALIDATION_ERROR');
    const perClass = await teacher('POST', url, { batchId, name: 'Many', classesCount: 100, validityDays: 365, pricePaise: 10_000 });
    expectError(perClass, 400, 'PRICE_OUT_OF_BOUNDS');
    expect(perClass.json()).toMatchObject({ message: 'That is ₹1 a class; a class costs between ₹20 and ₹10,000.' });
    expectError(await teacher('POST', url, { batchId, name: 'Short', classesCount: 4, validityDays: 3, pricePaise: 100_000 }), 400, 'VALIDATION_ERROR');
    const plans = result(await teacher('GET', `${base}/${listingId}`).then((response) => ({ json: () => ({ listing: response.json() }) }))).listing.batches[0]!
      .plans;
    expect(plans.map((plan) => [plan.name, plan.pricePaise, plan.pricePerClassPaise])).toEqual([
      ['4 classes', 130_000, 32_500],
      ['8 classes', 240_000, 30_000],
    ]);
    const changed = await teacher('PATCH', `${base}/${listingId}/plans/${plans[0]!.id}`, { pricePaise: 150_000 });
    expect(result(changed)).toMatchObject({ held: false });
    expect(result(changed).listing.batches[0]!.plans[0]).toMatchObject({ pricePaise: 150_000, heldPricePaise: null });
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test('concurrent price edits to a live listing leave one pending change, the last one written', async () => {
    const { listingId, planIds } = await completeDraft();
    await makeLive(listingId);
    const prices = [131_000, 132_000, 133_000, 134_000, 135_000];
    const responses = await Promise.all(prices.map((pricePaise) => teacher('PATCH', `${base}/${listingId}/plans/${planIds[0]}`, { pricePaise })));
    expect(responses.map((response) => response.statusCode)).toEqual(prices.map(() => 200));
    const pending = await testApp.db
      .selectFrom('listing_changes')
      .select('proposed')
      .where('listing_id', '=', listingId)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });
});
