import type { SeedRow } from '../bulk-insert';
import type { Random } from '../random';
import type { BatchGen, ListingGen, ProgramGen, SizeProfile } from '../seed-context';
import type { SeededPlaces } from '../seed-teachers';

export interface SeededClasses {
  listings: ListingGen[];
  programs: ProgramGen[];
  batches: BatchGen[];
  /** Meera's children's batches, kept apart so every random pick over `batches` stays as it was. */
  familyBatches: BatchGen[];
}

/** The rows every listing's generation writes, gathered for the four bulk inserts. */
export interface ClassRows {
  listings: SeedRow<'teacher_listings'>[];
  programs: SeedRow<'programs'>[];
  batches: SeedRow<'batches'>[];
  plans: SeedRow<'class_pack_plans'>[];
}

interface ClassStreams {
  listing: Random;
  class: Random;
  family: Random;
}

/** What every part of the classes seed reads (the calendar, size, places and streams) and gathers into. */
export interface ClassSeedContext {
  anchor: string;
  profile: SizeProfile;
  places: SeededPlaces;
  categoryIds: ReadonlyMap<string, string>;
  streams: ClassStreams;
  seeded: SeededClasses;
  rows: ClassRows;
}

export function createClassSeedContext(
  { anchor, profile }: { anchor: string; profile: SizeProfile },
  stream: (name: string) => Random,
  places: SeededPlaces,
  categoryIds: ReadonlyMap<string, string>,
): ClassSeedContext {
  return {
    anchor,
    profile,
    places,
    categoryIds,
    streams: { listing: stream('listings'), class: stream('classes'), family: stream('family') },
    seeded: { listings: [], programs: [], batches: [], familyBatches: [] },
    rows: { listings: [], programs: [], batches: [], plans: [] },
  };
}
