/**
 * A demo class has no price of its own: a teacher offers one of a batch's classes, and the
 * family books it without a class pack and without paying (the ledger is never touched; the
 * student is listed on the class, not in the batch). Both sides read the offer this way.
 */
export const demoClassPrice = { paise: 0, label: 'Free demo class' } as const;

export const demoClassTerms = {
  learner: 'You pay nothing for a demo class and need no class pack. If you like it, the teacher offers you a place in the batch.',
  teacher: 'Demo classes are free for the family: no class pack is used and nothing is charged.',
} as const;
