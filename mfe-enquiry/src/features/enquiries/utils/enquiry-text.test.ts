import { batchStartText } from './enquiry-text';

describe('batchStartText', () => {
  it('tells a batch still to start from one already running', () => {
    expect(batchStartText('2026-12-05', '2026-11-22')).toBe('Batch starts Saturday, 5 December');
    expect(batchStartText('2026-09-06', '2026-11-22')).toBe('Batch running since Sunday, 6 September');
    expect(batchStartText('2026-11-22', '2026-11-22')).toBe('Batch running since Sunday, 22 November');
  });
});
