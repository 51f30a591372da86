import { bulkInsert } from './bulk-insert';
import { categories } from './catalogue';
import { listingBatchRows } from './classes/batch-rows';
import { createClassSeedContext, type ClassSeedContext, type SeededClasses } from './classes/class-seed-context';
import { drawListing, type ListingSpec } from './classes/listing-draw';
import { seedDrawnBatches, seedFamilyBatches } from './classes/program-batches';
import type { SeedContext, TeacherGen } from './seed-context';
import type { SeededPlaces } from './seed-teachers';

const levels = ['beginner', 'intermediate', 'advanced', 'all_levels'] as const;

/**
 * Every teacher's listings, with their programs, batches and class-pack plans. Listings draw
 * from one stream and programs and batches from another, so the counts of one never move the
 * other's rows.
 */
export async function seedClasses(
  context: SeedContext,
  teachers: readonly TeacherGen[],
  places: SeededPlaces,
  categoryIds: ReadonlyMap<string, string>,
): Promise<SeededClasses> {
  const { db, profile, summary, stream } = context;
  const classSeed = createClassSeedContext(context, stream, places, categoryIds);
  const perTeacher = Math.floor(profile.listings / profile.teachers);
  const extra = profile.listings % profile.teachers;

  teachers.forEach((teacher, teacherIndex) => {
    const count = perTeacher + (teacherIndex < extra ? 1 : 0);
    const used = new Set<string>();
    for (let n = 0; n < count; n++) {
      let category = teacher.category;
      if (n > 0) {
        const sameGroup = categories.filter((c) => c.group === teacher.category.group && !used.has(c.slug));
        category = classSeed.streams.listing.pick(sameGroup.length > 0 ? sameGroup : categories.filter((c) => !used.has(c.slug)));
      }
      used.add(category.slug);
      seedListing(classSeed, { teacher, category, hostsFamily: teacherIndex === 0 && n === 0 });
    }
  });

  const { rows } = classSeed;
  summary.teacher_listings = await bulkInsert(db, 'teacher_listings', rows.listings);
  summary.programs = await bulkInsert(db, 'programs', rows.programs);
  summary.batches = await bulkInsert(db, 'batches', rows.batches);
  summary.class_pack_plans = await bulkInsert(db, 'class_pack_plans', rows.plans);
  return classSeed.seeded;
}

/** One listing with its programs and their batches and plans. */
function seedListing(classSeed: ClassSeedContext, spec: ListingSpec): void {
  const { streams, seeded, rows } = classSeed;
  const { teacher, category, hostsFamily } = spec;
  const { listing, row, programNames, ages } = drawListing(classSeed, spec);
  seeded.listings.push(listing);
  rows.listings.push(row);
  // Computing the filter masks as the batches are drawn spares the bench seed an UPDATE of every listing row.
  const batchRows = listingBatchRows(listing, rows);

  programNames.forEach((programName, programIndex) => {
    const program = { id: streams.class.uuid(), listing, name: programName };
    seeded.programs.push(program);
    const level = programIndex === 0 ? streams.class.pick(['beginner', 'all_levels'] as const) : streams.class.pick(levels);
    rows.programs.push({
      id: program.id,
      listing_id: listing.id,
      name: programName,
      level,
      description: `${programName} with ${teacher.name}. ${category.description} Ages ${ages.min} to ${ages.max}.`,
    });
    if (hostsFamily && programIndex === 0) seedFamilyBatches(classSeed, program, batchRows);
    seedDrawnBatches(classSeed, program, batchRows);
  });
  row.day_mask = batchRows.masks.day;
  row.time_mask = batchRows.masks.time;
}
