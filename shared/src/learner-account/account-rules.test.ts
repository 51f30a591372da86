import { dateOfBirthRule, nameRule, studentNameRule } from '@kalike/shared/learner-account/account-rules';

describe("the account forms' rules", () => {
  it.each(['ಕಿರಣ್', 'ಶ್ರೀನಿವಾಸ', 'अर्जुन', 'श्रीया', 'முருகன்', 'Anne-Marie O’Brien', "D'Souza", 'K. Ramesh'])(
    'accept the name %s for a learner and a student',
    (name) => {
      expect(nameRule.validate(name)).toBe(true);
      expect(studentNameRule.validate(name)).toBe(true);
    },
  );

  it('ask for a missing name and refuse digits and emoji', () => {
    expect(nameRule.validate(' ')).toBe('Enter your name.');
    expect(studentNameRule.validate('')).toBe("Enter the student's name.");
    expect(nameRule.validate('Kiran 2')).toMatch(/^Use letters/);
    expect(studentNameRule.validate('Kiran 🙂')).toMatch(/^Use letters/);
  });

  it('refuse a day the calendar does not have', () => {
    const rule = dateOfBirthRule(new Date('2026-11-26T06:00:00Z'));
    expect(rule.validate('2019-02-30')).toBe('Enter a valid date.');
    expect(rule.validate('2019-02-28')).toBe(true);
    expect(rule.validate('')).toBe(true);
  });
});
