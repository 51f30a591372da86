import { useIsHydrated } from '@kalike/shared/hooks/use-is-hydrated';

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
 * The tag for rendering, once the page is the browser's: the server renders with instances
 * of its own, so a tag in its markup would only differ from the browser's.
 */
export function useInstanceTag(instance: object): string | undefined {
  return useIsHydrated() ? instanceTag(instance) : undefined;
}
