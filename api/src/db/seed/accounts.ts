import type { Kysely } from 'kysely';
import { demoPhone } from '@kalike/shared/domain/demo-phones';
import type { Database } from '../schema';
import { bulkInsert, type SeedRow } from './bulk-insert';

/**
 * Where every seeded person's number comes from: the demo range +91 00000 XXXXX, which no
 * real subscriber can have (shared/src/domain/demo-phones.ts), so demo data never texts, or
 * lets anyone sign in as, a stranger. Learners 00000 00001–08999, Kalike's admins 09000–09999,
 * teachers 00000 10001–59999, other people named in seeded rows (payers of payment requests,
 * alternate numbers) 60000–99999.
 */
export const seedPhones = {
  learner: (index: number) => demoPhone(index),
  admin: (index: number) => demoPhone(9_000 + index),
  teacher: (index: number) => demoPhone(10_001 + index),
  other: (draw: number) => demoPhone(60_000 + (draw % 40_000)),
} as const;

/**
 * Learners with fixed ids and phone numbers, so developers and e2e tests can sign in as them
 * (request a code for the phone; in the local demo it is printed in the API's terminal and
 * appended to <DATA_DIR>/sms-outbox.jsonl).
 */
export const wellKnownLearners = {
  asha: {
    phone: seedPhones.learner(1),
    name: 'Asha Rao',
    email: 'asha.rao@example.com',
    userId: '00000000-0000-4000-8000-000000000101',
    accountId: '00000000-0000-4000-8000-000000000201',
    students: [
      { id: '00000000-0000-4000-8000-000000000301', name: 'Saanvi', dateOfBirth: '2016-04-12', grade: 'Grade 3', school: 'Indiranagar Public School' },
      { id: '00000000-0000-4000-8000-000000000302', name: 'Vihaan', dateOfBirth: '2019-09-03', grade: 'UKG', school: null },
    ],
    location: { label: 'Home', address: '12th Main Road, HAL 2nd Stage, Indiranagar', lat: 12.9719, lng: 77.6412, pincode: '560038' },
  },
  rahul: {
    phone: seedPhones.learner(2),
    name: 'Rahul Menon',
    email: null,
    userId: '00000000-0000-4000-8000-000000000102',
    accountId: '00000000-0000-4000-8000-000000000202',
    students: [{ id: '00000000-0000-4000-8000-000000000303', name: 'Ishaan', dateOfBirth: '2014-01-20', grade: 'Grade 5', school: null }],
    location: { label: 'Home', address: '5th Block, Koramangala', lat: 12.9352, lng: 77.6245, pincode: '560034' },
  },
  kavya: {
    phone: seedPhones.learner(3),
    name: 'Kavya Iyer',
    email: 'kavya.iyer@example.com',
    userId: '00000000-0000-4000-8000-000000000103',
    accountId: '00000000-0000-4000-8000-000000000203',
    students: [],
    location: null,
  },
  meera: {
    phone: seedPhones.learner(4),
    name: 'Meera Krishnan',
    email: null,
    userId: '00000000-0000-4000-8000-000000000104',
    accountId: '00000000-0000-4000-8000-000000000204',
    students: [
      { id: '00000000-0000-4000-8000-000000000304', name: 'Aarav', dateOfBirth: '2016-08-21', grade: 'Grade 4', school: 'National Public School' },
      { id: '00000000-0000-4000-8000-000000000305', name: 'Diya', dateOfBirth: '2019-02-14', grade: 'Grade 1', school: 'National Public School' },
    ],
    location: { label: 'Home', address: '14th Cross, 4th Sector, HSR Layout', lat: 12.9121, lng: 77.6446, pincode: '560102' },
  },
} as const;

/**
 * Meera's family: each child has a place in a different in-person batch of the teacher of the
 * day, with a paid class pack, past classes marked (most attended, one missed) and upcoming
 * sessions, one cancelled by the teacher and some on a holiday. Fixed ids at every seed size.
 */
