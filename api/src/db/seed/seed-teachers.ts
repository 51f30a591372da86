import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { badgeBits } from '../listing-filters';
import type { TeacherBadge } from '../schema';
import { seedPhones, wellKnownTeacher } from './accounts';
import { bulkInsert, type SeedRow } from './bulk-insert';
import { categories } from './catalogue';
import { firstNames, lastNames } from './names';
import { apartments, localities } from './places';
import { istTimestamp, type ApartmentRow, type LocalityRow, type SeedContext, type TeacherGen } from './seed-context';

/** The languages a teacher speaks: English always, then one or two of the rest. */
const languagePool = ['English', 'Kannada', 'Hindi', 'Tamil', 'Telugu', 'Malayalam', 'Marathi', 'Konkani'];

export interface SeededPlaces {
  localities: LocalityRow[];
  localityBySlug: Map<string, LocalityRow>;
  apartments: ApartmentRow[];
}

export async function seedPlaces({ db, stream, summary }: SeedContext): Promise<SeededPlaces> {
  const random = stream('places');
  const localityRows = localities.map((locality) => ({ ...locality, id: random.uuid() }));
  const localityBySlug = new Map(localityRows.map((locality) => [locality.slug, locality]));
  summary.localities = await bulkInsert(
    db,
    'localities',
    localityRows.map((l): SeedRow<'localities'> => ({ id: l.id, slug: l.slug, name: l.name, pincode: l.pincode, lat: l.lat, lng: l.lng })),
  );

  const apartmentRows = apartments.map((apartment) => ({ ...apartment, id: random.uuid() }));
  summary.apartments = await bulkInsert(
    db,
    'apartments',
    apartmentRows.map((a): SeedRow<'apartments'> => {
      const locality = localityBySlug.get(a.locality);
      if (!locality) throw new Error(`Apartment ${a.slug} names unknown locality ${a.locality}`);
      return { id: a.id, slug: a.slug, name: a.name, locality_id: locality.id, pincode: locality.pincode, lat: a.lat, lng: a.lng };
    }),
  );
  return { localities: localityRows, localityBySlug, apartments: apartmentRows };
}

/** Category ids by slug. */
export async function seedCategories({ db, stream, summary }: SeedContext): Promise<Map<string, string>> {
  const random = stream('categories');
  const categoryIds = new Map(categories.map((category) => [category.slug, random.uuid()]));
  summary.categories = await bulkInsert(
    db,
    'categories',
    categories.map((c, index): SeedRow<'categories'> => ({
      id: categoryIds.get(c.slug),
      slug: c.slug,
      name: c.name,
      description: c.description,
      icon: c.icon,
      sort_order: (index + 1) * 10,
    })),
  );
  return categoryIds;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const teachingStyles = [
  'Classes are small, so every student gets individual attention.',
  'Parents get a short progress note after every month.',
  'Lessons balance fundamentals with pieces the students enjoy.',
  'Beginners are welcome; the first class is a relaxed assessment.',
  'Students are encouraged to perform at the annual day every December.',
];

/** Teachers and the badges they hold. */
export async function seedTeachers(
  { db, profile, anchor, stream, summary }: SeedContext,
  places: SeededPlaces,
  categoryIds: ReadonlyMap<string, string>,
): Promise<TeacherGen[]> {
  const random = stream('teachers');
  const teachers: TeacherGen[] = [];
  const teacherRows: SeedRow<'teachers'>[] = [];
  const badgeRows: SeedRow<'teacher_badges'>[] = [];
  for (let i = 0; i < profile.teachers; i++) {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    const name = `${first} ${last}`;
    const slug = `${slugify(name)}-${(i + 1).toString(36)}`;
    const category = random.pick(categories);
    const home = random.pick(places.localities);
    const years = random.int(2, 28);
    const languages = ['English', ...random.sample(languagePool.slice(1), random.int(1, 2))];
    const credential = random.pick(category.credentials);
    const style = random.pick(teachingStyles);
    const bio =
      `${first} has been teaching ${category.name.toLowerCase()} in ${home.name} for ${years} years and ${credential}. ` +
      `${style} Teaches in ${languages.join(', ')}.`;
    const id = random.uuid();
    // Numbers come from the demo range by index (unique at every size); the two draws that
    // once made a random mobile number still happen, so every later draw and row stays as it was.
    random.pick(['9', '8', '7']);
    random.int(0, 999_999_999);
    const phone = i === 0 ? wellKnownTeacher.phone : seedPhones.teacher(i);
    const ratingCount = random.int(0, 240);
    const ratingAvg = ratingCount === 0 ? 0 : Math.round((3.8 + random.next() * 1.2) * 100) / 100;
    const createdAt = istTimestamp(addDaysToDateKey(anchor, -random.int(30, 1500)), '10:00');
    const teacher: TeacherGen = { id, name, slug, category, home, phone, ratingAvg, ratingCount, createdAt, badgeMask: 0 };
    teachers.push(teacher);
    teacherRows.push({
      id,
      slug,
      name,
      bio,
      experience_years: years,
      photo_url: null,
      phone,
      languages,
      rating_avg: ratingAvg,
      rating_count: ratingCount,
      main_category_id: categoryIds.get(category.slug) ?? null,
      created_at: createdAt,
    });

    const badges: [TeacherBadge, string][] = [];
    if (random.chance(0.3)) badges.push(['verified', 'Identity and qualifications checked']);
    if (ratingAvg >= 4.6 && ratingCount >= 40) badges.push(['super_teacher', `Rated ${ratingAvg} by ${ratingCount} learners`]);
    if (i === 0) badges.push(['teacher_of_the_day', 'Featured for consistently glowing parent feedback']);
    for (const [badge, reason] of badges) {
      teacher.badgeMask |= badgeBits[badge];
      badgeRows.push({ teacher_id: id, badge, granted_at: istTimestamp(addDaysToDateKey(anchor, -random.int(0, 20)), '09:00'), reason });
    }
  }
  summary.teachers = await bulkInsert(db, 'teachers', teacherRows);
  summary.teacher_badges = await bulkInsert(db, 'teacher_badges', badgeRows);
  return teachers;
}
