import { describeSeedSummary, seedProgressLine } from './seed-progress';

describe('seed progress', () => {
  test('a terminal sees one line rewritten per table, cleared at the end', () => {
    const written: string[] = [];
    let clock = 1_000;
    const line = seedProgressLine({ isTTY: true, write: (text) => written.push(text) }, () => clock);
    line.onProgress({ table: 'teacher_listings', rows: 100_000, tables: 6 });
    clock += 34_000;
    line.onProgress({ table: 'batches', rows: 100_000, tables: 8 });
    line.done();
    expect(written).toEqual([
      '\r\x1b[2K  Seeding: 6 tables · teacher listings 1,00,000 rows · 0 s',
      '\r\x1b[2K  Seeding: 8 tables · batches 1,00,000 rows · 34 s',
      '\r\x1b[2K',
    ]);
  });

  test('a log file gets none of it', () => {
    const written: string[] = [];
    const line = seedProgressLine({ isTTY: false, write: (text) => written.push(text) });
    line.onProgress({ table: 'teachers', rows: 400, tables: 4 });
    line.done();
    expect(written).toEqual([]);
  });

  test('the summary names the headline counts in reading order', () => {
    expect(describeSeedSummary({ localities: 44, teacher_listings: 700, teachers: 400, ledger_entries: 35 })).toBe(
      '400 teachers, 700 teacher listings, 35 ledger entries',
    );
  });
});
