/** One spelling per name: NFC (a name typed on any keyboard is stored alike), trimmed, single spaces. */
export function tidyTeacherName(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/g, ' ');
}

const maxSlugBaseLength = 60;

/**
 * The teacher page's address part, in the order they are tried: the name in Latin letters
 * ("Priya Sharma" → `priya-sharma`, accents dropped), then with a short id after it. A name
 * with too few Latin letters to read (Kannada, say: no transliteration is guessed) becomes
 * `teacher-<short id>`. The last candidate carries the whole id, so one is always free.
 */
export function teacherSlugCandidates(name: string, teacherId: string): string[] {
  const hex = teacherId.replace(/-/g, '').toLowerCase();
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxSlugBaseLength)
    .replace(/-+$/, '');
  const readable = base.replace(/-/g, '').length >= 3;
  return readable ? [base, `${base}-${hex.slice(0, 6)}`, `${base}-${hex}`] : [`teacher-${hex.slice(0, 8)}`, `teacher-${hex}`];
}
