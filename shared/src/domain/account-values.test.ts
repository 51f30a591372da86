import { Type } from 'typebox';
import { Compile } from 'typebox/compile';

import { PersonNameSchema } from '@kalike/shared/contracts/accounts';
import { checkDateOfBirth, checkPersonName, dateOfBirthProblem, personNameProblem } from '@kalike/shared/domain/account-values';

const empty = 'Enter your name.';

const names = [
  // Kannada: vowel signs (ಿ) and the virama (್) are marks, not letters.
  'ಕಿರಣ್',
  'ಶ್ರೀನಿವಾಸ',
  'ಕಿರಣ್ ಕುಮಾರ್',
  // Devanagari
  'अर्जुन',
  'श्रीया',
  // Tamil
  'முருகன்',
  // Malayalam, written with a zero-width joiner
  'ക്‍',
  // Latin, with what phone keyboards type: the curly apostrophe, hyphen, full stop, space
  'Anne-Marie O’Brien',
  "D'Souza",
  'K. Ramesh',
  'Ramesh K.',
  'Zoë Nuñez',
];

const notNames = [
  ['digits', 'R2-D2'],
  ['only digits', '1234'],
  ['an emoji', 'Kiran 🙂'],
  ['only punctuation', ".'-"],
  ['a leading mark', '\u0CBFಕ'],
  ['a symbol', 'Asha & Ravi'],
  ['too long', 'ಕ'.repeat(81)],
] as const;

describe('the person-name rule (forms and API alike)', () => {
  const schema = Compile(Type.Object({ name: PersonNameSchema }));

  it.each(names)('accepts %s', (name) => {
    expect(checkPersonName(name, { empty })).toBeNull();
    expect(schema.Check({ name })).toBe(true);
  });

  it.each(notNames)('rejects %s', (_, name) => {
    expect(checkPersonName(name, { empty })).toBe(personNameProblem);
    expect(schema.Check({ name })).toBe(false);
  });

  it('asks for a name when there is none, and trims before checking', () => {
    expect(checkPersonName('   ', { empty })).toBe(empty);
    expect(checkPersonName('  ಕಿರಣ್  ', { empty })).toBeNull();
  });

  it('allows exactly 80 characters, counted as the API counts them', () => {
    expect(checkPersonName('ಕ'.repeat(80), { empty })).toBeNull();
    expect(schema.Check({ name: 'ಕ'.repeat(80) })).toBe(true);
  });
});

describe('the date-of-birth rule', () => {
  const today = '2026-11-26';

  it('accepts real days from 100 years back up to today', () => {
    expect(dateOfBirthProblem('2019-02-28', today)).toBeNull();
    expect(dateOfBirthProblem('2020-02-29', today)).toBeNull();
    expect(dateOfBirthProblem(today, today)).toBeNull();
    expect(dateOfBirthProblem('1926-11-26', today)).toBeNull();
  });

  it.each(['2019-02-30', '2019-02-29', '2019-04-31', '2019-13-01', '2019-00-10', '2019-2-3', 'yesterday'])('rejects the impossible date %s', (value) => {
    expect(dateOfBirthProblem(value, today)).toBe('invalid');
  });

  it('rejects the future and more than 100 years back', () => {
    expect(dateOfBirthProblem('2026-11-27', today)).toBe('future');
    expect(dateOfBirthProblem('1926-11-25', today)).toBe('too-old');
  });

  it('gives forms a sentence, counting today on the Bengaluru calendar', () => {
    expect(checkDateOfBirth('')).toBeNull();
    expect(checkDateOfBirth('2019-02-30')).toBe('Enter a valid date.');
    // 20:00 UTC on the 25th is already the 26th in Bengaluru.
    expect(checkDateOfBirth('2026-11-26', new Date('2026-11-25T20:00:00Z'))).toBeNull();
    expect(checkDateOfBirth('2026-11-27', new Date('2026-11-25T20:00:00Z'))).toBe('The date of birth cannot be in the future.');
  });
});
