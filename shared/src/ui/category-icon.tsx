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

/** Decorative only: the category's name is always shown beside it. An emoji, so no image request. */
export function CategoryIcon({ icon, size = '1.75rem' }: { icon: string; size?: string }) {
  return (
    <span aria-hidden="true" css={{ fontSize: size, lineHeight: 1 }}>
      {icons[icon] ?? '⭐'}
    </span>
  );
}
