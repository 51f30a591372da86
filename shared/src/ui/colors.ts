/**
 * The brand's colours. Kept apart from the theme so that code outside the browser (the API's
 * link-preview cards) can draw in them without loading the styling library.
 */
export const colors = {
  brand: '#0b6e4f',
  brandDark: '#07553c',
  brandSoft: '#e3f4ec',
  accent: '#f2a541',
  text: '#1b1f23',
  textMuted: '#57606a',
  border: '#d8dee4',
  surface: '#ffffff',
  background: '#f6f8f7',
  danger: '#b42318',
  dangerSoft: '#fdecea',
  success: '#067647',
} as const;
