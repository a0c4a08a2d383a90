// Coulomb's law on the exact cone: every answer checked on the law itself
// by a checker written here (complementarity of the normals, the cone
// |Λ_T| ≤ μΛ_N, a sliding contact's friction on the cone's edge opposite its
// slip, the impulses' work Λᵀξ ≤ 0), on random problems with independent
// and with dependent rows (more rows than coordinates: a box on four
// corners); a single contact by hand; the projection on the cone.
import { describe, expect, it } from 'vitest';
import { coneResidual, projectOnCone, solveConeProblem, type ConeBlock, type ConeProblem } from '../../../src/runtime/complementarity/coulomb-cone.js';
import { rng, uniform, type Rng } from '../../helpers/random.js';

/** W = H Hᵀ of random rows H (r×n), b = H u, blocks of 1, 2 or 3 rows (spatial ones most often). */
function randomProblem(R: Rng, blockCount: number, extra: number): ConeProblem {
  let row = 0;
  const blocks: ConeBlock[] = Array.from({ length: blockCount }, () => {
    const d = R() < 0.6 ? 3 : R() < 0.5 ? 2 : 1;
    const block = { normal: row, tangents: Array.from({ length: d - 1 }, (_, s) => row + 1 + s), mu: uniform(R, 0.05, 1.2) };
    row += d;
    return block;
  });
  const r = row,
    n = Math.max(1, r + extra);
  const H = Array.from({ length: r * n }, () => uniform(R, -1, 1));
  const u = Array.from({ length: n }, () => uniform(R, -1, 1));
  const W = new Float64Array(r * r),
    b = new Float64Array(r);
  for (let i = 0; i < r; i++) {
    for (let k = 0; k < r; k++) for (let a = 0; a < n; a++) W[i * r + k] += H[i * n + a]! * H[k * n + a]!;
    for (let a = 0; a < n; a++) b[i] += H[i * n + a]! * u[a]!;
  }
  return { W, b, blocks };
}

/** The largest violation of Coulomb's law, relative to the velocity scale max|b| and the impulses' scale. */
function lawViolation(p: ConeProblem, lam: Float64Array): { law: number; work: number } {
  const r = p.b.length;
  const xi = Array.from({ length: r }, (_, i) => p.b[i]! + Array.from({ length: r }, (_, k) => p.W[i * r + k]! * lam[k]!).reduce((s, v) => s + v, 0));
  const v = Math.max(...Array.from(p.b, Math.abs));
  const l = Math.max(1e-300, ...Array.from(lam, Math.abs));
  let law = 0;
  const bad = (x: number): void => void (law = Math.max(law, x));
  for (const c of p.blocks) {
    const LN = lam[c.normal]! / l,
      xN = xi[c.normal]! / v;
    const LT = c.tangents.map((t) => lam[t]! / l),
      xT = c.tangents.map((t) => xi[t]! / v);
    bad(-LN);
    bad(-xN);
    bad(Math.min(Math.abs(LN), Math.abs(xN)));
    bad(Math.hypot(...LT) - c.mu * LN);
    const slip = Math.hypot(...xT);
    // Sliding (beyond the solve's tolerance): Λ_T = −μΛ_N ξ_T/|ξ_T|.
    if (slip > 1e-6) LT.forEach((t, s) => bad(Math.abs(t + (c.mu * LN * xT[s]!) / slip)));
  }
  const work = lam.reduce((s, x, i) => s + x * xi[i]!, 0) / (l * v);
  return { law, work };
}

