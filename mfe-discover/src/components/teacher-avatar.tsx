import { css } from '@emotion/react';
import type { TeacherPhoto } from '@kalike/shared/contracts/teacher-listings';
import { stylesByValue } from '@kalike/shared/ui/styles-by-value';
import { colors } from '@kalike/shared/ui/theme';

/** "Kiran Rao" → "KR"; one name gives one letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toLocaleUpperCase('en-IN');
}

interface TeacherAvatarProps {
  name: string;
  photo: TeacherPhoto | null;
  /** Pixels; the box is this size whether or not a photo loads, so nothing moves. */
  size: number;
  /** Photos above the fold load at once; every other one waits until it is near. */
  eager?: boolean;
  /** What the photo shows, e.g. the teacher's name; the initials are then read as it too. */
  alt?: string;
}

/** The teacher's photo, or their initials: lists stay text-first and light on cheap phones. */
const photoStyles = css({ borderRadius: '50%', flex: 'none', objectFit: 'cover', background: colors.brandSoft });
const initialsStyles = css({
  borderRadius: '50%',
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  background: colors.brandSoft,
  color: colors.brandDark,
  fontWeight: 700,
});
/** The box, and the initials in proportion to it; a handful of sizes in the product. */
const sizeStyles = stylesByValue((size: number) => ({ width: size, height: size, fontSize: `${Math.round(size * 0.38)}px` }));

/** Every stored size, so the browser takes the smallest that is sharp at the screen's density. */
export const srcSetOf = (photo: TeacherPhoto): string => photo.srcset.map((each) => `${each.url} ${each.width}w`).join(', ');

export function TeacherAvatar({ name, photo, size, eager = false, alt = '' }: TeacherAvatarProps) {
  if (photo) {
    return (
      <img
        src={photo.url}
        srcSet={srcSetOf(photo)}
        sizes={`${size}px`}
        width={size}
        height={size}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        css={[photoStyles, sizeStyles(size)]}
      />
    );
  }
  return (
    <span role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true} css={[initialsStyles, sizeStyles(size)]}>
      {initialsOf(name)}
    </span>
  );
}
