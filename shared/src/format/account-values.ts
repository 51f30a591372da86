/**
 * The account rules browser code checks before a round trip, free of schema code so forms
 * can import them; contracts/accounts.ts builds the API's schemas from the same values.
 */

/** Letters (any script), spaces and . ' - ; must start with a letter. */
export const personNamePattern = "^[\\p{L}\\p{M}][\\p{L}\\p{M} .'-]*$";
export const personNameMaxLength = 80;

export const accountLimits = { maxLocations: 5, maxStudents: 6 } as const;