export const wellKnownFamily = {
  phone: wellKnownLearners.meera.phone,
  userId: wellKnownLearners.meera.userId,
  accountId: wellKnownLearners.meera.accountId,
  aarav: {
    studentId: wellKnownLearners.meera.students[0].id,
    batchStudentId: '00000000-0000-4000-8000-000000000602',
    batchId: '00000000-0000-4000-8000-000000000701',
  },
  diya: {
    studentId: wellKnownLearners.meera.students[1].id,
    batchStudentId: '00000000-0000-4000-8000-000000000603',
    batchId: '00000000-0000-4000-8000-000000000702',
  },
} as const;

/**
 * The teacher of the day (the first seeded teacher) on a fixed number, so developers and e2e
 * tests can sign in as a teacher and answer the seeded enquiries. The teacher's id depends on
 * the seed size; read it from the sign-in answer (`user.teacher.id`).
 */
export const wellKnownTeacher = {
  phone: seedPhones.teacher(0),
} as const;

/**
 * Kalike's admin in the local demo: reviews listings and grants badges at /admin/reviews.
 * Signs in like anyone else (the code is in the API's terminal and the outbox file).
 */
export const wellKnownAdmin = {
  phone: seedPhones.admin(1),
  name: 'Kalike Admin',
  userId: '00000000-0000-4000-8000-000000000191',
  accountId: '00000000-0000-4000-8000-000000000291',
} as const;

/** The other number Asha gave on her enquiry with a demo class booked. */
export const wellKnownAlternatePhone = seedPhones.other(91);

export const wellKnownLearnerPhones: ReadonlySet<string> = new Set(Object.values(wellKnownLearners).map((l) => l.phone));

/** Learner users with accounts, students and a saved location, then one Teacher user per teacher. */
export async function seedAccounts(
  db: Kysely<Database>,
  teachers: readonly { id: string; phone: string }[],
  nextUuid: () => string,
  completedAt: string,
): Promise<Record<string, number>> {
  const learners = Object.values(wellKnownLearners);
  const userRows: SeedRow<'users'>[] = learners.map((l) => ({ id: l.userId, phone: l.phone, user_type: 'Learner', teacher_id: null }));
  const taken = new Set([...wellKnownLearnerPhones, wellKnownAdmin.phone]);
  for (const teacher of teachers) {
    // Generated teacher phones can collide at bench size; a phone has at most one user.
    if (taken.has(teacher.phone)) continue;
    taken.add(teacher.phone);
    userRows.push({ id: nextUuid(), phone: teacher.phone, user_type: 'Teacher', teacher_id: teacher.id });
  }
  const users = await bulkInsert(db, 'users', userRows);
  // The admin is a user of its own, so no learner's or teacher's sign-in carries admin rights.
  await db
    .insertInto('users')
    .values({ id: wellKnownAdmin.userId, phone: wellKnownAdmin.phone, user_type: 'Learner', teacher_id: null, is_admin: true })
    .execute();
  const learnerAccounts = await bulkInsert(
    db,
    'learner_accounts',
    learners.map((l): SeedRow<'learner_accounts'> => ({ id: l.accountId, user_id: l.userId, name: l.name, email: l.email, completed_at: completedAt })),
  );
  const students = await bulkInsert(
    db,
    'students',
    learners.flatMap((l) =>
      // Staggered by a second so the seeded order (eldest first) is stable.
      l.students.map((s, index): SeedRow<'students'> => ({
        id: s.id,
        learner_account_id: l.accountId,
        name: s.name,
        date_of_birth: s.dateOfBirth,
        grade: s.grade,
        school: s.school,
        created_at: new Date(Date.parse(completedAt) + index * 1000),
      })),
    ),
  );
  // Signed in before, with a name, so signing in goes straight to the admin page.
  await db
    .insertInto('learner_accounts')
    .values({ id: wellKnownAdmin.accountId, user_id: wellKnownAdmin.userId, name: wellKnownAdmin.name, email: null, completed_at: completedAt })
    .execute();
  const locations = await bulkInsert(
    db,
    'learner_locations',
    learners.flatMap((l): SeedRow<'learner_locations'>[] =>
      l.location
        ? [
            {
              id: nextUuid(),
              learner_account_id: l.accountId,
              position: 0,
              label: l.location.label,
              address: l.location.address,
              lat: l.location.lat,
              lng: l.location.lng,
              pincode: l.location.pincode,
            },
          ]
        : [],
    ),
  );
  return { users: users + 1, learner_accounts: learnerAccounts + 1, students, learner_locations: locations };
}
