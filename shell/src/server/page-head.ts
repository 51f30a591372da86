/** What a page put in the document's head, as the web origin writes it into its own. */
export interface PageHead {
  /** The page's title, if it has one (text, unescaped). */
  title: string | null;
  /** The page's description, if it has one (text, unescaped). */
  description: string | null;
  /** Other head elements the page rendered (meta, link), as markup. */
  headElements: string[];
}

const decodeEntities = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" })[entity] ?? entity,
  );

/**
 * Sorts the hoisted head elements (splitHoistedHead): the title and the description come out
 * as text, because the web origin replaces its own defaults with them; the rest stays markup.
 */
export function readPageHead(head: readonly string[]): PageHead {
  let title: string | null = null;
  let description: string | null = null;
  const headElements: string[] = [];
  for (const element of head) {
    const titleMatch = /^<title>([^<]*)<\/title>$/.exec(element);
    const descriptionMatch = /^<meta name="description" content="([^"]*)"\/?>$/.exec(element);
    if (titleMatch) title = decodeEntities(titleMatch[1] ?? '');
    else if (descriptionMatch) description = decodeEntities(descriptionMatch[1] ?? '');
    else headElements.push(element);
  }
  return { title, description, headElements };
}
