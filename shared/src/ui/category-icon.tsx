import { css, type SerializedStyles } from '@emotion/react';
/** The API names a category's icon; this is the picture for each name. */
const icons: Record<string, string> = {
  'music-vocal': '🎤',
  'music-guitar': '🎸',
  'music-keyboard': '🎹',
  'music-violin': '🎻',
  'music-drum': '🥁',
  'music-veena': '🪕',
  'dance-classical': '💃',
  'dance-western': '🕺',
  'art-palette': '🎨',
  chess: '♟️',
  abacus: '🧮',
  yoga: '🧘',
  swimming: '🏊',
  code: '💻',
  robot: '🤖',
  language: '🗣️',
  maths: '➗',
  science: '🔬',
  microphone: '🎙️',
};

const iconStyle = css({ lineHeight: 1 });
/** The sizes the apps use are built once; any other is built when asked for. */
const sizeStyles: Record<string, SerializedStyles> = { '1.75rem': css({ fontSize: '1.75rem' }), '1.5rem': css({ fontSize: '1.5rem' }) };
const iconSize = (size: string) => sizeStyles[size] ?? css({ fontSize: size });

/** Decorative only: the category's name is always shown beside it. An emoji, so no image request. */
export function CategoryIcon({ icon, size = '1.75rem' }: { icon: string; size?: string }) {
  return (
    <span aria-hidden="true" css={[iconStyle, iconSize(size)]}>
      {icons[icon] ?? '⭐'}
    </span>
  );
}
