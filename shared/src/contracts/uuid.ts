import { Type } from 'typebox';

/**
 * An id in a request or response. The `uuid` format (not a pattern) is what the API's error
 * handler recognises to answer a malformed id in a path with 404 rather than a validation error.
 */
export const Uuid = Type.String({ format: 'uuid' });
