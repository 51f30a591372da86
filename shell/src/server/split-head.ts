/**
 * React 19 renders a page's `<title>`, `<meta>` and `<link>` elements at the start of the
 * output when it renders into an element rather than a whole document: they belong in the
 * head. This separates that run of elements from the markup of the root.
 */
const hoistedElement = /^(?:<title>[^<]*<\/title>|<meta\s[^>]*\/?>|<link\s[^>]*\/?>)/;

export interface SplitMarkup {
  /** The hoisted elements, in order. */
  head: string[];
  /** What goes inside the root element. */
  body: string;
}

export function splitHoistedHead(markup: string): SplitMarkup {
  const head: string[] = [];
  let rest = markup;
  for (let match = hoistedElement.exec(rest); match; match = hoistedElement.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}
