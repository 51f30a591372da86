import { joinNames } from './people';

describe('joinNames', () => {
  it.each([
    [['Aarav'], 'Aarav'],
    [['Aarav', 'Diya'], 'Aarav and Diya'],
    [['Aarav', 'Diya', 'Meera'], 'Aarav, Diya and Meera'],
  ])('writes %j as %s', (list, expected) => {
    expect(joinNames(list)).toBe(expected);
  });
});
