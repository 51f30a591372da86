import { formatDistance, haversineMetres, listingDistanceLabel } from './distance';

describe('haversineMetres', () => {
  it('is zero between a point and itself', () => {
    expect(haversineMetres({ lat: 12.9716, lng: 77.5946 }, { lat: 12.9716, lng: 77.5946 })).toBe(0);
  });

  it('measures across Bengaluru within a few metres of the known distance', () => {
    // MG Road metro to Whitefield (ITPL): about 14.9 km as the crow flies.
    const metres = haversineMetres({ lat: 12.9756, lng: 77.6066 }, { lat: 12.9857, lng: 77.7364 });
    expect(metres).toBeGreaterThan(14_000);
    expect(metres).toBeLessThan(14_200);
  });

  it('is symmetric', () => {
    const a = { lat: 12.9, lng: 77.5 };
    const b = { lat: 13.1, lng: 77.7 };
    expect(haversineMetres(a, b)).toBe(haversineMetres(b, a));
  });

  it('refuses coordinates that are not numbers', () => {
    expect(() => haversineMetres({ lat: Number.NaN, lng: 77 }, { lat: 12, lng: 77 })).toThrow(RangeError);
  });
});

describe('formatDistance', () => {
  it.each([
    [0, '10 m'],
    [4, '10 m'],
    [847, '850 m'],
    [994, '990 m'],
    [996, '1 km'],
    [1_000, '1 km'],
    [1_249, '1.2 km'],
    [1_250, '1.3 km'],
    [9_940, '9.9 km'],
    [9_960, '10 km'],
    [12_400, '12 km'],
    [123_456, '123 km'],
  ])('shows %d metres as %s', (metres, text) => {
    expect(formatDistance(metres)).toBe(text);
  });

  it.each([
    [8, 'about 1 km'],
    [640, 'about 1 km'],
    [1_499, 'about 1 km'],
    [2_600, 'about 3 km'],
    [13_420, 'about 13 km'],
  ])('from a locality centre, shows %d metres as %s: never metres, never tenths', (metres, text) => {
    expect(formatDistance(metres, 'locality')).toBe(text);
  });

  it('refuses negative and non-finite distances', () => {
    expect(() => formatDistance(-1)).toThrow(RangeError);
    expect(() => formatDistance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('listingDistanceLabel', () => {
  it('says how far an in-person class is, and that an online class needs no travel', () => {
    expect(listingDistanceLabel(1234)).toBe('1.2 km away');
    expect(listingDistanceLabel(null)).toBe('Online, no travel');
  });

  it('a centre placed on its locality\'s centre point is never "10 m away"', () => {
    expect(listingDistanceLabel(10, 'locality')).toBe('about 1 km away');
    expect(listingDistanceLabel(10)).toBe('10 m away');
  });
});
