import { bulkInsert, type SeedRow } from './bulk-insert';
import { firstNames, lastNames, learnerNames } from './names';
import { istTimestamp, type ListingGen, type SeedContext, type TeacherGen } from './seed-context';

/** Review texts by star rating; {student}, {teacher} and {subject} are filled in. */
const reviewComments: Record<number, string[]> = {
  5: [
    '{student} looks forward to every class. {teacher} is patient and explains each step clearly.',
    'We tried three teachers before {teacher}. Within two months {student} was practising {subject} without being asked.',
    'Wonderful teacher. {teacher} sends a short note after classes so we know what to practise at home.',
    'Punctual, kind and very thorough. {student} cleared the first grade exam with distinction.',
    'The small batch makes a real difference; {teacher} knows exactly where each child needs help.',
  ],
  4: [
    '{student} enjoys the {subject} classes a lot. Timings changed twice last month, otherwise no complaints.',
    'Good fundamentals and a friendly approach. We would like a little more homework.',
    '{teacher} is very encouraging. The batch is slightly large, but every child still gets attention.',
    'Steady progress over six months. {student} now practises on their own.',
  ],
  3: [
    'Decent classes. {student} likes {teacher}, but progress has been slower than we hoped.',
    'The teaching is fine; scheduling make-up classes has been hard.',
    'Okay for beginners. We are still deciding whether to continue after this pack.',
  ],
  2: ['Several classes were rescheduled at short notice, which was hard for {student}.', 'The {subject} content is good but the batch felt rushed.'],
  1: ['It did not work out for us; the timings kept changing and {student} lost interest.'],
};

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
