/**
 * Whether the name a bank (or UPI app) holds for an account is the teacher's own name, allowing
 * for how Indian names are written differently in different records:
 *
 * - case, punctuation, accents and extra spaces are ignored;
 * - honorifics are dropped (Mr, Mrs, Ms, Miss, Smt, Shri, Sri, Shree, Kumari, Dr, Prof, Late,
 *   Thiru, Thirumathi, Selvi, Master, M/s);
 * - the order of the names does not matter ("Rao Priya" is "Priya Rao");
 * - an initial stands for a name starting with that letter ("K. S. Ramesh", "KS Ramesh" and
 *   "Ramesh K S" are "Ramesh Krishnaswamy Subramanya"); a token of two or three letters with
 *   no vowel is read as initials;
 * - names missing on one side are allowed (a middle name, or a surname a record left out), as
 *   long as every name and initial of the shorter side is found in the longer one;
 * - common spelling variants of transliteration are folded: aspirated consonants (th/t, dh/d,
 *   bh/b, sh/s, ch/c, kh/k, gh/g, jh/j, ph/f), ee/i, oo/u, x/ks, w/v, z/j, q/k, y/i, doubled
 *   letters, and a final "a" ("Lakshmi"/"Laxmi", "Siddharth"/"Sidharth", "Sanjay"/"Sanjai");
 *   two longer names (four letters or more after folding) also match when their consonants are
 *   the same and they differ by at most two letters ("Mohammed"/"Muhammad").
 *
 * At least one whole name (not only initials) must be on both sides. Anything else is a
 * mismatch, which holds the account for a person at Kalike to look at: so this errs towards
 * "no" only as far as names are really different.
 */

const HONORIFICS = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'smt',
  'shri',
  'shree',
  'sri',
  'sree',
  'kumari',
  'kum',
  'dr',
  'prof',
  'late',
  'thiru',
  'thirumathi',
  'selvi',
  'master',
  'm/s',
]);

const VOWELS = /[aeiou]/;

interface FullName {
  /** The folded spelling compared. */
  folded: string;
  /** First letters an initial may stand for: as written and as folded. */
  firsts: ReadonlySet<string>;
}

interface NameTokens {
  fulls: FullName[];
  initials: string[];
}

/** Folds one lower-case name to a spelling shared by its common transliteration variants. */
export function foldNameSpelling(word: string): string {
  let folded = word
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/x/g, 'ks')
    .replace(/ph/g, 'f')
    .replace(/([bcdgjkst])h/g, '$1')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
  if (folded.length > 3 && folded.endsWith('a')) folded = folded.slice(0, -1);
  return folded;
}

/** A name split into whole names (folded) and initials, without honorifics and punctuation. */
export function nameTokens(name: string): NameTokens {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\bm\/s\b/g, ' ')
    .replace(/[^a-z]+/g, ' ')
    .split(' ')
    .filter((word) => word && !HONORIFICS.has(word));
  const tokens: NameTokens = { fulls: [], initials: [] };
  for (const word of words) {
    if (word.length === 1 || (word.length <= 3 && !VOWELS.test(word))) {
      tokens.initials.push(...word);
    } else {
      const folded = foldNameSpelling(word);
      tokens.fulls.push({ folded, firsts: new Set([word[0] ?? '', folded[0] ?? '']) });
    }
  }
  return tokens;
}

function consonants(folded: string): string {
  return folded[0] + folded.slice(1).replace(/[aeiou]/g, '');
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function sameName(a: string, b: string, fuzzy: boolean): boolean {
  if (a === b) return true;
  return fuzzy && a.length >= 4 && b.length >= 4 && consonants(a) === consonants(b) && editDistance(a, b) <= 2;
}

/** Pairs whole names, exact spellings first, then near ones; answers the unpaired indexes of each side. */
function pairFulls(a: FullName[], b: FullName[]): { pairs: number; restA: FullName[]; restB: FullName[] } {
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  for (const fuzzy of [false, true]) {
    a.forEach((nameA, i) => {
      if (usedA.has(i)) return;
      const j = b.findIndex((nameB, index) => !usedB.has(index) && sameName(nameA.folded, nameB.folded, fuzzy));
      if (j >= 0) {
        usedA.add(i);
        usedB.add(j);
      }
    });
  }
  return { pairs: usedA.size, restA: a.filter((_, i) => !usedA.has(i)), restB: b.filter((_, j) => !usedB.has(j)) };
}

/** Pairs initials of one side with whole names of the other; answers what of each was left unpaired. */
function pairInitials(initials: string[], fulls: FullName[]): { initialsLeft: string[]; fullsLeft: number } {
  const used = new Set<number>();
  const initialsLeft: string[] = [];
  for (const initial of initials) {
    const j = fulls.findIndex((full, index) => !used.has(index) && full.firsts.has(initial));
    if (j >= 0) used.add(j);
    else initialsLeft.push(initial);
  }
  return { initialsLeft, fullsLeft: fulls.length - used.size };
}

/** Initials of `a` not found, one for one, among initials of `b`. */
function initialsMissing(a: string[], b: string[]): number {
  const rest = [...b];
  let missing = 0;
  for (const letter of a) {
    const index = rest.indexOf(letter);
    if (index >= 0) rest.splice(index, 1);
    else missing += 1;
  }
  return missing;
}

/** Whether two records name the same person (see above for what is allowed). */
export function holderNamesMatch(teacherName: string, nameAtBank: string): boolean {
  const a = nameTokens(teacherName);
  const b = nameTokens(nameAtBank);
  if (a.fulls.length === 0 || b.fulls.length === 0) return false;
  // Written together on one side and apart on the other ("Lakshminarayan" / "Lakshmi Narayan").
  if (a.initials.length === 0 && b.initials.length === 0) {
    const joinedA = foldNameSpelling(a.fulls.map((full) => full.folded).join(''));
    if (joinedA === foldNameSpelling(b.fulls.map((full) => full.folded).join(''))) return true;
  }
  const { pairs, restA, restB } = pairFulls(a.fulls, b.fulls);
  if (pairs === 0) return false;
  const fromA = pairInitials(a.initials, restB);
  const fromB = pairInitials(b.initials, restA);
  // One side's every name and initial is found in the other; the other may have more.
  const aCovered = fromB.fullsLeft === 0 && initialsMissing(fromA.initialsLeft, fromB.initialsLeft) === 0;
  const bCovered = fromA.fullsLeft === 0 && initialsMissing(fromB.initialsLeft, fromA.initialsLeft) === 0;
  return aCovered || bCovered;
}
