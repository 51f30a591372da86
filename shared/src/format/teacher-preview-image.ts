/**
 * The size of a teacher's link-preview card: the 1.91:1 image Open Graph and X show largest.
 * Kept free of schema code: the API draws at it and the browser names it in og:image:width/height.
 */
export const teacherPreviewImageSize = { width: 1200, height: 630 } as const;
