import { useEffect, type RefObject } from 'react';

/**
 * Tags an object with a random id the first time it is asked for. Two module copies
 * would tag their own objects independently, so equal tags across the shell and a
 * remote prove they hold the very same instance.
 */
const tags = new WeakMap<object, string>();

export function instanceTag(instance: object): string {
  let tag = tags.get(instance);
  if (!tag) {
    tag = Math.random().toString(36).slice(2, 10);
    tags.set(instance, tag);
  }
  return tag;
}

/**
 * Writes the instances' tags into the element's data attributes (`{ queryClient: client }` →
 * `data-query-client`) once the page is the browser's, without rendering again. The server
 * renders with instances of its own, so tags in its markup would only differ from the browser's;
 * and a render only to add them, right after React takes the server's page over, would reach a
 * part of the page whose code is still downloading and make React throw that part's server
 * markup away for its loading state (docs/server-rendering.md).
 */
export function useInstanceTagAttributes(ref: RefObject<HTMLElement | null>, instances: Record<string, object>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [name, instance] of Object.entries(instances)) element.dataset[name] = instanceTag(instance);
  });
}