describe('a single spatial contact, by hand (W = I)', () => {
  it('slides at 22.5° with Λ_T = −μΛ_N ξ_T/|ξ_T| exactly: the disk, not a pyramid', () => {
    const mu = 0.5,
      phi = Math.PI / 8;
    const sol = solveConeProblem({
      W: Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]),
      b: [-1, 5 * Math.cos(phi), 5 * Math.sin(phi)],
      blocks: [{ normal: 0, tangents: [1, 2], mu }],
    });
    expect(sol.status).toBe('ok');
    expect(sol.impulses[0]).toBeCloseTo(1, 14);
    expect(sol.impulses[1]).toBeCloseTo(-mu * Math.cos(phi), 14);
    expect(sol.impulses[2]).toBeCloseTo(-mu * Math.sin(phi), 14);
  });

  it('sticks inside the cone (Λ = −b) and stays open when b_N ≥ 0', () => {
    const W = Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const blocks = [{ normal: 0, tangents: [1, 2], mu: 1 }];
    expect(Array.from(solveConeProblem({ W, b: [-1, 0.3, -0.4], blocks }).impulses).map((x) => +x.toFixed(14))).toEqual([1, -0.3, 0.4]);
    expect(Array.from(solveConeProblem({ W, b: [0.2, 3, -4], blocks }).impulses)).toEqual([0, 0, 0]);
  });
});

describe('random problems (law checked independently)', () => {
  it('independent rows: 3000 problems solved, the law to 1e-12 (measured 1.3e-13), work Λᵀξ ≤ 1e-14', () => {
    const R = rng(424242);
    let law = 0,
      work = -Infinity;
    for (let trial = 0; trial < 3000; trial++) {
      const p = randomProblem(R, 1 + Math.floor(R() * 4), Math.floor(R() * 3));
      const sol = solveConeProblem(p);
      expect(sol.status).toBe('ok');
      expect(coneResidual(p, sol.impulses)).toBe(sol.residual);
      const v = lawViolation(p, sol.impulses);
      law = Math.max(law, v.law);
      work = Math.max(work, v.work);
    }
    expect(law).toBeLessThan(1e-12);
    expect(work).toBeLessThan(1e-14);
  });

  it('dependent rows (fewer coordinates than rows, the box on four corners): ≥ 99.5 % solved (measured 99.9 %), the law to 1e-12, work Λᵀξ ≤ 1e-13', () => {
    const R = rng(77);
    let solved = 0,
      law = 0,
      work = -Infinity;
    const trials = 1000;
    for (let trial = 0; trial < trials; trial++) {
      const blocks = 2 + Math.floor(R() * 3);
      const p = randomProblem(R, blocks, -Math.floor(R() * blocks));
      const sol = solveConeProblem(p);
      if (sol.status !== 'ok') continue;
      solved++;
      const v = lawViolation(p, sol.impulses);
      law = Math.max(law, v.law);
      work = Math.max(work, v.work);
    }
    expect(solved / trials).toBeGreaterThan(0.995);
    expect(law).toBeLessThan(1e-12);
    expect(work).toBeLessThan(1e-13);
  });
});

describe('the projection on the cone', () => {
  it('lands in the cone, is idempotent, and leaves x − p in the polar cone, orthogonal to p', () => {
    const R = rng(11);
    for (let trial = 0; trial < 1000; trial++) {
      const mu = uniform(R, 0.1, 2);
      const x = [uniform(R, -1, 1), uniform(R, -1, 1), uniform(R, -1, 1)];
      const p = projectOnCone(x, mu);
      expect(Math.hypot(p[1]!, p[2]!)).toBeLessThanOrEqual(mu * p[0]! + 1e-15);
      projectOnCone(p, mu).forEach((v, i) => expect(v).toBeCloseTo(p[i]!, 14));
      const d = x.map((v, i) => v - p[i]!);
      expect(Math.abs(d[0]! * p[0]! + d[1]! * p[1]! + d[2]! * p[2]!)).toBeLessThan(1e-14);
      // The polar cone of {|x_T| ≤ μx_N} is {μ|y_T| ≤ −y_N}.
      expect(mu * Math.hypot(d[1]!, d[2]!)).toBeLessThanOrEqual(-d[0]! + 1e-14);
    }
  });
});
