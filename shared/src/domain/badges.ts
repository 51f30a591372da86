import type { BadgeKind } from '@kalike/shared/domain/listing-values';

/**
 * Labels and meanings of badges, shared so lists, the teacher page and the API say the same
 * thing. Kept out of the contracts so the browser does not load the schema library for it.
 */
export const badgeCopy: Record<BadgeKind, { label: string; meaning: string }> = {
  teacher_of_the_day: {
    label: 'Teacher of the Day',
    // The admin's pick, one teacher at a time; the home page's own Teacher of the Day is chosen by rule near each family (teacher-of-the-day.ts).
    meaning: 'Picked by the Kalike team, one teacher at a time, for outstanding feedback from parents.',
  },
  super_teacher: {
    label: 'Super Teacher',
    meaning: 'Rated 4.6 or higher by at least 40 learners.',
  },
  verified: {
    label: 'Verified Teacher',
    meaning: 'Identity and qualifications checked by the Kalike team.',
  },
};
