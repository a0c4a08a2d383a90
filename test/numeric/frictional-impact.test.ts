// The frictional impact law's enumeration (src/numeric/frictional-impact.ts,
// printed from src/codegen/solvers/frictional-impact.ts) against closed forms:
// a particle striking a rough floor, in the plane and in space (W = I/m:
// sliding where |U_T⁻| > μ(1 + e)|U_N⁻|, Λ_T = −μΛ_N U_T⁻/|U_T⁻|, else
// sticking with Λ_T = −m U_T⁻), and on coupled rows (random W) the law itself:
// ξ_N = 0 ≤ Λ_N, |Λ_T| ≤ μΛ_N, a slide's Λ_T opposite to its ξ_T on the cone's
// edge; the pivoted solve on dependent rows.
import { describe, expect, it } from 'vitest';
import { frictionalImpactModes, frictionalModeCount, pivotedSolve, type FrictionalImpactProblem } from '../../src/numeric/frictional-impact.js';
import { frictionalImpactWorkspace } from '../../src/runtime/contact/enumerated-impact.js';
import { rng, uniform } from '../helpers/random.js';

/** One contact with `slips` slip rows (Coulomb, μ), rows W, velocities U, Newton's bias with e. */
function problem(W: number[], U: number[], e: number, mu: number, contacts = 1): FrictionalImpactProblem {
  const r = U.length;
  const per = r / contacts;
  const b = Float64Array.from(U, (v, a) => (a % per === 0 ? (1 + e) * v : v));
  return {
    r,
    k: contacts,
    W: Float64Array.from(W),
    U: Float64Array.from(U),
    b,
    size: Math.max(...b.map(Math.abs)),
    restVelocity: 1e-9,
    start: Int32Array.from({ length: contacts }, (_, a) => a * per),
    slips: new Int32Array(contacts).fill(per - 1),
    kind: new Int32Array(contacts).fill(1),
    muK: new Float64Array(contacts).fill(mu),
    muS: new Float64Array(contacts).fill(mu),
    separating: new Uint8Array(contacts),
  };
}

function solve(p: FrictionalImpactProblem): { lam: Float64Array; phase: Int32Array } {
  const w = frictionalImpactWorkspace(p.r, p.k);
  expect(frictionalImpactModes(p, w, frictionalModeCount(p, 4096))).toBe(true);
  return { lam: w.best, phase: w.bestPhase };
}

const diagonal = (r: number, m: number): number[] => Array.from({ length: r * r }, (_, i) => (i % (r + 1) === 0 ? 1 / m : 0));

describe('a particle striking a rough floor', () => {
  const [m, e, mu] = [2, 0.4, 0.3];
  it('in the plane: slides either way where |U_T| > μ(1 + e)|U_N|, else sticks', () => {
    for (const [ut, sticks] of [
      [1, false],
      [-1, false],
      [0.2, true],
    ] as const) {
      const { lam, phase } = solve(problem(diagonal(2, m), [-1.5, ut], e, mu));
      const normal = m * (1 + e) * 1.5;
      expect(Math.abs(lam[0]! - normal)).toBeLessThan(1e-14 * normal);
      const tangent = sticks ? -m * ut : -mu * normal * Math.sign(ut);
      expect(Math.abs(lam[1]! - tangent)).toBeLessThan(1e-14 * normal);
      // 2 stuck; 3 sliding up (Λ_T = −μΛ_N, the slip after ≥ 0), 4 down.
      expect(phase[0]).toBe(sticks ? 2 : ut > 0 ? 3 : 4);
    }
  });

  it('in space: slides opposite to its slip on the cone (the exact cone, not a pyramid), or sticks', () => {
    const r = rng(7);
    for (let trial = 0; trial < 20; trial++) {
      const angle = uniform(r, -Math.PI, Math.PI);
      const speed = uniform(r, 0, 2);
      const ut = [speed * Math.cos(angle), speed * Math.sin(angle)];
      const { lam, phase } = solve(problem(diagonal(3, m), [-1.5, ut[0]!, ut[1]!], e, mu));
      const normal = m * (1 + e) * 1.5;
      expect(Math.abs(lam[0]! - normal)).toBeLessThan(1e-14 * normal);
      const slides = speed > mu * (1 + e) * 1.5;
      expect(phase[0]).toBe(slides ? 5 : 2);
      const tangent = slides ? ut.map((v) => (-mu * normal * v) / speed) : ut.map((v) => -m * v);
      tangent.forEach((v, s) => expect(Math.abs(lam[1 + s]! - v)).toBeLessThan(1e-12 * normal));
    }
  });
});

