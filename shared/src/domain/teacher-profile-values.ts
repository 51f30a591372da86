/**
 * The languages a teacher may say they teach in: those spoken widely in Bengaluru. One list
 * for the API (which refuses anything else) and the profile form (which offers exactly these).
 */
export const teachingLanguages = [
  'English',
  'Kannada',
  'Hindi',
  'Tamil',
  'Telugu',
  'Malayalam',
  'Marathi',
  'Urdu',
  'Bengali',
  'Konkani',
  'Tulu',
  'Gujarati',
  'Odia',
  'Punjabi',
] as const;
export type TeachingLanguage = (typeof teachingLanguages)[number];

/** Limits of the profile's fields, in characters after trimming (API and form alike). */
export const teacherProfileLimits = {
  nameMin: 2,
  nameMax: 80,
  bioMax: 1500,
  experienceYearsMax: 60,
  languagesMax: teachingLanguages.length,
  qualificationsMax: 10,
  qualificationMax: 120,
} as const;

/**
 * What a profile photo must be. The server decides; the form checks type and size first only
 * to save a phone the upload.
 */
export const profilePhotoRules = {
  maxBytes: 8 * 1024 * 1024,
  minSide: 200,
  maxSide: 6000,
  /**
   * Refused from the header, before any pixel is decoded: more pixels than a 24-megapixel camera
   * makes (6000×4000), more than 8 bits per channel (16-bit PNGs decode to twice the memory and
   * no screen shows the difference), and interlaced PNGs above 4 megapixels (an interlaced PNG
   * must be held whole in memory to decode, where other files stream row by row).
   */
  maxPixels: 25_000_000,
  maxBitsPerChannel: 8,
  maxInterlacedPixels: 4_000_000,
  /** Content types accepted, by what the bytes are, not by the file's name. */
  types: ['image/jpeg', 'image/png', 'image/webp'],
  /** Square sizes the pages draw the photo at (96, 192 and 480 px wide). */
  sizes: [96, 192, 480],
} as const;
