const icons: Record<string, string> = {
  music: '🎵',
  vocal: '🎤',
  guitar: '🎸',
  keyboard: '🎹',
  violin: '🎻',
  tabla: '🥁',
  dance: '💃',
  art: '🎨',
  chess: '♟️',
  abacus: '🧮',
  yoga: '🧘',
  swimming: '🏊',
  coding: '💻',
  robotics: '🤖',
  language: '🗣️',
  tuition: '📚',
  maths: '➗',
  science: '🔬',
  speaking: '🎙️',
};

/** Decorative only: the category's name is always shown beside it. */
export function CategoryIcon({ icon }: { icon: string }) {
  return (
    <span aria-hidden="true" css={{ fontSize: '1.75rem', lineHeight: 1 }}>
      {icons[icon] ?? '⭐'}
    </span>
  );
}
