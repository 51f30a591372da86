import { bulkInsert, type SeedRow } from './bulk-insert';
import { firstNames, lastNames, learnerNames, reviewComments } from './catalogue';
import { istTimestamp, type ListingGen, type SeedContext, type TeacherGen } from './seed-context';

/**
 * Written reviews: a few per rated teacher, never more than the teacher's rating count and
 * never older than the teacher; their ratings scatter around the teacher's average.
 */
export async function seedReviews(
  { db, profile, anchor, stream, summary }: SeedContext,
  teachers: readonly TeacherGen[],
  listings: readonly ListingGen[],
): Promise<void> {
  const random = stream('reviews');
  const listingsByTeacher = new Map<string, ListingGen[]>();
  for (const listing of listings) {
    const own = listingsByTeacher.get(listing.teacher.id);
    if (own) own.push(listing);
    else listingsByTeacher.set(listing.teacher.id, [listing]);
  }
  const rows: SeedRow<'teacher_reviews'>[] = [];
  for (const teacher of teachers) {
    const own = listingsByTeacher.get(teacher.id);
    const count = Math.min(teacher.ratingCount, random.int(0, profile.reviewsPerTeacherMax));
    if (!own || count === 0) continue;
    const ageDays = Math.max(1, Math.round((Date.parse(istTimestamp(anchor, '10:00')) - Date.parse(teacher.createdAt)) / 86_400_000));
    for (let r = 0; r < count; r++) {
      const listing = random.pick(own);
      const rating = Math.max(1, Math.min(5, Math.round(teacher.ratingAvg + (random.next() * 2 - 1) * 0.9)));
      const author = `${random.pick(firstNames)} ${random.pick(lastNames).charAt(0)}.`;
      const student = random.pick(learnerNames);
      const comment = random
        .pick(reviewComments[rating] ?? reviewComments[4] ?? [])
        .replace('{student}', student)
        .replace('{teacher}', teacher.name.split(' ')[0] ?? teacher.name)
        .replace('{subject}', listing.category.name.toLowerCase());
      const minutesAgo = random.int(60, ageDays * 24 * 60);
      rows.push({
        id: random.uuid(),
        teacher_id: teacher.id,
        listing_id: listing.id,
        learner_account_id: null,
        author_name: author,
        rating,
        comment,
        created_at: new Date(Date.parse(istTimestamp(anchor, '00:00')) - minutesAgo * 60_000).toISOString(),
      });
    }
  }
  summary.teacher_reviews = await bulkInsert(db, 'teacher_reviews', rows);
}
