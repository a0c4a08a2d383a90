// The largest value of a function of several variables near a starting
// point, by Nelder and Mead's simplex (reflection, expansion, contraction,
// shrink; Lagarias et al., SIAM J. Optim. 9 (1998)). It needs no
// derivatives, so a function that is −∞ off its admissible set (an impact
// outcome whose conditions fail) is maximized up to that set's boundary.
// Tests: test/numeric/nelder-mead.test.ts.

/** The best point found and its value. */
export interface Maximum {
  readonly at: readonly number[];
  readonly value: number;
}

/**
 * Maximize f from x0, the first simplex stepping each variable by `step`
 * of its size (or by `step` where it is zero); restarted from the best
 * point, since a simplex can collapse against a boundary short of the
 * maximum. A restart that no longer improves it divides the step by 10, so
 * that a maximum on the boundary, where a large simplex has most of its
 * points outside, is approached with smaller ones; it stops when a step
 * below `step`·1e-4 gains nothing.
 */
export function nelderMead(f: (x: readonly number[]) => number, x0: readonly number[], step = 0.1, iterations = 1000, restarts = 60): Maximum {
  let best: Maximum = { at: x0, value: f(x0) };
  let size = step;
  for (let r = 0; r < restarts && size >= step * 1e-4; r++) {
    const next = simplexRun(f, best.at, size, iterations);
    const better = next.value > best.value + 1e-12 * Math.abs(best.value);
    if (next.value > best.value) best = next;
    if (!better) size /= 10;
  }
  return best;
}

function simplexRun(f: (x: readonly number[]) => number, x0: readonly number[], step: number, iterations: number): Maximum {
  const n = x0.length;
  const points = [x0, ...x0.map((v, i) => x0.map((w, j) => (j === i ? w + (v === 0 ? step : step * v) : w)))];
  let simplex = points.map((at) => ({ at, value: f(at) }));
  const along = (c: readonly number[], p: readonly number[], t: number): number[] => c.map((ci, i) => ci + t * (p[i]! - ci));
  for (let k = 0; k < iterations; k++) {
    simplex.sort((a, b) => b.value - a.value);
    const worst = simplex[n]!;
    const centroid = x0.map((_, i) => simplex.slice(0, n).reduce((s, p) => s + p.at[i]!, 0) / n);
    const probe = (t: number): Maximum => {
      const at = along(centroid, worst.at, t);
      return { at, value: f(at) };
    };
    const reflected = probe(-1);
    if (reflected.value > simplex[0]!.value) {
      const expanded = probe(-2);
      simplex[n] = expanded.value > reflected.value ? expanded : reflected;
    } else if (reflected.value > simplex[n - 1]!.value) simplex[n] = reflected;
    else {
      const contracted = reflected.value > worst.value ? probe(-0.5) : probe(0.5);
      if (contracted.value > Math.max(worst.value, reflected.value)) simplex[n] = contracted;
      else simplex = simplex.map((p, i) => (i === 0 ? p : { at: along(simplex[0]!.at, p.at, 0.5), value: f(along(simplex[0]!.at, p.at, 0.5)) }));
    }
  }
  simplex.sort((a, b) => b.value - a.value);
  return simplex[0]!;
}
