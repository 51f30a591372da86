import { useTheme } from '@emotion/react';

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
  photoUrl: string | null;
  /** Pixels; the box is this size whether or not a photo loads, so nothing moves. */
  size: number;
  /** Photos above the fold load at once; every other one waits until it is near. */
  eager?: boolean;
  /** Empty when the teacher's name is right beside the picture (it would be read twice). */
  alt?: string;
}

/** The teacher's photo, or their initials: lists stay text-first and light on cheap phones. */
export function TeacherAvatar({ name, photoUrl, size, eager = false, alt = '' }: TeacherAvatarProps) {
  const theme = useTheme();
  const box = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        width={size}
        height={size}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        css={{ ...box, objectFit: 'cover', background: theme.colors.brandSoft }}
      />
    );
  }
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      css={{
        ...box,
        display: 'grid',
        placeItems: 'center',
        background: theme.colors.brandSoft,
        color: theme.colors.brandDark,
        fontWeight: 700,
        fontSize: `${Math.round(size * 0.38)}px`,
      }}
    >
      {initialsOf(name)}
    </span>
  );
}
