// The hinged two-link compass of Rubanovich–Formalsky §3
// (derivations/hinged-compass.ts). The paper's foot 1 is the arriving point
// D and foot 2 the standing point B; in the model they are foot2 (a2 = β,
// ahead) and foot1 (a1 = −β, pinned before the impact). In foot coordinates
// z = (x_D, y_D, x_B, y_B) the kinetic matrix is G = J⁻ᵀ M J⁻¹ (3.3), the
// impact equations G[z] = E (3.6) with z_D⁺ = 0, z_B⁻ = 0 (3.7), and either
// z_B⁺ = 0 (B stays, (3.8)) or E_B = 0 (B leaves, (3.9)).
//
// Checked: G is (3.4); the generated impact() satisfies (3.10)–(3.13) and
// Carnot's theorem (3.14) T⁻ − T⁺ = ½ Δq̇ᵀ M Δq̇ > 0; and the sign facts
// after (3.14), which the paper derives from G > 0 alone:
//   - ΔT = −½ z_D⁻·E_D > 0: D's velocity before and its impulsive reaction make an obtuse angle;
//   - E_B of "stays" (3.11) · z_B⁺ of "leaves" (3.13) < 0;
//   - B on a perfectly smooth surface: E_R2y (3.15) and the free ẏ_B⁺ (3.17)
//     have opposite signs, so do the sliding speed ẋ_B⁺ (3.16) and E_R2x of "stays" (3.18).
import { describe, expect, it } from 'vitest';
import * as hinged from '../../generated/hinged-compass.js';
import { cholesky, rows, solve } from '../helpers/numeric.js';
import { rng, uniform, type Rng } from '../helpers/random.js';

type Mat = number[][];
type Vec = number[];

const mulMV = (A: Mat, x: Vec): Vec => A.map((r) => r.reduce((s, v, j) => s + v * x[j]!, 0));
const mulMM = (A: Mat, B: Mat): Mat => A.map((r) => B[0]!.map((_, j) => r.reduce((s, v, k) => s + v * B[k]![j]!, 0)));
const tr = (A: Mat): Mat => A[0]!.map((_, j) => A.map((r) => r[j]!));
const dot = (a: Vec, b: Vec): number => a.reduce((s, v, i) => s + v * b[i]!, 0);
const sub = (a: Vec, b: Vec): Vec => a.map((v, i) => v - b[i]!);
const inv = (A: Mat): Mat =>
  tr(
    A.map((_, c) =>
      solve(
        A,
        A.map((__, i) => (i === c ? 1 : 0)),
      ),
    ),
  );
const block = (A: Mat, r: number, c: number): Mat => [
  [A[r]![c]!, A[r]![c + 1]!],
  [A[r + 1]![c]!, A[r + 1]![c + 1]!],
];
const neg = (x: Vec): Vec => x.map((v) => -v);

interface Params {
  m: number;
  l: number;
}

/** Impact configuration a1 = −β, a2 = β, y = l cos β (both feet on the line, D = foot2 ahead). */
const configuration = (beta: number, p: Params, x = 0): Vec => [x, p.l * Math.cos(beta), -beta, beta];

/** J = ∂(x_D, y_D, x_B, y_B)/∂(x, y, a1, a2); x_i = x + l sin a_i, y_i = y − l cos a_i. */
function footJacobian(q: Vec, p: Params): Mat {
  const [, , a1, a2] = q as [number, number, number, number];
  return [
    [1, 0, 0, p.l * Math.cos(a2)],
    [0, 1, 0, p.l * Math.sin(a2)],
    [1, 0, p.l * Math.cos(a1), 0],
    [0, 1, p.l * Math.sin(a1), 0],
  ];
}

/** A random state at an impact of D while B stands: B at rest, D approaching (ẏ_D⁻ < 0). */
function randomState(r: Rng) {
  const p = { m: uniform(r, 0.3, 5), l: uniform(r, 0.3, 2) };
  const beta = uniform(r, 0.05, 1.3);
  const q = configuration(beta, p, uniform(r, -1, 1));
  for (;;) {
    const a1d = uniform(r, -4, 4),
      a2d = uniform(r, -4, 4);
    // B pinned: ẋ + l cos a1 ȧ1 = 0, ẏ + l sin a1 ȧ1 = 0.
    const qd = [-p.l * Math.cos(q[2]!) * a1d, -p.l * Math.sin(q[2]!) * a1d, a1d, a2d];
    if (mulMV(footJacobian(q, p), qd)[1]! < 0) return { p: { ...p, g: 9.81, beta }, q, qd };
  }
}

