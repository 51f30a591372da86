import type { AddressComponent, GeocodeResult, ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';
import { chooseAddress, stripPlusCode } from '@kalike/shared/location/choose-address';

// Fixtures follow the shape of recorded Google Geocoding (legacy JSON) reverse answers around
// Bengaluru, trimmed to the fields the contract keeps.
const india: AddressComponent = { long_name: 'India', short_name: 'IN', types: ['country', 'political'] };
const karnataka: AddressComponent = { long_name: 'Karnataka', short_name: 'KA', types: ['administrative_area_level_1', 'political'] };
const bengaluru: AddressComponent = { long_name: 'Bengaluru', short_name: 'Bengaluru', types: ['locality', 'political'] };
const pin = (code: string): AddressComponent => ({ long_name: code, short_name: code, types: ['postal_code'] });

function result(
  formatted_address: string,
  types: string[],
  location_type: GeocodeResult['geometry']['location_type'],
  address_components: AddressComponent[],
  location = { lat: 12.9352, lng: 77.6245 },
): GeocodeResult {
  return { formatted_address, place_id: `place-${types[0]}`, types, geometry: { location, location_type }, address_components };
}

const countryOnly = result('India', ['country', 'political'], 'APPROXIMATE', [india], { lat: 20.593684, lng: 78.96288 });
const bengaluruCity = result('Bengaluru, Karnataka, India', ['locality', 'political'], 'APPROXIMATE', [bengaluru, karnataka, india], {
  lat: 12.9716,
  lng: 77.5946,
});

const typicalBengaluru: ReverseGeocodeResponse = {
  status: 'OK',
  plus_code: { compound_code: 'WJPF+3R Bengaluru, Karnataka, India', global_code: '7J4VWJPF+3R' },
  results: [
    result(
      '14, 80 Feet Rd, 4th Block, Koramangala, Bengaluru, Karnataka 560034, India',
      ['street_address'],
      'ROOFTOP',
      [{ long_name: '80 Feet Road', short_name: '80 Feet Rd', types: ['route'] }, bengaluru, karnataka, india, pin('560034')],
      { lat: 12.93521, lng: 77.62449 },
    ),
    result(
      '4th Block, Koramangala, Bengaluru, Karnataka 560034, India',
      ['political', 'sublocality', 'sublocality_level_2'],
      'GEOMETRIC_CENTER',
      [
        { long_name: '4th Block', short_name: '4th Block', types: ['political', 'sublocality', 'sublocality_level_2'] },
        bengaluru,
        karnataka,
        india,
        pin('560034'),
      ],
      { lat: 12.9337, lng: 77.6292 },
    ),
    result('Bengaluru, Karnataka 560034, India', ['postal_code'], 'APPROXIMATE', [pin('560034'), bengaluru, karnataka, india]),
    bengaluruCity,
    countryOnly,
  ],
};

describe('chooseAddress', () => {
  test('prefers the geometric-centre area over a more exact street address', () => {
    expect(chooseAddress(typicalBengaluru)).toEqual({
      address: '4th Block, Koramangala, Bengaluru, Karnataka 560034, India',
      pincode: '560034',
      coords: { lat: 12.9337, lng: 77.6292 },
    });
  });

  test('falls back to a premise, sublocality or street address when no area centre qualifies', () => {
    const response: ReverseGeocodeResponse = {
      status: 'OK',
      results: [
        result('Bengaluru, Karnataka, India', ['locality', 'political'], 'APPROXIMATE', [bengaluru]),
        result('Prestige Acropolis, Koramangala, Bengaluru, Karnataka 560029, India', ['premise'], 'ROOFTOP', [pin('560029')], {
          lat: 12.9302,
          lng: 77.6176,
        }),
      ],
    };
    expect(chooseAddress(response)).toEqual({
      address: 'Prestige Acropolis, Koramangala, Bengaluru, Karnataka 560029, India',
      pincode: '560029',
      coords: { lat: 12.9302, lng: 77.6176 },
    });
  });

  test('counts any sublocality_level_n as a sublocality', () => {
    const response: ReverseGeocodeResponse = {
      status: 'OK',
      results: [bengaluruCity, result('HSR Layout Sector 2, Bengaluru, Karnataka, India', ['political', 'sublocality_level_3'], 'APPROXIMATE', [bengaluru])],
    };
    expect(chooseAddress(response)?.address).toBe('HSR Layout Sector 2, Bengaluru, Karnataka, India');
  });

  test('strips the plus code from a plus-code-only answer and borrows the pincode from another result', () => {
    const response: ReverseGeocodeResponse = {
      status: 'OK',
      plus_code: { compound_code: '7J4V+2C Bengaluru, Karnataka, India', global_code: '7J4V7J4V+2C' },
      results: [
        result(
          '7J4V+2C Bengaluru, Karnataka, India',
          ['plus_code'],
          'GEOMETRIC_CENTER',
          [{ long_name: '7J4V+2C', short_name: '7J4V+2C', types: ['plus_code'] }, bengaluru, karnataka, india],
          { lat: 12.9051, lng: 77.6436 },
        ),
        result('Bengaluru, Karnataka 560068, India', ['postal_code'], 'APPROXIMATE', [pin('560068'), bengaluru, karnataka, india]),
        countryOnly,
      ],
    };
    expect(chooseAddress(response)).toEqual({
      address: 'Bengaluru, Karnataka, India',
      pincode: '560068',
      coords: { lat: 12.9051, lng: 77.6436 },
    });
  });

  test('skips a route even when it is the first result and has a geometric centre', () => {
    const response: ReverseGeocodeResponse = {
      status: 'OK',
      results: [
        result('Outer Ring Rd, Bellandur, Bengaluru, Karnataka 560103, India', ['route'], 'GEOMETRIC_CENTER', [
          { long_name: 'Outer Ring Road', short_name: 'Outer Ring Rd', types: ['route'] },
          pin('560103'),
        ]),
        result(
          'Bellandur, Bengaluru, Karnataka, India',
          ['political', 'sublocality', 'sublocality_level_1'],
          'APPROXIMATE',
          [{ long_name: 'Bellandur', short_name: 'Bellandur', types: ['political', 'sublocality', 'sublocality_level_1'] }, bengaluru],
          { lat: 12.9304, lng: 77.6784 },
        ),
        countryOnly,
      ],
    };
    // The chosen result has no postal_code, so the PIN comes from the route result.
    expect(chooseAddress(response)).toEqual({
      address: 'Bellandur, Bengaluru, Karnataka, India',
      pincode: '560103',
      coords: { lat: 12.9304, lng: 77.6784 },
    });
  });

  test('takes a route when it is the only result that is not the country', () => {
    const response: ReverseGeocodeResponse = {
      status: 'OK',
      results: [countryOnly, result('NH 44, Karnataka, India', ['route'], 'GEOMETRIC_CENTER', [{ long_name: 'NH 44', short_name: 'NH44', types: ['route'] }])],
    };
    expect(chooseAddress(response)).toMatchObject({ address: 'NH 44, Karnataka, India', pincode: null });
  });

  test('answers null when only the country is known', () => {
    expect(chooseAddress({ status: 'OK', results: [countryOnly] })).toBeNull();
  });

  test('answers null for ZERO_RESULTS', () => {
    expect(chooseAddress({ status: 'ZERO_RESULTS', results: [], plus_code: { compound_code: '', global_code: '7J4VXHCV+JR' } })).toBeNull();
  });
});

describe('stripPlusCode', () => {
  test.each([
    ['7J4V+2C Bengaluru, Karnataka, India', 'Bengaluru, Karnataka, India'],
    ['WJPF+3R, Koramangala, Bengaluru', 'Koramangala, Bengaluru'],
    ['7J4VWJPF+3R', ''],
    ['Koramangala, Bengaluru', 'Koramangala, Bengaluru'],
    // Not the OLC alphabet (A, B, 0 and 1 never appear), so it stays.
    ['AB12+34 Street', 'AB12+34 Street'],
  ])('%s -> %s', (input, expected) => {
    expect(stripPlusCode(input)).toBe(expected);
  });
});
