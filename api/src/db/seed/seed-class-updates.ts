import { addDaysToDateKey } from '@kalike/shared/format/dates';
import type { ClassUpdateKindColumn } from '../schema';
import { bulkInsert, type SeedRow } from './bulk-insert';
import { learnerNames } from './names';
import type { Random } from './random';
import { addMinutes, formatRupees, formatTime, istTimestamp, type BatchGen, type SeedContext } from './seed-context';

/** Where students' showcases are held. */
const venues = [
  'Chowdiah Memorial Hall',
  'Ranga Shankara',
  'Bangalore International Centre',
  'Seva Sadan, Malleshwaram',
  'Jagriti Theatre, Whitefield',
  'the apartment clubhouse',
  'Gayana Samaja, Basavanagudi',
  'Alliance Francaise',
];

const festivals = ['Ugadi', 'Sankranti', 'Ganesh Chaturthi', 'Varamahalakshmi', 'Dasara', 'Deepavali', 'Kannada Rajyotsava', 'Christmas'];

function updateText(random: Random, kind: ClassUpdateKindColumn, batch: BatchGen, dayLabel: string, place: string): [string, string] {
  const listing = batch.program.listing;
  const teacher = listing.teacher;
  switch (kind) {
    case 'new_batch':
      return [
        `New ${batch.program.name} batch ${place}`,
        `${teacher.name} is starting a new ${batch.program.name.toLowerCase()} batch on ${dayLabel}, ${batch.name}. ` +
          `Plans start at ${formatRupees(batch.plans[0]?.pricePaise ?? listing.perClassPaise * 8)} for 8 classes; seats are limited.`,
      ];
    case 'schedule_change':
      return [
        `${batch.program.name}: timing change from ${dayLabel}`,
        `From ${dayLabel} the ${batch.name} batch moves to ${formatTime(addMinutes(batch.start, random.pick([30, 60, -30])))} because of school exam timings. Everything else stays the same.`,
      ];
    case 'holiday':
      return [
        `No ${listing.category.name.toLowerCase()} classes for ${random.pick(festivals)}`,
        `Classes on ${dayLabel} are off for the festival. The missed class will be made up the following weekend; ${teacher.name} will confirm the slot on the group.`,
      ];
    case 'event':
      return [
        `Students' showcase at ${random.pick(venues)}`,
        `${teacher.name}'s ${listing.category.name.toLowerCase()} students perform on ${dayLabel}, 5:30 PM. Families are welcome; entry is free.`,
      ];
    default:
      return [
        `${random.pick(learnerNames)} did it!`,
        random.pick([
          `Congratulations to our ${batch.program.name.toLowerCase()} student for clearing the grade exam with distinction.`,
          `Two students from the ${batch.name} batch won prizes at an inter-school competition in ${listing.locality.name}.`,
          `A proud moment: our student was selected for the district-level ${listing.category.name.toLowerCase()} event.`,
        ]),
      ];
  }
}

/** The class updates feed: new batches, timing changes, holidays, events and achievements. */
export async function seedClassUpdates({ db, profile, anchor, stream, summary }: SeedContext, batches: readonly BatchGen[]): Promise<void> {
  const random = stream('class-updates');
  const rows: SeedRow<'class_updates'>[] = [];
  let previousPublishedAt = '';
  for (let i = 0; i < profile.classUpdates; i++) {
    const batch = random.pick(batches);
    const listing = batch.program.listing;
    const kind = random.pick<ClassUpdateKindColumn>(['new_batch', 'new_batch', 'schedule_change', 'holiday', 'event', 'achievement']);
    const place = listing.mode === 'online' ? 'online' : `in ${listing.apartment?.name ?? listing.locality.name}`;
    const day = addDaysToDateKey(anchor, random.int(2, 20));
    const dayLabel = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    const [title, body] = updateText(random, kind, batch, dayLabel, place);
    // Some updates share a timestamp on purpose, so keyset pagination must break ties by id.
    const publishedAt =
      previousPublishedAt && i % 10 === 5
        ? previousPublishedAt
        : new Date(Date.parse(istTimestamp(anchor, '00:00')) - random.int(1, 60 * 24 * 60) * 60_000).toISOString();
    previousPublishedAt = publishedAt;
    rows.push({
      id: random.uuid(),
      teacher_id: listing.teacher.id,
      batch_id: kind === 'holiday' || kind === 'achievement' ? null : batch.id,
      locality_id: listing.mode === 'online' ? null : listing.locality.id,
      kind,
      title,
      body,
      published_at: publishedAt,
    });
  }
  summary.class_updates = await bulkInsert(db, 'class_updates', rows);
}
