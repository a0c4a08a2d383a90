import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choleskyFactor } from '../../src/numeric/cholesky.js';
import { impactModes, type ImpactModeStatus, type ImpactOutcome, type ImpactProblem } from '../../src/numeric/impact-modes.js';
import type { SchurSystem } from '../../src/numeric/schur.js';
import { rows, solve } from '../helpers/numeric.js';
import { moderateVector, spd } from './matrices.js';

interface Scene {
  readonly M: readonly number[] | Float64Array;
  /** Normal rows, one per contact. */
  readonly N: readonly (readonly number[])[];
  readonly qd: readonly number[] | Float64Array;
  readonly e: readonly number[];
  readonly closed?: readonly boolean[];
  readonly nr?: readonly number[];
  /** Tangent rows of sticking contacts and their contacts. */
  readonly T?: readonly { readonly row: readonly number[]; readonly contact: number }[];
  /** Retaining rows A q̇ + a = 0. */
  readonly A?: readonly { readonly row: readonly number[]; readonly a: number }[];
  readonly multipleImpacts?: 'error' | 'lcp';
  readonly restVelocity?: number;
}

function impact(sc: Scene): { status: ImpactModeStatus; out: ImpactOutcome } {
  const n = sc.qd.length;
  const m = sc.N.length;
  const T = sc.T ?? [];
  const A = sc.A ?? [];
  const K = m + T.length + A.length;
  const p: ImpactProblem = {
    n,
    m,
    mt: T.length,
    mr: A.length,
    qdMinus: Float64Array.from(sc.qd),
    N: Float64Array.from(sc.N.flat()),
    nr: Float64Array.from(sc.nr ?? sc.N.map(() => 0)),
    e: Float64Array.from(sc.e),
    closed: Uint8Array.from((sc.closed ?? sc.N.map(() => true)).map(Number)),
    T: Float64Array.from(T.flatMap((t) => t.row)),
    tr: new Float64Array(T.length),
    tangentContact: Int32Array.from(T.map((t) => t.contact)),
    A: Float64Array.from(A.flatMap((r) => r.row)),
    ar: Float64Array.from(A.map((r) => r.a)),
    multipleImpacts: sc.multipleImpacts ?? 'lcp',
  };
  const s: SchurSystem = {
    n,
    M: Float64Array.from(sc.M),
    L: Float64Array.from(sc.M),
    R: new Float64Array(K * n),
    b: new Float64Array(n),
    c: new Float64Array(K),
    y: new Float64Array(n),
    sigma: new Float64Array(K),
    X: new Float64Array(K * n),
    W: new Float64Array(K * K),
    dep: new Uint8Array(K),
    at: -1,
  };
  const out: ImpactOutcome = {
    qdPlus: new Float64Array(n),
    impulses: new Float64Array(m),
    U: new Float64Array(m),
    arriving: new Uint8Array(m),
    closedAfter: new Uint8Array(m),
  };
  const massFactored = choleskyFactor(n, s.L) < 0;
  const status = impactModes(p, s, out, { row: new Int32Array(K), bit: new Int32Array(m) }, massFactored, sc.restVelocity ?? 0);
  return { status, out };
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => Array.from(a).reduce((s, v, i) => s + v * b[i]!, 0);

describe('impact modes by enumeration', () => {
  it('a ball on a floor bounces with U⁺ = −e U⁻ and keeps its sliding velocity', () => {
    const m = 2;
    const { status, out } = impact({ M: [m, 0, 0, m], N: [[0, 1]], qd: [1.5, -3], e: [0.8] });
    expect(status).toBe('ok');
    expect(out.qdPlus[0]).toBeCloseTo(1.5, 15);
    expect(out.qdPlus[1]).toBeCloseTo(2.4, 14);
    expect(out.impulses[0]).toBeCloseTo(m * 1.8 * 3, 13);
    expect(out.U[0]).toBe(-3);
    expect(Array.from(out.arriving)).toEqual([1]);
    expect(Array.from(out.closedAfter)).toEqual([0]);
  });

  it('a plastic impact leaves the ball closed on the floor', () => {
    const { status, out } = impact({ M: [1, 0, 0, 1], N: [[0, 1]], qd: [2, -3], e: [0] });
    expect(status).toBe('ok');
    expect(Math.abs(out.qdPlus[1]!)).toBeLessThanOrEqual(1e-15);
    expect(Array.from(out.closedAfter)).toEqual([1]);
  });

  it('resolves a slow arrival next to a fast sliding velocity (5e-6 m/s while sliding at 5.1 m/s)', () => {
    const { status, out } = impact({ M: [1, 0, 0, 1], N: [[0, 1]], qd: [5.1, -5e-6], e: [0.5] });
    expect(status).toBe('ok');
    expect(out.impulses[0]).toBeCloseTo(7.5e-6, 18);
    expect(out.qdPlus[1]).toBeCloseTo(2.5e-6, 18);
    expect(out.qdPlus[0]).toBe(5.1);
  });

  it('resolves a slow arrival on a tilted floor, where the normal row mixes both velocities', () => {
    const c = Math.cos(0.3);
    const s = Math.sin(0.3);
    // Sliding along the floor at 5.1 m/s, approaching it at 5e-6 m/s.
    const qd = [5.1 * c + 5e-6 * s, 5.1 * s - 5e-6 * c];
    const { status, out } = impact({ M: [1, 0, 0, 1], N: [[-s, c]], qd, e: [0] });
    expect(status).toBe('ok');
    expect(out.U[0]).toBeCloseTo(-5e-6, 15);
    expect(Math.abs(dot([-s, c], out.qdPlus))).toBeLessThanOrEqual(1e-14);
    expect(out.impulses[0]).toBeGreaterThan(0);
  });

  it('two simultaneous contacts (floor and wall) with the LCP rule: each normal velocity reversed by its own law', () => {
    const { status, out } = impact({
      M: [1, 0, 0, 1],
      N: [
        [0, 1],
        [1, 0],
      ],
      qd: [-1, -2],
      e: [0.5, 0.9],
    });
    expect(status).toBe('ok');
    expect(out.qdPlus[0]).toBeCloseTo(0.9, 15);
    expect(out.qdPlus[1]).toBeCloseTo(1, 15);
    expect(Array.from(out.arriving)).toEqual([1, 1]);
  });

  it('two simultaneous contacts under the error rule: a corner without a rule, q̇ unchanged', () => {
    const { status, out } = impact({
      M: [1, 0, 0, 1],
      N: [
        [0, 1],
        [1, 0],
      ],
      qd: [-1, -2],
      e: [0.5, 0.9],
      multipleImpacts: 'error',
    });
    expect(status).toBe('corner-without-rule');
    expect(Array.from(out.qdPlus)).toEqual([-1, -2]);
  });

  it('a slow second contact still counts as arriving under the error rule, unless it is within restVelocity', () => {
    const scene: Scene = {
      M: [1, 0, 0, 1],
      N: [
        [0, 1],
        [1, 0],
      ],
      qd: [-5e-6, -2],
      e: [0.5, 0.5],
      multipleImpacts: 'error',
    };
    expect(impact(scene).status).toBe('corner-without-rule');
    const { status, out } = impact({ ...scene, restVelocity: 1e-5 });
    expect(status).toBe('ok');
    expect(Array.from(out.arriving)).toEqual([1, 0]);
    // Resting, not impacting, but still resolved: it does not keep approaching.
    expect(out.qdPlus[0]).toBeCloseTo(2.5e-6, 18);
    expect(out.qdPlus[1]).toBeCloseTo(1, 15);
  });

  it('a resting contact with nothing moving along its normal stays closed without impulse (sliding into a wall)', () => {
    const { status, out } = impact({
      M: [1.5, 0, 0, 1.5],
      N: [
        [1, 0],
        [0, 1],
      ],
      qd: [-1.2, 0],
      e: [0.6, 0.6],
      multipleImpacts: 'error',
    });
    expect(status).toBe('ok');
    expect(out.qdPlus[0]).toBeCloseTo(0.72, 15);
    expect(out.qdPlus[1]).toBe(0);
    expect(out.impulses[1]).toBe(0);
    expect(Array.from(out.closedAfter)).toEqual([0, 1]);
  });

  it('a closed contact that separates takes no impulse (the particle leaves the wall)', () => {
    const { status, out } = impact({
      M: [1, 0, 0, 1],
      N: [
        [0, 1],
        [1, 0],
      ],
      qd: [1, -2],
      e: [0.5, 0.5],
      multipleImpacts: 'error',
    });
    expect(status).toBe('ok');
    expect(out.impulses[1]).toBe(0);
    expect(out.qdPlus[0]).toBe(1);
    expect(out.qdPlus[1]).toBeCloseTo(1, 15);
    expect(Array.from(out.closedAfter)).toEqual([0, 0]);
  });

  // A uniform bar (x, y, θ), mass 1, length 1, J = 1/12, lying flat, with
  // contacts at θ-lever ±a: rows (0, 1, ∓a). Plastic impact at A with B at rest.
  const bar = (a: number): Scene => ({
    M: [1, 0, 0, 0, 1, 0, 0, 0, 1 / 12],
    N: [
      [0, 1, -a],
      [0, 1, a],
    ],
    qd: [0, -1, 2],
    e: [0, 0],
  });

  it('a resting contact that must leave: supports at ±l/4 lift B off (U_B⁺ = 2/7, no impulse at B)', () => {
    // U_A = −1 − 0.25·2 = −1.5, U_B = −1 + 0.5 = −0.5: scale ω so that U_B = 0.
    const { status, out } = impact({ ...bar(0.25), qd: [0, -1, 4] });
    expect(status).toBe('ok');
    // W = [[1 + a²/J, 1 − a²/J], …] = [[1.75, 0.25], …]; Λ_A = 2/1.75; U_B⁺ = 0.25 Λ_A.
    expect(out.impulses[0]).toBeCloseTo(2 / 1.75, 14);
    expect(out.impulses[1]).toBe(0);
    expect(dot([0, 1, 0.25], out.qdPlus)).toBeCloseTo(0.5 / 1.75, 14);
    expect(Array.from(out.closedAfter)).toEqual([1, 0]);
  });

  it('a resting contact that must engage: supports at the ends push B down, so both take impulses', () => {
    // Ends ±1/2: U_A = −1 − 1 = −2, U_B = 0; W = [[4, −2], [−2, 4]]; Λ = W⁻¹(2, 0) = (2/3, 1/3).
    const { status, out } = impact({ ...bar(0.5), qd: [0, -1, 2] });
    expect(status).toBe('ok');
    expect(out.impulses[0]).toBeCloseTo(2 / 3, 14);
    expect(out.impulses[1]).toBeCloseTo(1 / 3, 14);
    expect(Math.abs(out.qdPlus[1]!)).toBeLessThanOrEqual(1e-15);
    expect(Math.abs(out.qdPlus[2]!)).toBeLessThanOrEqual(1e-14);
  });

  it('two feet with one normal (statically indeterminate): one outcome, not several', () => {
    const { status, out } = impact({
      M: [2, 0, 0, 2],
      N: [
        [0, 1],
        [0, 1],
      ],
      qd: [0.3, -1],
      e: [0.5, 0.5],
      multipleImpacts: 'lcp',
    });
    expect(status).toBe('ok');
    expect(out.qdPlus[1]).toBeCloseTo(0.5, 15);
    expect(out.impulses[0]! + out.impulses[1]!).toBeCloseTo(3, 14);
  });

  it('sticking contact: the tangent row stops the sliding too', () => {
    const { status, out } = impact({ M: [1, 0, 0, 1], N: [[0, 1]], qd: [3, -2], e: [0], T: [{ row: [1, 0], contact: 0 }] });
    expect(status).toBe('ok');
    expect(Math.abs(out.qdPlus[0]!)).toBeLessThanOrEqual(1e-15);
    expect(Math.abs(out.qdPlus[1]!)).toBeLessThanOrEqual(1e-15);
    expect(out.impulses[0]).toBeCloseTo(2, 15);
  });

  it('a slow arrival with a sticking law sticks: ignoring it passes only by the tolerance and is no alternative', () => {
    // Tilted floor, sliding along it at 3 m/s and approaching it at 1e-10 m/s.
    const c = Math.cos(0.4);
    const s = Math.sin(0.4);
    const qd = [3 * c + 1e-10 * s, 3 * s - 1e-10 * c];
    const { status, out } = impact({ M: [1, 0, 0, 1], N: [[-s, c]], qd, e: [0], T: [{ row: [c, s], contact: 0 }] });
    expect(status).toBe('ok');
    expect(Math.hypot(out.qdPlus[0]!, out.qdPlus[1]!)).toBeLessThanOrEqual(1e-15);
    expect(out.impulses[0]).toBeGreaterThan(0);
  });

  it('a pendulum bob (retaining rod) hitting a wall reverses along the circle for e = 1', () => {
    // Bob at (0.6, −0.8) on a unit rod, wall x ≤ 0.6: rod row (0.6, −0.8), contact row (−1, 0).
    const qd = [0.8, 0.6];
    const { status, out } = impact({ M: [1, 0, 0, 1], N: [[-1, 0]], qd, e: [1], A: [{ row: [0.6, -0.8], a: 0 }] });
    expect(status).toBe('ok');
    expect(out.qdPlus[0]).toBeCloseTo(-0.8, 14);
    expect(out.qdPlus[1]).toBeCloseTo(-0.6, 14);
  });

  it('no admissible mode when a retaining row drives the contact into the floor', () => {
    // The retaining row prescribes ẏ = −2 (a moving constraint); the floor would need ẏ⁺ ≥ 0.
    const { status, out } = impact({ M: [1, 0, 0, 1], N: [[0, 1]], qd: [0, -2], e: [0.5], A: [{ row: [0, 1], a: 2 }] });
    expect(status).toBe('no-admissible-mode');
    expect(Array.from(out.qdPlus)).toEqual([0, -2]);
    expect(out.impulses[0]).toBe(0);
  });

  it('more than 10 closed contacts are left to the LCP solver', () => {
    const N = Array.from({ length: 11 }, (_, j) => [Math.cos(j), 1]);
    expect(impact({ M: [1, 0, 0, 1], N, qd: [0, -1], e: N.map(() => 0) }).status).toBe('too-many-contacts');
  });

  it('ignores open contacts and does nothing when no closed contact approaches', () => {
    const { status, out } = impact({
      M: [1, 0, 0, 1],
      N: [
        [0, 1],
        [1, 0],
      ],
      qd: [-1, 2],
      e: [0.5, 0.5],
      closed: [true, false],
    });
    expect(status).toBe('ok');
    expect(Array.from(out.qdPlus)).toEqual([-1, 2]);
    expect(Array.from(out.impulses)).toEqual([0, 0]);
  });

  it('keeps Appell’s balance M[q̇] = Nᵀλ with three dependent rows and a mass ratio of 2·10⁵ (a case fast-check found)', () => {
    const M = [0.001, 0, 0, 200.001];
    const N = [
      [0.94, -0.01],
      [0.78, 0.03],
      [-0.01, 2.99],
    ];
    const qd = [0, -0.01];
    const { status, out } = impact({ M, N, qd, e: [0, 0, 0] });
    expect(status).toBe('ok');
    for (let i = 0; i < 2; i++) {
      const lhs = M[i * 2]! * (out.qdPlus[0]! - qd[0]!) + M[i * 2 + 1]! * (out.qdPlus[1]! - qd[1]!);
      const rhs = N.reduce((sum, row, j) => sum + row[i]! * out.impulses[j]!, 0);
      expect(Math.abs(lhs - rhs)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(lhs) + Math.abs(rhs)));
    }
  });

  it('holds a contact at U⁺ = 0 to the rounding of the impulses that cancel there (a case fast-check found)', () => {
    const M = [100.00364917146902, 0, 0, 0.0036491714694720885];
    const N = [
      [0, 0.08],
      [-0.02, -0.08],
    ];
    const { status, out } = impact({ M, N, qd: [3.82, 0], e: [0, 0] });
    expect(status).toBe('ok');
    // Both contacts engaged: Λ = 19100.697 each (Λ₁ = Λ₂ from the x row, 0.02Λ₂ = 100·3.82), q̇⁺ = 0.
    const hand = (100.00364917146902 * 3.82) / 0.02;
    for (const l of out.impulses) expect(Math.abs(l - hand) / hand).toBeLessThan(1e-9);
    for (const v of out.qdPlus) expect(Math.abs(v)).toBeLessThan(1e-9);
  });

  it("satisfies Newton's law in complementarity form on random systems (impulses ≥ 0, no penetration, complementarity, Appell; no energy gain without separating contacts)", () => {
    fc.assert(
      fc.property(
        spd(4)
          .filter(({ n }) => n >= 2)
          .chain(({ n, a }) =>
            fc.tuple(
              fc.constant(n),
              fc.constant(a),
              fc.integer({ min: 1, max: 3 }).chain((m) =>
                fc.tuple(
                  moderateVector(m * n),
                  fc.double({ min: 0, max: 1, noNaN: true }).map((r) => new Array<number>(m).fill(r)),
                ),
              ),
              moderateVector(n),
            ),
          ),
        ([n, M, [Nflat, e], qd]) => {
          const m = e.length;
          const N = Array.from({ length: m }, (_, j) => Array.from(Nflat.subarray(j * n, (j + 1) * n)));
          const { status, out } = impact({ M, N, qd, e });
          // Random normals may be dependent with different laws (several or no modes): only 'ok' is checked.
          fc.pre(status === 'ok');
          // Each contact's velocity terms, floored by the largest: a contact whose own terms nearly vanish
          // still carries the rounding of the others' impulses (a found case: its scale 2.8e-16, w = 2.8e-16).
          // The impulses' own terms too, Σ_k |W_jk Λ_k|: two impulses of 1.9e4 on a mass of 0.0036 that cancel to
          // q̇⁺ ≈ 0 leave 9e-12 of rounding in a contact's velocity (a found case, M = diag(100, 0.0036)).
          const X = N.map((row) => solve(rows(M, n), row));
          const own = N.map(
            (row) =>
              row.reduce((s, v, i) => s + Math.abs(v) * (Math.abs(qd[i]!) + Math.abs(out.qdPlus[i]!)), 0) +
              X.reduce((s, x, k) => s + Math.abs(dot(row, x) * out.impulses[k]!), 0),
          );
          const scale = own.map((v) => v + 1e-6 * Math.max(...own));
          // The solver's rounding tolerance, √ε of each contact's own terms (src/numeric/impact-modes.ts's header): the
          // jump carries M's conditioning, so a residual at 1e-8 of the scale is rounding, not a violated law.
          const tol = Math.sqrt(Number.EPSILON);
          for (let j = 0; j < m; j++) {
            const uPlus = dot(N[j]!, out.qdPlus);
            const w = uPlus + e[j]! * Math.min(out.U[j]!, 0);
            // An impulse in velocity units: W_jj Λ_j, W_jj = N_j M⁻¹ N_jᵀ.
            const wjj = dot(N[j]!, solve(rows(M, n), N[j]!));
            expect(wjj * out.impulses[j]!).toBeGreaterThanOrEqual(-tol * scale[j]!);
            expect(w).toBeGreaterThanOrEqual(-tol * scale[j]!);
            if (out.impulses[j] !== 0) expect(Math.abs(w)).toBeLessThanOrEqual(tol * scale[j]!);
          }
          // Appell: M(q̇⁺ − q̇⁻) = Nᵀ Λ.
          for (let i = 0; i < n; i++) {
            let lhs = 0;
            for (let k = 0; k < n; k++) lhs += M[i * n + k]! * (out.qdPlus[k]! - qd[k]!);
            const rhs = N.reduce((s, row, j) => s + row[i]! * out.impulses[j]!, 0);
            expect(Math.abs(lhs - rhs)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(lhs) + Math.abs(rhs)));
          }
          // ΔT = Σ_j Λ_j (U⁺_j + U⁻_j)/2 ≤ 0 when every contact has the same e
          // and none separates: an engaged contact contributes (1 − e)Λ_j U⁻_j/2.
          // With different coefficients Newton's law can gain energy at a
          // multiple impact (Glocker, "Energetic consistency conditions for
          // standard impacts", 2013), and so can a closed contact that separates
          // (U⁻ > 0) but must be engaged (Λ_j U⁻_j/2 > 0).
          if (Array.from(out.U).some((u) => u > 0)) return;
          const energy = (v: ArrayLike<number>): number => {
            let s = 0;
            for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) s += v[i]! * M[i * n + k]! * v[k]!;
            return s / 2;
          };
          expect(energy(out.qdPlus)).toBeLessThanOrEqual(energy(qd) * (1 + 1e-9) + 1e-12);
        },
      ),
      { numRuns: 300 },
    );
  });
});
