// A run in which nothing happens but one constant acceleration per
// coordinate (smirnov1981 §2's prism sliding under constant loads and
// friction): no event, every velocity affine in time. Its plots would be
// parabolas and straight lines, so the report states the accelerations.
// Tests: test/studies/uniform-motion.test.ts.

/** Each coordinate's acceleration and its change over the run, the run being uniformly accelerated. */
export interface UniformMotion {
  readonly accelerations: readonly number[];
  /** q and q̇ at the run's end, and the run's end time. */
  readonly q1: readonly number[];
  readonly qd1: readonly number[];
  readonly t1: number;
}

/** Relative distance (of the velocities' scale) within which a velocity sample lies on its straight line. */
const ON_LINE = 1e-7;

/**
 * The run's accelerations where it has no events, every velocity is affine in time and one at least changes; undefined
 * otherwise (a steady motion at constant velocities, the bicycle's, is plotted as such).
 */
export function uniformMotion(
  t: readonly number[],
  q: readonly (readonly number[])[],
  qd: readonly (readonly number[])[],
  events: readonly unknown[],
): UniformMotion | undefined {
  if (events.length > 0 || t.length < 3) return undefined;
  const [t0, t1] = [t[0]!, t.at(-1)!];
  const first = qd[0]!;
  const last = qd.at(-1)!;
  const accelerations = first.map((v, i) => (last[i]! - v) / (t1 - t0));
  const scale = Math.max(1, ...qd.flatMap((row) => row.map(Math.abs)));
  const straight = qd.every((row, k) => row.every((v, i) => Math.abs(v - first[i]! - accelerations[i]! * (t[k]! - t0)) <= ON_LINE * scale));
  const accelerating = accelerations.some((a) => Math.abs(a) * (t1 - t0) > ON_LINE * scale);
  return straight && accelerating ? { accelerations, q1: q.at(-1)!, qd1: last, t1 } : undefined;
}
