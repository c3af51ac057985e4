import { motivationStamps } from '@ondoku/contract';

/**
 * The encouragement stamps, drawn here as SVG (no image files): the teacher app shows them in the
 * stamp picker, the children's app in the inbox and on the home screen. A stamp is its id from the
 * contract's `motivationStamps` (name and colour); the shape follows the id, so every stamp
 * looks different and prints sharp.
 */
const points = (n: number, outer: number, inner: number, rotate = -Math.PI / 2) =>
  Array.from({ length: n * 2 }, (_, i) => {
    const r = i % 2 ? inner : outer;
    const a = rotate + (i * Math.PI) / n;
    return `${(50 + r * Math.cos(a)).toFixed(2)},${(50 + r * Math.sin(a)).toFixed(2)}`;
  }).join(' ');

function Shape({ kind, color }: { kind: number; color: string }) {
  switch (kind) {
    case 0: // A seal: double ring.
      return (
        <>
          <circle cx="50" cy="50" r="46" fill="#fff" stroke={color} strokeWidth="5" />
          <circle cx="50" cy="50" r="38" fill="none" stroke={color} strokeWidth="2" />
        </>
      );
    case 1: // A flower (はなまる): petals around a disc.
      return (
        <>
          {Array.from({ length: 10 }, (_, i) => {
            const a = (i * Math.PI) / 5;
            return (
              <circle
                key={i}
                cx={(50 + 34 * Math.cos(a)).toFixed(2)}
                cy={(50 + 34 * Math.sin(a)).toFixed(2)}
                r="14"
                fill={color}
                opacity="0.85"
              />
            );
          })}
          <circle cx="50" cy="50" r="34" fill="#fff" stroke={color} strokeWidth="3" />
        </>
      );
    case 2: // A star badge.
      return <polygon points={points(12, 48, 40)} fill="#fff" stroke={color} strokeWidth="4" strokeLinejoin="round" />;
    default: // A ribbon medal.
      return (
        <>
          <polygon points="30,62 22,98 36,90 44,100 50,66" fill={color} opacity="0.8" />
          <polygon points="70,62 78,98 64,90 56,100 50,66" fill={color} opacity="0.8" />
          <circle cx="50" cy="44" r="40" fill="#fff" stroke={color} strokeWidth="5" />
        </>
      );
  }
}

/** The name in one or two lines of at most five characters. */
const linesOf = (name: string) => {
  const chars = [...name];
  if (chars.length <= 5) return [name];
  const half = Math.ceil(chars.length / 2);
  return [chars.slice(0, half).join(''), chars.slice(half).join('')];
};

export function Stamp({ id, size = 72, title }: { id: number; size?: number; title?: string }) {
  const stamp = motivationStamps.find((s) => s.motivation_id === id);
  if (!stamp) return null;
  const lines = linesOf(stamp.name);
  const longest = Math.max(...lines.map((l) => [...l].length));
  const fontSize = Math.min(22, 60 / longest);
  const centerY = (id - 1) % 4 === 3 ? 44 : 50;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={title ?? stamp.name}
      data-testid="stamp"
      data-stamp={id}
    >
      <Shape kind={(id - 1) % 4} color={stamp.color} />
      {lines.map((line, i) => (
        <text
          key={i}
          x="50"
          y={centerY + (i - (lines.length - 1) / 2) * (fontSize + 2)}
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={fontSize}
          fontWeight="700"
          fill={stamp.color}
          fontFamily="'Hiragino Maru Gothic ProN', 'Hiragino Sans', 'Noto Sans CJK JP', 'Noto Sans JP', sans-serif"
        >
          {line}
        </text>
      ))}
    </svg>
  );
}

/** Several stamps in a row. */
export function StampRow({ ids, size }: { ids: readonly number[]; size?: number }) {
  return (
    <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
      {ids.map((id) => (
        <Stamp key={id} id={id} size={size} />
      ))}
    </span>
  );
}
