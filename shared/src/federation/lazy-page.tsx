import { use, type ComponentType, type FunctionComponent } from 'react';

import { settledPromise } from '@kalike/shared/federation/settled-promise';

/** A page whose code is its own chunk, fetched on first render or ahead of it with `preload`. */
export type LazyPage = FunctionComponent & {
  /** Fetches the page's code; once it has arrived the page renders without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * Like React's `lazy`, for a remote's pages, with one difference: code fetched ahead (by
 * `preload`) is rendered at once. The shell preloads the page of a server-rendered visit
 * before taking the page over, so the take-over never suspends and never redraws what the
 * person is already typing into.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let code: Promise<{ default: ComponentType }> | undefined;
  const fetchCode = () => (code ??= settledPromise(load()));
  function Page() {
    const { default: Content } = use(fetchCode());
    return <Content />;
  }
  Page.preload = fetchCode;
  return Page;
}

export function isLazyPage(page: ComponentType): page is ComponentType & LazyPage {
  return 'preload' in page && typeof page.preload === 'function';
}
