import type { GeoErrorCode, ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError } from '../../shared/domain-error';
import type { ReverseGeocoder } from './reverse-geocoder';

export const GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
/** A learner waits on this call while picking a location; past 5 s a manual pick is quicker. */
export const GOOGLE_TIMEOUT_MS = 5_000;

export function geoError(code: GeoErrorCode, message: string, statusCode: number): DomainError {
  return new DomainError(code, message, statusCode);
}

export interface GoogleGeocoderOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  log: FastifyBaseLogger;
}

interface GoogleReply {
  status?: unknown;
  error_message?: unknown;
  results?: unknown;
  plus_code?: unknown;
}

const unavailable = () => geoError('GEOCODER_UNAVAILABLE', 'Looking up this location failed; please pick your locality instead', 502);

export function createGoogleGeocoder({ apiKey, baseUrl = GOOGLE_GEOCODING_URL, timeoutMs = GOOGLE_TIMEOUT_MS, log }: GoogleGeocoderOptions): ReverseGeocoder {
  return {
    name: 'google',
    async reverse(lat, lng): Promise<ReverseGeocodeResponse> {
      const url = new URL(baseUrl);
      url.searchParams.set('latlng', `${lat},${lng}`);
      url.searchParams.set('key', apiKey);

      let reply: GoogleReply;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!response.ok) {
          // The URL carries the key, so only the status is logged.
          log.warn({ httpStatus: response.status }, 'Google geocoding answered with an HTTP error');
          throw unavailable();
        }
        reply = (await response.json()) as GoogleReply;
      } catch (error) {
        if (error instanceof DomainError) throw error;
        log.warn({ err: { name: (error as Error).name, message: (error as Error).message } }, 'Google geocoding call failed');
        throw unavailable();
      }

      if (reply.status === 'OK' || reply.status === 'ZERO_RESULTS') {
        // The route's response schema keeps only the contract's fields (viewport, partial_match, … are dropped).
        return {
          status: reply.status,
          results: Array.isArray(reply.results) ? (reply.results as ReverseGeocodeResponse['results']) : [],
          ...(reply.plus_code ? { plus_code: reply.plus_code as ReverseGeocodeResponse['plus_code'] } : {}),
        };
      }
      // REQUEST_DENIED, OVER_QUERY_LIMIT, INVALID_REQUEST, UNKNOWN_ERROR: our problem, not the learner's.
      log.error({ googleStatus: reply.status, googleMessage: reply.error_message }, 'Google geocoding refused the request');
      throw unavailable();
    },
  };
}
