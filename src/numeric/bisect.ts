// The sign change of a function on an interval, by bisection to round-off:
// where a sampled condition first fails (derive/motion/piecewise.ts), where
// a support's reaction reaches 0 (studies/support-history.ts), where the rest
// rule stops holding a turning load (studies/support-starts.ts).
// Tests: test/numeric/bisect.test.ts.

/** The sign change of f in [a, b], f(a) ≥ 0 > f(b): the midpoint once the bracket is round-off wide. */
export function bisect(f: (x: number) => number, a: number, b: number): number {
  let [lo, hi] = [a, b];
  for (let i = 0; i < 80 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) >= 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
