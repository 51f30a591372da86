import { teacherSlugCandidates, tidyTeacherName } from './teacher-names';

const id = '3f2a9c1e-7b4d-4e8f-a1b2-c3d4e5f60718';

describe('teacher names', () => {
  test('are tidied to one spelling: NFC, trimmed, single spaces', () => {
    expect(tidyTeacherName('  Priya   Sharma \n')).toBe('Priya Sharma');
    // "é" typed as e + combining accent is stored as the one character.
    expect(tidyTeacherName('Rene\u0301')).toBe('Ren\u00e9');
  });
});

describe('teacher slugs', () => {
  test('a Latin name reads as itself, then with a short id, then with the whole id', () => {
    expect(teacherSlugCandidates('Priya Sharma', id)).toEqual(['priya-sharma', 'priya-sharma-3f2a9c', 'priya-sharma-3f2a9c1e7b4d4e8fa1b2c3d4e5f60718']);
    expect(teacherSlugCandidates('Zoë  D’Souza', id)[0]).toBe('zoe-d-souza');
  });

  test('a name without enough Latin letters gets teacher-<short id>, with no guessed transliteration', () => {
    expect(teacherSlugCandidates('ಪ್ರಿಯಾ ಶರ್ಮಾ', id)).toEqual(['teacher-3f2a9c1e', 'teacher-3f2a9c1e7b4d4e8fa1b2c3d4e5f60718']);
    expect(teacherSlugCandidates('ಪ್ರಿಯಾ K', id)[0]).toBe('teacher-3f2a9c1e');
  });

  test('are bounded and never end in a dash', () => {
    const [slug] = teacherSlugCandidates(`${'a'.repeat(59)} bcd`, id);
    expect(slug).toBe('a'.repeat(59));
    expect(teacherSlugCandidates('a'.repeat(200), id).every((candidate) => candidate.length <= 93 && !candidate.endsWith('-'))).toBe(true);
  });
});
