import { expectError } from '../../testing/enquiry-parties';
import { authoringResult as result, listingAuthors, type ListingAuthors, LISTINGS_URL as base, sampleProgram as program } from '../../testing/listing-authors';

describe("a listing's programs", () => {
  const authors = listingAuthors();
  let testApp: ListingAuthors['testApp'];
  let teacher: ListingAuthors['teacher'];
  let newDraft: ListingAuthors['newDraft'];

  beforeAll(() => {
    ({ testApp, teacher, newDraft } = authors());
  });

  test('programs keep their ages in order', async () => {
    const listingId = await newDraft();
    expectError(await teacher('POST', `${base}/${listingId}/programs`, { ...program, ageMin: 12, ageMax: 6 }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', `${base}/${listingId}/programs`, { ...program, level: 'expert' }), 400, 'VALIDATION_ERROR');
    const added = await teacher('POST', `${base}/${listingId}/programs`, program);
    expect(added.statusCode).toBe(200);
    expect(result(added).listing.programs).toEqual([
      expect.objectContaining({ name: 'Foundations', ageMin: 6, ageMax: 12, mode: 'apartment', level: 'beginner' }),
    ]);
    const programId = result(added).listing.programs[0]!.id;
    expect(result(await teacher('PUT', `${base}/${listingId}/programs/${programId}`, { ...program, ageMax: 14 })).listing.programs[0]!.ageMax).toBe(14);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });
});
