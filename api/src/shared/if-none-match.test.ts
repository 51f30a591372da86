import { ifNoneMatchHas } from './if-none-match';

describe('ifNoneMatchHas', () => {
  const etag = '"teacher-card-0123456789abcdef"';

  test('matches the ETag alone, in a list, or in its weak form', () => {
    expect(ifNoneMatchHas(etag, etag)).toBe(true);
    expect(ifNoneMatchHas(`"other", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHas(`W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHas('*', etag)).toBe(true);
  });

  test('does not match another ETag, a missing header, or the ETag without its quotes', () => {
    expect(ifNoneMatchHas('"teacher-card-fedcba9876543210"', etag)).toBe(false);
    expect(ifNoneMatchHas(undefined, etag)).toBe(false);
    expect(ifNoneMatchHas('', etag)).toBe(false);
    expect(ifNoneMatchHas('teacher-card-0123456789abcdef', etag)).toBe(false);
  });
});
