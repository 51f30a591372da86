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

/** Decorative only: the category's name is always shown beside it. */
export function CategoryIcon({ icon }: { icon: string }) {
  return (
    <span aria-hidden="true" css={{ fontSize: '1.75rem', lineHeight: 1 }}>
      {icons[icon] ?? '⭐'}
    </span>
  );
}
