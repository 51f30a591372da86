import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { PlacesQuerySchema, PlacesResponseSchema, ReverseGeocodeQuerySchema, ReverseGeocodeResponseSchema } from '@kalike/shared/contracts/geo';
import { createGeoRepository } from './geo.repository';
import { createGeoService } from './geo.service';
import { createGoogleGeocoder } from './google-geocoder';
import { createOfflineGeocoder } from './offline-geocoder';

export interface GeoRoutesOptions {
  /** Set: reverse geocoding goes to Google. Unset: the offline geocoder answers from seeded places. */
  googleMapsApiKey?: string;
  googleGeocodingUrl?: string;
}

export const geoRoutes: FastifyPluginAsyncTypebox<GeoRoutesOptions> = async (app, options) => {
  const repository = createGeoRepository(app.db);
  const geocoder = options.googleMapsApiKey
    ? createGoogleGeocoder({ apiKey: options.googleMapsApiKey, baseUrl: options.googleGeocodingUrl, log: app.log })
    : createOfflineGeocoder(repository);
  const service = createGeoService(repository, geocoder);

  app.get(
    '/v1/geo/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'Reverse-geocode a point, answered in Google Geocoding (legacy JSON) shape',
        description:
          `Answered by the ${geocoder.name} geocoder. Points outside Bengaluru are 422 OUTSIDE_SERVICE_AREA; ` +
          'a failing upstream geocoder is 502 GEOCODER_UNAVAILABLE.',
        querystring: ReverseGeocodeQuerySchema,
        response: {
          200: ReverseGeocodeResponseSchema,
          400: ErrorResponseSchema,
          422: ErrorResponseSchema,
          500: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Places barely move; a short private cache spares repeat lookups while a learner fiddles with the pin.
      reply.header('cache-control', 'private, max-age=300');
      return service.reverse(request.query.lat, request.query.lng);
    },
  );

  app.get(
    '/v1/geo/places',
    {
      schema: {
        tags: ['geo'],
        summary: 'Localities and apartments by name (typos tolerated) or pincode prefix, at most 10',
        querystring: PlacesQuerySchema,
        response: { 200: PlacesResponseSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.searchPlaces(request.query.search);
    },
  );
};
