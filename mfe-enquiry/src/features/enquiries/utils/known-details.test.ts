import { account, enquiry, student } from '../../../testing/enquiry-fixtures';
import { knownDetails } from './known-details';

const saanvi = student(1, 'Saanvi', { dateOfBirth: '2016-12-01' });
const aarav = student(2, 'Aarav');
const forSaanvi = { id: saanvi.id, name: 'Saanvi' };

describe('knownDetails', () => {
  it("takes the age from the student's date of birth and the level and goals from their latest other enquiry", () => {
    const current = enquiry(1, { student: forSaanvi });
    const earlier = [
      enquiry(2, { student: forSaanvi, details: { studentAgeYears: 8, level: 'beginner', goals: 'School band' } }),
      enquiry(3, { student: { id: aarav.id, name: 'Aarav' }, details: { studentAgeYears: 6, level: 'new', goals: 'Fun' } }),
    ];
    expect(knownDetails(current, Object.values(account([saanvi, aarav]).students), [current, ...earlier], '2026-11-30')).toEqual({
      age: 9,
      level: 'beginner',
      goals: 'School band',
      sources: ['the date of birth on your account', 'your enquiry with Meera Iyer'],
    });
  });

  it("keeps what the enquiry already has, and never borrows another student's details", () => {
    const current = enquiry(1, { student: { id: aarav.id, name: 'Aarav' }, details: { studentAgeYears: 7, level: null, goals: null } });
    const other = enquiry(2, { student: forSaanvi, details: { studentAgeYears: 8, level: 'beginner', goals: 'School band' } });
    expect(knownDetails(current, [saanvi, aarav], [current, other], '2026-11-30')).toEqual({ age: 7, level: null, goals: null, sources: [] });
  });
});
