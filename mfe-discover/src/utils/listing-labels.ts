import type { BadgeKind, ListingModeKind, ListingSort, TimeOfDay } from '@kalike/shared/contracts/teacher-listings';

export const modeLabels: Record<ListingModeKind, string> = {
  at_home: 'At your home',
  at_centre: "At the teacher's centre",
  apartment: 'In your apartment',
  online: 'Online',
};

/** The contract's boundaries: morning before 12:00, afternoon before 16:00, evening after (IST). */
export const timeOfDayLabels: Record<TimeOfDay, { label: string; hint: string }> = {
  morning: { label: 'Morning', hint: 'before 12 noon' },
  afternoon: { label: 'Afternoon', hint: '12 to 4 pm' },
  evening: { label: 'Evening', hint: 'after 4 pm' },
};

export const sortLabels: Record<ListingSort, string> = {
  distance: 'Nearest first',
  rating: 'Top rated',
  price_low: 'Price: low to high',
  price_high: 'Price: high to low',
};

export const shortBadgeLabels: Record<BadgeKind, string> = {
  teacher_of_the_day: 'Teacher of the Day',
  super_teacher: 'Super Teacher',
  verified: 'Verified',
};

export function ageRangeLabel({ min, max }: { min: number; max: number }): string {
  if (max >= 99) return `Ages ${min}+`;
  return `Ages ${min}–${max}`;
}

export function ratingLabel(rating: { average: number; count: number }): string {
  if (rating.count === 0) return 'New on Kalike';
  return `${rating.average.toFixed(1)} out of 5, ${rating.count === 1 ? '1 rating' : `${rating.count.toLocaleString('en-IN')} ratings`}`;
}

export function seatsLabel(seatsLeft: number): string {
  if (seatsLeft === 0) return 'Batches full';
  return seatsLeft === 1 ? '1 seat left' : `${seatsLeft} seats left`;
}
