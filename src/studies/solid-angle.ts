// The solid angle of a polyhedral cone in R³, {v : nᵢ·v ≥ 0}: the area of
// the spherical polygon it cuts from the unit sphere (Girard), summed over
// the triangles from its centre to each edge (Van Oosterom–Strackee,
// tan(Ω/2) = |a·(b×c)|/(1 + a·b + b·c + c·a)). A cone whose normals share
// a line (a wedge about it) has no vertices: its solid angle is twice its
// opening angle in the plane across that line.
// Tests: test/studies/solid-angle.test.ts.

type V = readonly [number, number, number];

const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V, b: V): V => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V): V => {
  const r = Math.hypot(...a);
  return [a[0] / r, a[1] / r, a[2] / r];
};
const TOL = 1e-12;

/** The solid angle of {v : n·v ≥ 0 for every n}, in steradians (4π the whole space). */
export function coneSolidAngle(normals: readonly V[]): number {
  const ns = normals.map(unit);
  const inside = (v: V): boolean => ns.every((n) => dot(n, v) >= -1e-10);
  const rays: V[] = [];
  for (let i = 0; i < ns.length; i++)
    for (let j = i + 1; j < ns.length; j++) {
      const c = cross(ns[i]!, ns[j]!);
      if (Math.hypot(...c) < TOL) continue;
      for (const r of [unit(c), unit([-c[0], -c[1], -c[2]])]) if (inside(r) && !rays.some((q) => dot(q, r) > 1 - 1e-12)) rays.push(r);
    }
  if (rays.length >= 3) {
    const centre = unit(rays.reduce<V>((s, r) => [s[0] + r[0], s[1] + r[1], s[2] + r[2]], [0, 0, 0]));
    // The vertices in order about the centre.
    const e1 = unit(cross(centre, Math.abs(centre[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]));
    const e2 = cross(centre, e1);
    const ordered = [...rays].sort((a, b) => Math.atan2(dot(a, e2), dot(a, e1)) - Math.atan2(dot(b, e2), dot(b, e1)));
    return ordered.reduce((area, a, k) => {
      const b = ordered[(k + 1) % ordered.length]!;
      return area + 2 * Math.atan2(Math.abs(dot(centre, cross(a, b))), 1 + dot(centre, a) + dot(a, b) + dot(b, centre));
    }, 0);
  }
  // No vertices: the normals share a line (a wedge about it), or the cone is empty.
  const line = ns.flatMap((n) => ns.map((m) => cross(n, m))).find((c) => Math.hypot(...c) > TOL);
  if (!line) return ns.length ? 2 * Math.PI : 4 * Math.PI;
  const axis = unit(line);
  if (ns.some((n) => Math.abs(dot(n, axis)) > 1e-9)) return 0;
  // Across the line, a 2-D cone: its opening is π less the largest angle between the normals' directions.
  const e1 = ns[0]!;
  const e2 = cross(axis, e1);
  const angles = ns.map((n) => Math.atan2(dot(n, e2), dot(n, e1)));
  const [lo, hi] = [Math.min(...angles), Math.max(...angles)];
  return hi - lo >= Math.PI ? 0 : 2 * (Math.PI - (hi - lo));
}
