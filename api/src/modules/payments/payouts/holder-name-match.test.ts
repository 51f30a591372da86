import { foldNameSpelling, holderNamesMatch, nameTokens } from './holder-name-match';

describe('the name at the bank against the teacher’s name', () => {
  test.each([
    ['Priya Rao', 'PRIYA RAO', 'case'],
    ['Priya Rao', 'priya  rao.', 'punctuation and spaces'],
    ['Priya Rao', 'Mrs. Priya Rao', 'an honorific'],
    ['Ramesh Krishnaswamy', 'SHRI RAMESH KRISHNASWAMY', 'Shri'],
    ['Dr Anita Desai', 'Anita Desai', 'Dr on our side'],
    ['Lakshmi Iyer', 'Smt Lakshmi Iyer', 'Smt'],
    ['Ramesh Krishnaswamy Subramanya', 'K. S. Ramesh', 'initials for the first names'],
    ['Ramesh Krishnaswamy Subramanya', 'KS RAMESH', 'initials written together'],
    ['Ramesh Krishnaswamy Subramanya', 'Ramesh K S', 'initials after the name'],
    ['Rao Priya', 'Priya Rao', 'order swapped'],
    ['Priya Rao', 'Priya Lakshmi Rao', 'a middle name missing on our side'],
    ['Priya Lakshmi Rao', 'PRIYA RAO', 'a middle name missing at the bank'],
    ['Priya', 'PRIYA SHARMA', 'one name only on our side'],
    ['Lakshmi Iyer', 'LAXMI IYER', 'x for ksh'],
    ['Siddharth Menon', 'Sidharth Menon', 'a doubled letter and th'],
    ['Sanjay Kumar', 'Sanjai Kumar', 'y and i'],
    ['Srinivas Murthy', 'Shrinivas Murty', 'sh and th'],
    ['Geetha Nair', 'Gita Nair', 'ee and a final a'],
    ['Mohammed Iqbal', 'Muhammad Iqbal', 'a common variant of a longer name'],
    ['Venkatesh Prabhu', 'Venkatesh Prabu', 'bh'],
    ['Lakshminarayan Bhat', 'Lakshmi Narayan Bhat', 'written together and apart'],
    ['Zoya Khan', 'Joya Khan', 'z and j'],
    ['Sowmya Rao', 'Sowmya Rāo', 'accents'],
  ])('%s and %s match (%s)', (teacher, bank) => {
    expect(holderNamesMatch(teacher, bank)).toBe(true);
    expect(holderNamesMatch(bank, teacher)).toBe(true);
  });

  test.each([
    ['Priya Rao', 'Someone Else Entirely', 'nothing in common'],
    ['Priya Rao', 'Priya Sharma', 'a different surname'],
    ['Priya Rao', 'Divya Rao', 'a different first name'],
    ['Ramesh Krishnaswamy Subramanya', 'K. S. Suresh', 'initials alike, the name not'],
    ['Ramesh Krishnaswamy', 'R. K.', 'initials only'],
    ['Ramesh Krishnaswamy', 'Ramesh T', 'an initial that stands for no name of ours'],
    ['Priya Rao', '', 'no name at the bank'],
    ['Priya Rao', 'Mr.', 'an honorific only'],
    ['Ram Kumar', 'Rima Kumar', 'short names are compared exactly'],
    ['Anil Kapoor', 'Sunil Kapoor', 'a letter apart at the start'],
  ])('%s and %s do not match (%s)', (teacher, bank) => {
    expect(holderNamesMatch(teacher, bank)).toBe(false);
    expect(holderNamesMatch(bank, teacher)).toBe(false);
  });

  test('a name is split into folded names and initials, without honorifics', () => {
    const tokens = nameTokens('Smt. K.S. Lakshmi  Iyer');
    expect(tokens.initials).toEqual(['k', 's']);
    expect(tokens.fulls.map((full) => full.folded)).toEqual(['laksmi', 'ier']);
    expect(foldNameSpelling('siddhartha')).toBe('sidart');
  });
});
