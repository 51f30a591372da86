import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts a Postgres uuid in either case', () => {
    expect(isUuid('0b6a8f4e-3c1d-4f6a-9e2b-7d5c4a3b2f10')).toBe(true);
    expect(isUuid('0B6A8F4E-3C1D-4F6A-9E2B-7D5C4A3B2F10')).toBe(true);
  });

  it('refuses anything else, including a uuid with text around it', () => {
    for (const value of ['', 'yoga', '0b6a8f4e3c1d4f6a9e2b7d5c4a3b2f10', '0b6a8f4e-3c1d-4f6a-9e2b-7d5c4a3b2f10\n', ' 0b6a8f4e-3c1d-4f6a-9e2b-7d5c4a3b2f10', '0b6a8f4e-3c1d-4f6a-9e2b-7d5c4a3b2f1g', 42, null, undefined]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
