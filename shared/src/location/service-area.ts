/**
 * Kalike is live only in Bengaluru. The box is deliberately generous (it takes in the outer
 * suburbs and the airport) so a learner on the city's edge is never turned away by rounding.
 * It is kept free of schema code so the browser can use it without loading the contracts.
 */
export const serviceArea = { minLat: 12.6, maxLat: 13.4, minLng: 77.2, maxLng: 78.0 } as const;
