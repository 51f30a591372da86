import type { AuthoringResult, TeacherListings } from '@kalike/shared/contracts/listing-authoring';
import { expectError } from '../../testing/enquiry-parties';
import { authoringResult as result, listingAuthors, type ListingAuthors, LISTINGS_URL as base, sampleProgram as program } from '../../testing/listing-authors';

describe('sending a listing for review, and the changes a live listing holds for it', () => {
  const authors = listingAuthors();
  let testApp: ListingAuthors['testApp'];
  let teacher: ListingAuthors['teacher'];
  let locality: ListingAuthors['locality'];
  let apartment: ListingAuthors['apartment'];
  let otherApartment: ListingAuthors['otherApartment'];
  let freeCategory: ListingAuthors['freeCategory'];
  let newDraft: ListingAuthors['newDraft'];
  let batch: ListingAuthors['batch'];
  let completeDraft: ListingAuthors['completeDraft'];
  let makeLive: ListingAuthors['makeLive'];
  let listingRow: ListingAuthors['listingRow'];

  beforeAll(() => {
    ({ testApp, teacher, locality, apartment, otherApartment, freeCategory, newDraft, batch, completeDraft, makeLive, listingRow } = authors());
  });

  test('send for review: complete only; read-only while waiting; withdraw; a sent draft is not deleted', async () => {
    const incomplete = await newDraft();
    const refused = await teacher('POST', `${base}/${incomplete}/submit`);
    expectError(refused, 409, 'LISTING_INCOMPLETE');
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('Add a program.') });
    expect((await teacher('DELETE', `${base}/${incomplete}`)).statusCode).toBe(204);
    expect(await testApp.db.selectFrom('teacher_listings').select('id').where('id', '=', incomplete).executeTakeFirst()).toBeUndefined();

    const { listingId, programId } = await completeDraft();
    const sent = await teacher('POST', `${base}/${listingId}/submit`);
    expect(sent.statusCode).toBe(200);
    expect(result(sent).listing).toMatchObject({ reviewState: 'in_review', neverSubmitted: false });
    expect(await listingRow(listingId)).toMatchObject({ review_state: 'in_review', is_active: false });
    expectError(await teacher('POST', `${base}/${listingId}/submit`), 409, 'INVALID_TRANSITION');
    const readOnly = await teacher('PATCH', `${base}/${listingId}`, { about: 'Changed while waiting' });
    expectError(readOnly, 409, 'LISTING_IN_REVIEW');
    expect(readOnly.json()).toMatchObject({ message: expect.stringContaining('Withdraw it to edit') });
    expectError(await teacher('POST', `${base}/${listingId}/programs`, program), 409, 'LISTING_IN_REVIEW');
    expectError(await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { daysOfWeek: [1] })), 409, 'LISTING_IN_REVIEW');

    const withdrawn = await teacher('POST', `${base}/${listingId}/withdraw`);
    expect(result(withdrawn).listing.reviewState).toBe('draft');
    expectError(await teacher('POST', `${base}/${listingId}/withdraw`), 409, 'INVALID_TRANSITION');
    expectError(await teacher('DELETE', `${base}/${listingId}`), 409, 'LISTING_NOT_DRAFT');
    expectError(await teacher('PATCH', `${base}/${listingId}`, { categoryId: await freeCategory() }), 409, 'LISTING_NOT_DRAFT');

    // Sent back by an admin: edited and sent again.
    await testApp.db
      .updateTable('teacher_listings')
      .set({ review_state: 'sent_back', review_note: 'Add the ages to the title' })
      .where('id', '=', listingId)
      .execute();
    const listed = (await teacher('GET', base)).json() as TeacherListings;
    expect(listed.items.find((item) => item.id === listingId)).toMatchObject({ reviewState: 'sent_back', reviewNote: 'Add the ages to the title' });
    expect((await teacher('PATCH', `${base}/${listingId}`, { title: 'Bharatanatyam, ages 6 to 12' })).statusCode).toBe(200);
    expect(result(await teacher('POST', `${base}/${listingId}/submit`)).listing.reviewState).toBe('in_review');
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test('a live listing: ordinary edits apply at once, a price or place waits for review, one pending change per thing', async () => {
    const { listingId, batchId, planIds } = await completeDraft();
    await makeLive(listingId);
    const [fourId] = planIds;

    const about = await teacher('PATCH', `${base}/${listingId}`, { about: 'Now with a Saturday recital.' });
    expect(result(about).held).toBe(false);
    expect((await listingRow(listingId)).about).toBe('Now with a Saturday recital.');
    expect(result(await teacher('PATCH', `${base}/${listingId}/batches/${batchId}`, { seats: 12 })).listing.batches[0]!.seats).toBe(12);

    const priced = await teacher('PATCH', `${base}/${listingId}/plans/${fourId}`, { pricePaise: 140_000 });
    expect(result(priced).held).toBe(true);
    await teacher('PATCH', `${base}/${listingId}/plans/${fourId}`, { pricePaise: 145_000 });
    const plan = await testApp.db.selectFrom('class_pack_plans').select('price_paise').where('id', '=', fourId!).executeTakeFirstOrThrow();
    expect(plan.price_paise).toBe(130_000);
    const pending = await testApp.db.selectFrom('listing_changes').selectAll().where('listing_id', '=', listingId).where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'plan_price', target_id: fourId });
    expect(typeof pending[0]!.proposed === 'string' ? JSON.parse(pending[0]!.proposed) : pending[0]!.proposed).toEqual({
      kind: 'plan_price',
      targetId: fourId,
      pricePaise: 145_000,
    });
    const seen = (await teacher('GET', `${base}/${listingId}`)).json() as AuthoringResult['listing'];
    expect(seen.batches[0]!.plans.find((candidate) => candidate.id === fourId)).toMatchObject({ pricePaise: 130_000, heldPricePaise: 145_000 });
    expect(seen.heldChanges).toEqual([expect.objectContaining({ kind: 'plan_price', before: '₹1,300', after: '₹1,450' })]);
    expect((await listingRow(listingId)).price_from_paise).toBe(130_000);

    // Back to the approved price: nothing waits.
    expect(result(await teacher('PATCH', `${base}/${listingId}/plans/${fourId}`, { pricePaise: 130_000 })).held).toBe(false);
    expect(
      await testApp.db.selectFrom('listing_changes').select('id').where('listing_id', '=', listingId).where('status', '=', 'pending').execute(),
    ).toHaveLength(0);

    const moved = await teacher('PATCH', `${base}/${listingId}/batches/${batchId}`, { place: { kind: 'apartment', apartmentId: otherApartment.id } });
    expect(result(moved).held).toBe(true);
    expect(result(moved).listing.batches[0]!.place.place).toEqual({ kind: 'apartment', apartmentId: apartment.id });
    expect(result(moved).listing.batches[0]!.heldPlace?.place).toEqual({ kind: 'apartment', apartmentId: otherApartment.id });
    expect((await listingRow(listingId)).apartment_id).toBe(apartment.id);

    const otherLocality = await testApp.db.selectFrom('localities').select(['id', 'name']).where('id', '<>', locality.id).executeTakeFirstOrThrow();
    const rebased = await teacher('PATCH', `${base}/${listingId}`, { localityId: otherLocality.id });
    expect(result(rebased)).toMatchObject({ held: true, listing: { locality: { id: locality.id }, heldLocality: { id: otherLocality.id } } });
    expect(
      result(rebased)
        .listing.heldChanges.map((change) => change.kind)
        .sort(),
    ).toEqual(['batch_place', 'listing_place']);

    // New packs are sold at once only at a price a class the listing already has approved.
    const dear = await teacher('POST', `${base}/${listingId}/plans`, { batchId, name: 'Trial', classesCount: 1, validityDays: 7, pricePaise: 90_000 });
    expectError(dear, 409, 'NEEDS_REVIEW');
    expect(
      (await teacher('POST', `${base}/${listingId}/plans`, { batchId, name: '12 classes', classesCount: 12, validityDays: 60, pricePaise: 360_000 }))
        .statusCode,
    ).toBe(200);
    // A new batch goes live at once only at a place the listing already has.
    const programId = result(moved).listing.batches[0]!.programId;
    expectError(
      await teacher(
        'POST',
        `${base}/${listingId}/batches`,
        batch(programId, { daysOfWeek: [6], place: { kind: 'apartment', apartmentId: otherApartment.id } }),
      ),
      409,
      'NEEDS_REVIEW',
    );
    expect((await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { daysOfWeek: [6] }))).statusCode).toBe(200);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });
});
