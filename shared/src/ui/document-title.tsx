/**
 * The page's title in the browser tab, history and search results. React 19 hoists it
 * into the document head and puts the previous title back when the page goes.
 */
export function DocumentTitle({ children }: { children: string }) {
  return <title>{`${children} | Kalike`}</title>;
}