describe('coupled rows', () => {
  it('two spatial contacts on a random W: the law holds at the answer', () => {
    const r = rng(11);
    let slides = 0;
    for (let trial = 0; trial < 30; trial++) {
      // W = B Bᵀ/4 + I/10: symmetric positive definite, its rows coupled.
      const B = Array.from({ length: 36 }, () => uniform(r, -1, 1));
      const W = Array.from({ length: 36 }, (_, i) => {
        const [a, c] = [Math.floor(i / 6), i % 6];
        let s = a === c ? 0.1 : 0;
        for (let k = 0; k < 6; k++) s += (B[a * 6 + k]! * B[c * 6 + k]!) / 4;
        return s;
      });
      const U = Array.from({ length: 6 }, (_, a) => (a % 3 === 0 ? uniform(r, -2, -0.1) : uniform(r, -2, 2)));
      const mu = uniform(r, 0.1, 1);
      const p = problem(W, U, 0.5, mu, 2);
      const { lam, phase } = solve(p);
      const xi = Array.from({ length: 6 }, (_, a) => p.b[a]! + W.slice(a * 6, a * 6 + 6).reduce((s, w, c) => s + w * lam[c]!, 0));
      for (const row of [0, 3]) {
        const [n, t1, t2] = [lam[row]!, lam[row + 1]!, lam[row + 2]!];
        const scale = 1 + Math.abs(n);
        expect(n).toBeGreaterThanOrEqual(-1e-12 * scale);
        expect(xi[row]!).toBeGreaterThanOrEqual(-1e-9 * scale);
        expect(Math.abs(n * xi[row]!)).toBeLessThan(1e-9 * scale * scale);
        expect(Math.hypot(t1, t2)).toBeLessThanOrEqual(mu * n + 1e-12 * scale);
        const slip = Math.hypot(xi[row + 1]!, xi[row + 2]!);
        if (phase[row / 3] === 5) {
          slides++;
          expect(Math.abs(Math.hypot(t1, t2) - mu * n)).toBeLessThan(1e-12 * scale);
          // Λ_T = −μΛ_N ξ_T/|ξ_T|: its cross product with ξ_T vanishes and their dot product is −|Λ_T||ξ_T|.
          expect(Math.abs(t1 * xi[row + 2]! - t2 * xi[row + 1]!)).toBeLessThan(1e-9 * scale * (1 + slip));
          expect(t1 * xi[row + 1]! + t2 * xi[row + 2]!).toBeLessThan(0);
        } else if (phase[row / 3] === 2) expect(slip).toBeLessThan(1e-9 * scale);
      }
    }
    expect(slides).toBeGreaterThan(5);
  });
});

describe('pivotedSolve', () => {
  it('solves dependent rows where they are consistent, and says when they are not', () => {
    // Rows 1 and 2 of A are one row twice.
    const A = [2, 1, 0, 1, 1, 1, 1, 1, 1];
    const x = [1, -2, 3];
    const rhs = [0, 1, 2].map((i) => A.slice(3 * i, 3 * i + 3).reduce((s, v, j) => s + v * x[j]!, 0));
    const z = new Float64Array(3);
    expect(pivotedSolve(3, Float64Array.from(A), Float64Array.from(rhs), z, 10, new Int32Array(3))).toBe(true);
    [0, 1, 2].forEach((i) => expect(Math.abs(A.slice(3 * i, 3 * i + 3).reduce((s, v, j) => s + v * z[j]!, 0) - rhs[i]!)).toBeLessThan(1e-14));
    expect(pivotedSolve(3, Float64Array.from(A), Float64Array.from([1, 1, 2]), z, 10, new Int32Array(3))).toBe(false);
  });
});
