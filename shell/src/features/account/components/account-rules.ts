/** The same limits the API enforces, so most mistakes are caught before a round trip. */
export const nameRule = {
  required: 'Enter your name.',
  validate: (value: string) =>
    /^[\p{L} .'-]{1,80}$/u.test(value.trim()) || 'Use letters, spaces and . \' - only (up to 80).',
};

export const emailRule = {
  validate: (value: string) => value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) || 'Enter a valid email address.',
};

export const studentNameRule = {
  required: "Enter the student's name.",
  validate: (value: string) => /^[\p{L} .'-]{1,80}$/u.test(value.trim()) || 'Use letters, spaces and . \' - only (up to 80).',
};

export function dateOfBirthRule(today = new Date()) {
  return {
    validate: (value: string) => {
      if (!value) return true;
      const date = new Date(`${value}T00:00:00Z`);
      if (Number.isNaN(date.getTime())) return 'Enter a valid date.';
      if (date > today) return 'The date of birth cannot be in the future.';
      const oldest = new Date(today);
      oldest.setUTCFullYear(today.getUTCFullYear() - 100);
      return date >= oldest || 'Enter a date within the last 100 years.';
    },
  };
}
