import type { BadgeKind, ListingModeKind, ListingSort } from '@kalike/shared/contracts/teacher-listings';

export const modeLabels: Record<ListingModeKind, string> = {
  at_home: 'At your home',
  at_centre: "At the teacher's centre",
  apartment: 'In your apartment',
  online: 'Online',
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
