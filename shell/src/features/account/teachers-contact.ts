/**
 * Where teachers ask to join Kalike or change their profile: teachers are set up by Kalike
 * for now (docs/product-decisions.md, "The teacher workspace in the shell").
 */
export const teachersContactEmail = 'teachers@kalike.in';
export const teachersContactHref = `mailto:${teachersContactEmail}?subject=${encodeURIComponent('Teaching on Kalike')}`;
