/**
 * Spread onto the block-level element that holds a teacher's name (a card's heading, the teacher
 * page's h1), so the browser reports when the name is painted (Element Timing) and
 * `npm run measure:first-teacher` can time it. On the heading rather than its link: the browser
 * attributes text to its block-level box. Spread in, as React's types do not list the attribute.
 */
export const teacherNameTiming = { elementtiming: 'teacher-name' } as const;