const kinetic = (M: Mat, qd: Vec): number => 0.5 * dot(qd, mulMV(M, qd));

describe('hinged compass: kinetic matrix in foot coordinates', () => {
  it('G = J⁻ᵀ M J⁻¹ is (3.4) with G₁₂ = G₂₁ = −m/(2 sin 2α) (the print has +, which is not symmetric), and G > 0', () => {
    const r = rng(34);
    let worst = 0;
    for (let i = 0; i < 25; i++) {
      const p = { m: uniform(r, 0.3, 5), l: uniform(r, 0.3, 2) };
      const a = uniform(r, 0.05, 1.5);
      const q = configuration(a, p);
      const M = rows(hinged.massMatrix(0, q, p), 4);
      const Ji = inv(footJacobian(q, p));
      const G = mulMM(mulMM(tr(Ji), M), Ji);
      const c2 = Math.cos(a) ** 2,
        s2 = Math.sin(a) ** 2,
        csc = 1 / Math.sin(2 * a),
        cot = 1 / Math.tan(2 * a);
      const paper = [
        [(1 + 3 * c2) / (3 * c2), -csc, (3 * c2 - 1) / (3 * c2), cot],
        [-csc, (3 * s2 + 1) / (3 * s2), -cot, (3 * s2 - 1) / (3 * s2)],
        [(3 * c2 - 1) / (3 * c2), -cot, (3 * c2 + 1) / (3 * c2), csc],
        [cot, (3 * s2 - 1) / (3 * s2), csc, (3 * s2 + 1) / (3 * s2)],
      ].map((row) => row.map((v) => (p.m / 2) * v));
      const scale = Math.max(...paper.flat().map(Math.abs));
      for (let a_ = 0; a_ < 4; a_++) for (let b = 0; b < 4; b++) worst = Math.max(worst, Math.abs(G[a_]![b]! - paper[a_]![b]!) / scale);
      expect(cholesky(G)).toBeDefined();
    }
    expect(worst).toBeLessThan(1e-12);
  });
});

