// The names of a still sketch's points placed apart: points at one place
// (the prism's pairs 3 and 4 seen from the side, smirnov1981 §2) share one
// name, "3, 4", and a name that would cover another label or a point (the
// yaw's ψ beside pair 1 seen from above) or sit nearer another point than its
// own is moved to the first free corner of its point. A name never crosses a
// ground line, a surface or their hatches (the guides' faces over the
// prism's 1′, 3′, 4′, 5′; the billiard's wall beside P), where it cannot be
// read. The animation keeps its names at the first corner.
// Tests: test/report/sketch-labels.test.ts.
import type { SceneItem, SceneLine, SceneText } from './scene.js';

/**
 * The first corner (+7, −6) is where bodyItems writes a name; the others below it and to the left; then beside it
 * just above its height; last, past a face's 7 px hatches, below or above it, for a point on a face with another
 * point close by inside (the prism's 1 on y = −w, 3 projected 0.04 above it, seen from above).
 */
const CORNERS: readonly { readonly dx: number; readonly dy: number; readonly anchor: 'start' | 'end' }[] = [
  { dx: 7, dy: -6, anchor: 'start' },
  { dx: 7, dy: 14, anchor: 'start' },
  { dx: -7, dy: -6, anchor: 'end' },
  { dx: -7, dy: 14, anchor: 'end' },
  { dx: 9, dy: -3, anchor: 'start' },
  { dx: -9, dy: -3, anchor: 'end' },
  { dx: 7, dy: 24, anchor: 'start' },
  { dx: 7, dy: -13, anchor: 'start' },
];

/** Points closer than this (px) are at one place. */
const SAME = 1.5;

interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A text's box, estimated: 0.6 of its size per character, its height from the baseline up. */
export function box(t: Pick<SceneText, 'x' | 'y' | 'text' | 'anchor' | 'size'>): Box {
  const w = 0.6 * t.size * t.text.length;
  const x0 = t.anchor === 'start' ? t.x : t.anchor === 'end' ? t.x - w : t.x - w / 2;
  return { x0, y0: t.y - 0.8 * t.size, x1: x0 + w, y1: t.y + 0.2 * t.size };
}

export const overlap = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Whether the segment crosses the box: the segment clipped to the box's slabs (Liang–Barsky) is not empty. */
export function segmentMeetsBox(b: Box, l: Pick<SceneLine, 'x1' | 'y1' | 'x2' | 'y2'>): boolean {
  let [lo, hi] = [0, 1];
  for (const [p, d, min, max] of [
    [l.x1, l.x2 - l.x1, b.x0, b.x1],
    [l.y1, l.y2 - l.y1, b.y0, b.y1],
  ] as const) {
    if (d === 0) {
      if (p <= min || p >= max) return false;
      continue;
    }
    const [s0, s1] = [(min - p) / d, (max - p) / d];
    lo = Math.max(lo, Math.min(s0, s1));
    hi = Math.min(hi, Math.max(s0, s1));
  }
  return lo < hi;
}

/** The items with the points' names (cls 'name') merged where their points coincide and moved off other labels and points. */
export function placedNames(items: readonly SceneItem[]): SceneItem[] {
  const names = items.filter((i): i is SceneText => i.kind === 'text' && i.cls === 'name');
  if (names.length === 0) return [...items];
  const others = items.filter((i) => !(i.kind === 'text' && i.cls === 'name'));
  // Each name's point, from the first corner it was written at.
  const groups: { point: [number, number]; members: SceneText[] }[] = [];
  for (const n of names) {
    const point: [number, number] = [n.x - CORNERS[0]!.dx, n.y - CORNERS[0]!.dy];
    const g = groups.find((x) => Math.hypot(x.point[0] - point[0], x.point[1] - point[1]) < SAME);
    if (g) g.members.push(n);
    else groups.push({ point, members: [n] });
  }
  const taken: Box[] = others.flatMap((i) => (i.kind === 'text' ? [box(i)] : []));
  // The ground lines, their hatches, and each step of a curved surface (the billiard's wall), a NaN pair breaking it.
  type Segment = Pick<SceneLine, 'x1' | 'y1' | 'x2' | 'y2'>;
  const ground: Segment[] = others.flatMap((i): Segment[] => {
    if (i.kind === 'line') return i.cls === 'ground' || i.cls === 'hatch' ? [i] : [];
    if (i.kind !== 'polyline' || i.cls !== 'surface') return [];
    const p = i.points;
    return Array.from({ length: Math.max(0, p.length / 2 - 1) }, (_, k) => ({ x1: p[2 * k]!, y1: p[2 * k + 1]!, x2: p[2 * k + 2]!, y2: p[2 * k + 3]! })).filter(
      (l) => [l.x1, l.y1, l.x2, l.y2].every(Number.isFinite),
    );
  });
  const dots: [number, number][] = [
    ...others.flatMap((i): [number, number][] => (i.kind === 'circle' && i.r < 6 ? [[i.cx, i.cy]] : [])),
    ...groups.map((g) => g.point),
  ];
  const placed = new Map<SceneText, SceneText>();
  for (const { point, members } of groups) {
    const first = members[0]!;
    const text = members.map((m) => m.text).join(', ');
    const tex = members.map((m) => m.tex ?? m.text).join(', ');
    const at = (c: (typeof CORNERS)[number]): SceneText => ({ ...first, x: point[0] + c.dx, y: point[1] + c.dy, anchor: c.anchor, text, tex });
    const free = (t: SceneText): boolean => {
      const b = box(t);
      const near = ([x, y]: [number, number]): boolean => x > b.x0 - 3 && x < b.x1 + 3 && y > b.y0 - 3 && y < b.y1 + 3;
      return !taken.some((o) => overlap(o, b)) && !dots.some((d) => d !== point && near(d)) && !ground.some((l) => segmentMeetsBox(b, l));
    };
    // A name nearer another point than its own reads as that point's (the prism's 4 beside 1′ seen from above).
    const own = (t: SceneText): boolean => {
      const b = box(t);
      const [cx, cy] = [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
      const from = Math.hypot(cx - point[0], cy - point[1]);
      return !dots.some((d) => d !== point && Math.hypot(cx - d[0], cy - d[1]) < from);
    };
    const corners = CORNERS.map(at);
    const chosen = corners.find((t) => free(t) && own(t)) ?? corners.find(free) ?? corners[0]!;
    taken.push(box(chosen));
    placed.set(first, chosen);
  }
  // In place of each group's first name, the others dropped: the figure's order is kept.
  return items.flatMap((i) => (i.kind === 'text' && i.cls === 'name' ? (placed.has(i) ? [placed.get(i)!] : []) : [i]));
}
