import { Type, type Static } from 'typebox';
import { serviceArea } from '@kalike/shared/location/service-area';

export { serviceArea };

export const geoErrorCodes = ['OUTSIDE_SERVICE_AREA', 'GEOCODER_UNAVAILABLE'] as const;
export type GeoErrorCode = (typeof geoErrorCodes)[number];

export const CoordsSchema = Type.Object({ lat: Type.Number(), lng: Type.Number() });
export type Coords = Static<typeof CoordsSchema>;

export const ReverseGeocodeQuerySchema = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);
export type ReverseGeocodeQuery = Static<typeof ReverseGeocodeQuerySchema>;

// The reverse-geocoding response mirrors Google's legacy Geocoding JSON field for field, so the
// client's address choice (location/choose-address) works the same on either adapter.
export const geocodeStatuses = ['OK', 'ZERO_RESULTS'] as const;
export type GeocodeStatus = (typeof geocodeStatuses)[number];

export const locationTypes = ['ROOFTOP', 'RANGE_INTERPOLATED', 'GEOMETRIC_CENTER', 'APPROXIMATE'] as const;
export type LocationType = (typeof locationTypes)[number];

export const AddressComponentSchema = Type.Object({
  long_name: Type.String(),
  short_name: Type.String(),
  types: Type.Array(Type.String()),
});
export type AddressComponent = Static<typeof AddressComponentSchema>;

export const PlusCodeSchema = Type.Object({
  /** Short code plus locality, e.g. "XHCV+JR Bengaluru, Karnataka, India". */
  compound_code: Type.String(),
  /** Full 10-digit Open Location Code, e.g. "7J4VXHCV+JR". */
  global_code: Type.String(),
});
export type PlusCode = Static<typeof PlusCodeSchema>;

export const GeocodeResultSchema = Type.Object({
  formatted_address: Type.String(),
  place_id: Type.String(),
  types: Type.Array(Type.String()),
  geometry: Type.Object({
    location: CoordsSchema,
    location_type: Type.Enum(locationTypes),
  }),
  address_components: Type.Array(AddressComponentSchema),
});
export type GeocodeResult = Static<typeof GeocodeResultSchema>;

export const ReverseGeocodeResponseSchema = Type.Object({
  status: Type.Enum(geocodeStatuses),
  results: Type.Array(GeocodeResultSchema),
  plus_code: Type.Optional(PlusCodeSchema),
});
export type ReverseGeocodeResponse = Static<typeof ReverseGeocodeResponseSchema>;

export const PlacesQuerySchema = Type.Object({ search: Type.String({ minLength: 2, maxLength: 60 }) }, { additionalProperties: false });
export type PlacesQuery = Static<typeof PlacesQuerySchema>;

export const placeKinds = ['locality', 'apartment'] as const;
export type PlaceKind = (typeof placeKinds)[number];

export const PlaceSchema = Type.Object({
  kind: Type.Enum(placeKinds),
  /** The locality's or apartment's id, for forms that store the place (a teacher's batch). */
  id: Type.String({ format: 'uuid' }),
  slug: Type.String(),
  name: Type.String(),
  pincode: Type.String(),
  coords: CoordsSchema,
  /** One line for the picker, e.g. "Prestige Acropolis, Koramangala, Bengaluru 560034". */
  address: Type.String(),
});
export type Place = Static<typeof PlaceSchema>;

export const PlacesResponseSchema = Type.Object({ places: Type.Array(PlaceSchema) });
export type PlacesResponse = Static<typeof PlacesResponseSchema>;
