/** A teacher's name as they write it, in any script: counted in characters a person sees, after trimming. */
export const teacherNameLimits = { min: 2, max: 80 } as const;
