import { css, type CSSObject, type SerializedStyles } from '@emotion/react';

/**
 * Styles that depend on one value with a handful of variants (an avatar's size, a row's
 * height): each variant is built once, the first time it is asked for, and the same styles
 * are handed back on every later render instead of a new object each time.
 */
export function stylesByValue<Value extends string | number | boolean>(build: (value: Value) => CSSObject): (value: Value) => SerializedStyles {
  const built = new Map<Value, SerializedStyles>();
  return (value) => {
    let styles = built.get(value);
    if (!styles) {
      styles = css(build(value));
      built.set(value, styles);
    }
    return styles;
  };
}
