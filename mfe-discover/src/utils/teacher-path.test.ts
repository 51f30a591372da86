import { enquireHref, isSlug, parseTeacherPath } from './teacher-path';

describe('teacher paths', () => {
  it("reads a listing's path into city, category and teacher", () => {
    expect(parseTeacherPath('/discover/bengaluru/chess/teachers/kiran-rao-1a')).toEqual({
      city: 'bengaluru',
      category: 'chess',
      teacherSlug: 'kiran-rao-1a',
    });
  });

  it('refuses other shapes', () => {
    expect(parseTeacherPath('/discover/bengaluru/chess/teachers/Kiran Rao')).toBeNull();
    expect(parseTeacherPath('https://evil.example/discover/a/b/teachers/c')).toBeNull();
    expect(parseTeacherPath('/discover/bengaluru/chess/teachers/kiran/enquire')).toBeNull();
  });

  it('builds the enquiry link through the paths helper', () => {
    expect(enquireHref('/discover/bengaluru/chess/teachers/kiran-rao-1a')).toBe('/discover/bengaluru/chess/teachers/kiran-rao-1a/enquire');
    expect(enquireHref('/elsewhere')).toBeNull();
  });

  it.each([
    ['kiran-rao-1a', true],
    ['a', true],
    ['-a', false],
    ['a--b', false],
    ['UPPER', false],
    ['x'.repeat(121), false],
  ])('%s is a slug: %s', (value, expected) => expect(isSlug(value)).toBe(expected));
});
