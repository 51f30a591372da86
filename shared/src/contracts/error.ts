import { Type, type Static } from 'typebox';

/** Every non-2xx response from the API has this shape. */
export const ErrorResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;
