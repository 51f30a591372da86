import { toLearnerPoint } from '@kalike/shared/location/learner-point';

describe('toLearnerPoint', () => {
  test('only renames lng to the wire name long; the API does the one rounding', () => {
    expect(toLearnerPoint({ lat: 12.9716123, lng: 77.5946789 })).toEqual({ lat: 12.9716123, long: 77.5946789 });
  });
});