describe('hinged compass: generated impact() (foot 1 = B pinned before, foot 2 = D arriving)', () => {
  const r = rng(314);
  const samples = Array.from({ length: 300 }, () => randomState(r));

  it('normal rows of gapJacobian are ∂y_B/∂q and ∂y_D/∂q, both gaps vanish and D approaches', () => {
    for (const { p, q, qd } of samples.slice(0, 20)) {
      const J = footJacobian(q, p);
      const Gj = rows(hinged.gapJacobian(0, q, p), 4).slice(0, 2);
      expect(Gj[0]!.map((v, i) => Math.abs(v - J[3]![i]!)).every((d) => d < 1e-15)).toBe(true);
      expect(Gj[1]!.map((v, i) => Math.abs(v - J[1]![i]!)).every((d) => d < 1e-15)).toBe(true);
      for (const g of hinged.gaps(0, q, p)) expect(Math.abs(g)).toBeLessThan(1e-15);
      expect(dot(Gj[1]!, qd)).toBeLessThan(0);
    }
  });

  // Only the states for which impact() selects a mode: with B sticking (no
  // friction limit) some directions of z_D⁻ admit no mode or two, which
  // impact() reports instead of choosing (see diagnostics.test.ts).
  const outcomes = samples.map((s) => ({ ...s, res: hinged.impact(0, s.q, s.qd, s.p) }));
  const ok = outcomes.filter((o) => o.res.status === 'ok');

  it('selects a mode in most sampled states, both "B stays" and "B leaves" occurring', () => {
    expect(ok.length).toBeGreaterThan(150);
    expect(ok.some((o) => o.res.active[0])).toBe(true);
    expect(ok.some((o) => !o.res.active[0])).toBe(true);
    for (const o of outcomes) expect(['ok', 'no-admissible-mode', 'several-admissible-modes']).toContain(o.res.status);
  });

  it('Carnot (3.14): T⁻ − T⁺ = ½ Δq̇ᵀ M Δq̇ > 0 to 1e-12 relative, and = ½[z]ᵀG[z] = −½ z_D⁻·E_D', () => {
    let worst = 0;
    for (const { p, q, qd, res } of ok) {
      const M = rows(hinged.massMatrix(0, q, p), 4);
      const qdPlus = Array.from(res.qdPlus);
      const dqd = sub(qdPlus, qd);
      const lossT = kinetic(M, qd) - kinetic(M, qdPlus);
      const carnot = 0.5 * dot(dqd, mulMV(M, dqd));
      expect(carnot).toBeGreaterThan(0);
      worst = Math.max(worst, Math.abs(lossT - carnot) / kinetic(M, qd));
      // Foot impulses from the momentum jump: M Δq̇ = Jᵀ E.
      const J = footJacobian(q, p);
      const E = solve(tr(J), mulMV(M, dqd));
      const zMinus = mulMV(J, qd);
      const work = -0.5 * dot(zMinus.slice(0, 2), E.slice(0, 2));
      worst = Math.max(worst, Math.abs(work - carnot) / kinetic(M, qd));
      const G = mulMM(mulMM(tr(inv(J)), M), inv(J));
      const dz = mulMV(J, dqd);
      worst = Math.max(worst, Math.abs(0.5 * dot(dz, mulMV(G, dz)) - carnot) / kinetic(M, qd));
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('the selected mode is (3.10), (3.11) ("stays") or (3.12), (3.13) ("leaves"), with the generated normal impulses', () => {
    let worst = 0;
    for (const { p, q, qd, res } of ok) {
      const M = rows(hinged.massMatrix(0, q, p), 4);
      const J = footJacobian(q, p);
      const Ji = inv(J);
      const G = mulMM(mulMM(tr(Ji), M), Ji);
      const [G11, G12, G21, G22] = [block(G, 0, 0), block(G, 0, 2), block(G, 2, 0), block(G, 2, 2)];
      const z1 = mulMV(J, qd).slice(0, 2);
      const zPlus = mulMV(J, Array.from(res.qdPlus));
      const E = solve(tr(J), mulMV(M, sub(Array.from(res.qdPlus), qd)));
      const scale = Math.hypot(...mulMV(G11, z1));
      const err = (a: Vec, b: Vec): number => Math.max(...a.map((v, i) => Math.abs(v - b[i]!))) / scale;
      worst = Math.max(worst, (err(zPlus.slice(0, 2), [0, 0]) * scale) / Math.hypot(...z1)); // D stopped (3.7)
      if (res.active[0]) {
        worst = Math.max(worst, err(E.slice(0, 2), neg(mulMV(G11, z1)))); // (3.10)
        worst = Math.max(worst, err(E.slice(2), neg(mulMV(G21, z1)))); // (3.11)
        worst = Math.max(worst, (err(zPlus.slice(2), [0, 0]) * scale) / Math.hypot(...z1)); // (3.8)
      } else {
        const schur = G11.map((row, i) => row.map((v, j) => v - mulMM(mulMM(G12, inv(G22)), G21)[i]![j]!));
        worst = Math.max(worst, err(E.slice(0, 2), neg(mulMV(schur, z1)))); // (3.12)
        worst = Math.max(worst, err(E.slice(2), [0, 0])); // (3.9)
        worst = Math.max(worst, (err(zPlus.slice(2), mulMV(mulMM(inv(G22), G21), z1)) * scale) / Math.hypot(...z1)); // (3.13)
      }
      // impulses[] holds the normal (y) impulses of foot1 = B and foot2 = D.
      worst = Math.max(worst, Math.abs(res.impulses[0]! - E[3]!) / scale, Math.abs(res.impulses[1]! - E[1]!) / scale);
    }
    expect(worst).toBeLessThan(1e-11);
  });
});

describe('hinged compass: sign facts after (3.14), from G > 0, for any direction of z_D⁻', () => {
  const r = rng(318);
  const cases = Array.from({ length: 200 }, () => {
    const p = { m: uniform(r, 0.3, 5), l: uniform(r, 0.3, 2) };
    const q = configuration(uniform(r, 0.05, 1.5), p);
    const M = rows(hinged.massMatrix(0, q, p), 4);
    const J = footJacobian(q, p);
    const Ji = inv(J);
    const G = mulMM(mulMM(tr(Ji), M), Ji);
    const phi = uniform(r, 0, 2 * Math.PI);
    const z1 = [Math.cos(phi), Math.sin(phi)].map((v) => uniform(r, 0.1, 5) * v);
    return { p, q, M, J, G, z1 };
  });

  it("ΔT > 0 in both modes (3.14), and ΔT = −½ z_D⁻·E_D: D's velocity and its impulsive reaction make an obtuse angle", () => {
    for (const { G, z1 } of cases) {
      const [G11, G12, G21, G22] = [block(G, 0, 0), block(G, 0, 2), block(G, 2, 0), block(G, 2, 2)];
      const Estay = neg(mulMV(G11, z1));
      const schur = G11.map((row, i) => row.map((v, j) => v - mulMM(mulMM(G12, inv(G22)), G21)[i]![j]!));
      const Eleave = neg(mulMV(schur, z1));
      for (const E of [Estay, Eleave]) {
        const dT = -0.5 * dot(z1, E);
        expect(dT).toBeGreaterThan(0);
        expect(dot(z1, E)).toBeLessThan(0);
      }
      expect(0.5 * dot(z1, mulMV(G11, z1))).toBeGreaterThan(0.5 * dot(z1, mulMV(schur, z1))); // staying costs more energy
    }
  });

  it('E_B of "stays" (3.11) and the velocity of B after "leaves" (3.13) make an obtuse angle', () => {
    for (const { G, z1 } of cases) {
      const G21 = block(G, 2, 0),
        G22 = block(G, 2, 2);
      const EB = neg(mulMV(G21, z1));
      const zB = mulMV(mulMM(inv(G22), G21), z1);
      expect(dot(EB, zB)).toBeLessThan(0);
    }
  });

  it('B on a smooth surface: E_R2y (3.15) and ẏ_B⁺ (3.17) of opposite signs; sliding ẋ_B⁺ (3.16) and E_R2x (3.18) too', () => {
    for (const { p, M, J, G, z1 } of cases) {
      const g = (i: number, j: number): number => G[i - 1]![j - 1]!;
      const [dx1, dy1] = neg(z1) as [number, number]; // [z_D] = −z_D⁻ since D stops
      const a = g(4, 1) * g(3, 3) - g(3, 1) * g(4, 3),
        b = g(4, 2) * g(3, 3) - g(3, 2) * g(4, 3);
      const ER2y = (a * dx1 + b * dy1) / g(3, 3); // (3.15)
      const x2 = -(g(3, 1) * dx1 + g(3, 2) * dy1) / g(3, 3); // (3.16)
      const detG22 = g(3, 3) * g(4, 4) - g(3, 4) * g(4, 3);
      const y2 = -(a * dx1 + b * dy1) / detG22; // (3.17)
      const ER2x = g(3, 1) * dx1 + g(3, 2) * dy1; // (3.18)
      expect(ER2y * y2).toBeLessThan(0);
      expect(x2 * ER2x).toBeLessThan(0);

      // The printed formulas against the impact solved in (x, y, a1, a2):
      // M Δq̇ = Rᵀ Λ with R = rows of x_D, y_D, y_B and R q̇⁺ = 0 (B slides).
      const qdMinus = solve(J, [...z1, 0, 0]);
      const R = [J[0]!, J[1]!, J[3]!];
      const kkt = [...M.map((row, i) => [...row, ...R.map((rr) => -rr[i]!)]), ...R.map((rr) => [...rr, 0, 0, 0])];
      const sol = solve(kkt, [...mulMV(M, qdMinus), 0, 0, 0]);
      const zPlus = mulMV(J, sol.slice(0, 4));
      const scale = Math.hypot(...z1) * Math.max(1, p.m);
      expect(Math.abs(sol[6]! - ER2y)).toBeLessThan(1e-10 * scale);
      expect(Math.abs(zPlus[2]! - x2)).toBeLessThan(1e-10 * Math.hypot(...z1));
    }
  });
});
