// The frictional contact problem: every answer checked on the law itself
// (normal complementarity, the Coulomb cone and maximal dissipation, the
// stick equality) by a checker written here independently of the solver,
// hand solutions of the single planar contact, the exact cone of spatial
// contacts and the faceted pyramid's stated error (an option), stick as an
// equality (not a large μ), static friction, and the named failures.
import { describe, expect, it } from 'vitest';
import { solveFrictionLcp, type FrictionContact, type FrictionSolution } from '../../../src/runtime/complementarity/friction-lcp.js';
import { rng, uniform, type Rng } from '../../helpers/random.js';

interface Problem {
  readonly contacts: FrictionContact[];
  readonly W: Float64Array;
  readonly b: Float64Array;
}

/** W = H Hᵀ of random rows H (r×n) and b = H u: the velocities of some u, as every scleronomic contact problem has. */
function randomProblem(R: Rng, n: number, contacts: FrictionContact[]): Problem {
  const r = contacts.reduce((s, c) => s + 1 + c.slip, 0);
  const H = Array.from({ length: r * n }, () => uniform(R, -1, 1));
  const u = Array.from({ length: n }, () => uniform(R, -1, 1));
  const W = new Float64Array(r * r);
  const b = new Float64Array(r);
  for (let i = 0; i < r; i++) {
    for (let k = 0; k < r; k++) for (let a = 0; a < n; a++) W[i * r + k] += H[i * n + a]! * H[k * n + a]!;
    for (let a = 0; a < n; a++) b[i] += H[i * n + a]! * u[a]!;
  }
  return { contacts, W, b };
}

function randomContacts(R: Rng, k: number, opts: { spatial: boolean; stick: boolean }): FrictionContact[] {
  return Array.from({ length: k }, () => {
    const slip = Math.floor(R() * (opts.spatial ? 3 : 2));
    const kind = R();
    const mu = kind < 0.15 ? 0 : opts.stick && kind < 0.35 ? Infinity : uniform(R, 0, 2);
    return { slip, mu };
  });
}

/**
 * The largest violation of the law by a solution, relative to the
 * problem's velocity and impulse scales: normal complementarity, Λ_T = 0
 * for frictionless and open contacts, the cone, maximal dissipation (a
 * sliding contact on the cone's edge opposite ξ_T; with `facets`, a spatial
 * one within the K-gon's bounds: |Λ_T| ≥ cos(π/K)μΛ_N and at most π/K off
 * −ξ_T), ξ_T = 0 for a pressed stick contact.
 */
function lawViolation(p: Problem, sol: FrictionSolution, facets?: number): number {
  const r = p.b.length;
  const xi = Array.from({ length: r }, (_, i) => p.b[i]! + p.W.slice(i * r, i * r + r).reduce((s, w, k) => s + w * sol.impulses[k]!, 0));
  const vScale = Math.max(1e-300, ...Array.from(p.b, Math.abs), ...xi.map(Math.abs));
  // Impulses on the scale of those that change the velocities by vScale.
  const iScale = Math.max(vScale / Math.max(...Array.from({ length: r }, (_, i) => p.W[i * r + i]!)), ...Array.from(sol.impulses, Math.abs));
  let worst = 0;
  const bad = (v: number): void => void (worst = Math.max(worst, v));
  let row = 0;
  for (const c of p.contacts) {
    const LN = sol.impulses[row]! / iScale,
      xN = xi[row]! / vScale;
    const LT = Array.from(sol.impulses.subarray(row + 1, row + 1 + c.slip), (v) => v / iScale);
    const xT = xi.slice(row + 1, row + 1 + c.slip).map((v) => v / vScale);
    row += 1 + c.slip;
    bad(-LN);
    bad(-xN);
    bad(Math.min(Math.abs(LN), Math.abs(xN)));
    const normLT = Math.hypot(...LT),
      normXT = Math.hypot(...xT);
    if (c.slip === 0) continue;
    if (c.mu === 0 || LN < 1e-14) {
      bad(normLT);
      continue;
    }
    if (c.mu === Infinity) {
      bad(normXT);
      continue;
    }
    bad(normLT - c.mu * LN);
    if (normXT < 1e-9) continue;
    const dissipation = -LT.reduce((s, v, i) => s + v * xT[i]!, 0) / normXT;
    if (c.slip === 1 || facets === undefined) {
      bad(Math.abs(dissipation - c.mu * LN));
      bad(normLT - dissipation);
    } else {
      bad(Math.cos(Math.PI / facets) * c.mu * LN - normLT);
      bad(Math.cos(Math.PI / facets) * normLT - dissipation);
    }
  }
  return worst;
}

describe('a single planar contact, by hand', () => {
  // W = [[a, c], [c, d]], b = (b_N, b_T). Sticking: W Λ = −b. The contact
  // sticks iff that Λ has Λ_N ≥ 0 and |Λ_T| ≤ μΛ_N: the threshold is
  // μ* = |Λ_T|/Λ_N. Below it, it slides: Λ_T = −μ s Λ_N with s = sgn ξ_T and
  // ξ_N = 0 ⇒ Λ_N = −b_N/(a − μ s c).
  const a = 2,
    c = 0.4,
    d = 3;
  const W = Float64Array.of(a, c, c, d);
  const b = Float64Array.of(-1, 0.8);
  const det = a * d - c * c;
  const stick = { N: (-d * b[0]! + c * b[1]!) / det, T: (c * b[0]! - a * b[1]!) / det };
  const threshold = Math.abs(stick.T) / stick.N;

  it(`sticks for μ above μ* = ${threshold.toFixed(6)} with W Λ = −b`, () => {
    const sol = solveFrictionLcp({ contacts: [{ slip: 1, mu: threshold * 1.001 }], W, b });
    expect(sol.status).toBe('ok');
    expect(sol.phases).toEqual(['stick']);
    expect(sol.impulses[0]).toBeCloseTo(stick.N, 14);
    expect(sol.impulses[1]).toBeCloseTo(stick.T, 14);
    expect(Math.abs(sol.velocities[1]!)).toBeLessThan(1e-15);
    expect(sol.residual).toBeLessThan(1e-15);
  });

  it("slides below μ* with the tangential impulse on the cone's edge, opposite the sliding velocity", () => {
    const mu = threshold * 0.999;
    const sol = solveFrictionLcp({ contacts: [{ slip: 1, mu }], W, b });
    expect(sol.phases).toEqual(['slip']);
    const s = Math.sign(sol.velocities[1]!);
    expect(sol.impulses[0]).toBeCloseTo(-b[0]! / (a - mu * s * c), 14);
    expect(sol.impulses[1]).toBeCloseTo(-mu * s * sol.impulses[0]!, 14);
    // The slide continues the free tangential velocity's direction (b_T − c b_N/a > 0 here).
    expect(s).toBe(1);
    expect(sol.residual).toBeLessThan(1e-15);
  });

  it('takes no impulse when the contact separates (b_N ≥ 0, b_T ≠ 0)', () => {
    const sol = solveFrictionLcp({ contacts: [{ slip: 1, mu: 0.5 }], W, b: Float64Array.of(0.3, -2) });
    expect(sol.phases).toEqual(['open']);
    expect(Array.from(sol.impulses)).toEqual([0, 0]);
  });

  it('is frictionless at μ = 0: the normal impulse alone, the tangential velocity left free', () => {
    const sol = solveFrictionLcp({ contacts: [{ slip: 1, mu: 0 }], W, b });
    expect(sol.phases).toEqual(['closed']);
    expect(sol.impulses[0]).toBeCloseTo(-b[0]! / a, 15);
    expect(sol.impulses[1]).toBe(0);
  });

  it("'stick' is the equality: the same Λ as any finite μ above μ*, never a large-μ approximation", () => {
    const equality = solveFrictionLcp({ contacts: [{ slip: 1, mu: Infinity }], W, b });
    const finite = solveFrictionLcp({ contacts: [{ slip: 1, mu: 2 * threshold }], W, b });
    expect(equality.phases).toEqual(['stick']);
    expect(Math.abs(equality.impulses[0]! - finite.impulses[0]!)).toBeLessThan(1e-15);
    expect(Math.abs(equality.impulses[1]! - finite.impulses[1]!)).toBeLessThan(1e-15);
    expect(equality.velocities[1]).toBe(0);
  });

  it('breaks away at the static coefficient and then slides at the kinetic one', () => {
    const kinetic = 0.5 * threshold;
    // μ_s above μ*: held by static friction.
    const held = solveFrictionLcp({ contacts: [{ slip: 1, mu: kinetic, staticMu: 1.5 * threshold }], W, b });
    expect(held.phases).toEqual(['stick']);
    expect(held.impulses[1]).toBeCloseTo(stick.T, 14);
    // μ_s below μ*: it breaks away and the cone is the kinetic one.
    const slides = solveFrictionLcp({ contacts: [{ slip: 1, mu: kinetic, staticMu: 0.9 * threshold }], W, b });
    expect(slides.phases).toEqual(['slip']);
    expect(slides.solves).toBe(2);
    expect(Math.abs(slides.impulses[1]!)).toBeCloseTo(kinetic * slides.impulses[0]!, 14);
  });
});

describe('random contact problems (law checked independently)', () => {
  it('solves every problem with independent rows and finite friction, planar and spatial: 5000 problems, law to 1e-12 (1e-10 for the ≤ 0.1 % perturbed)', () => {
    const R = rng(20261124);
    let worst = 0,
      worstPerturbed = 0,
      perturbed = 0,
      pivots = 0;
    for (let trial = 0; trial < 5000; trial++) {
      const contacts = randomContacts(R, 1 + Math.floor(R() * 4), { spatial: true, stick: false });
      const r = contacts.reduce((s, c) => s + 1 + c.slip, 0);
      const p = randomProblem(R, r + Math.floor(R() * 3), contacts);
      const sol = solveFrictionLcp(p);
      expect(sol.status).toBe('ok');
      if (sol.regularized) {
        perturbed++;
        worstPerturbed = Math.max(worstPerturbed, lawViolation(p, sol));
      } else worst = Math.max(worst, lawViolation(p, sol));
      pivots = Math.max(pivots, sol.pivots);
    }
    expect(worst).toBeLessThan(1e-12);
    expect(perturbed).toBeLessThanOrEqual(5);
    expect(worstPerturbed).toBeLessThan(1e-10);
    expect(pivots).toBeLessThan(300);
  });

  it('with stick contacts: every answer obeys the law; failures are only the named stick-inconsistent (jammed) cases', () => {
    const R = rng(7);
    const counts: Record<string, number> = {};
    let worst = 0;
    for (let trial = 0; trial < 5000; trial++) {
      const contacts = randomContacts(R, 1 + Math.floor(R() * 3), { spatial: false, stick: true });
      const r = contacts.reduce((s, c) => s + 1 + c.slip, 0);
      const p = randomProblem(R, r, contacts);
      const sol = solveFrictionLcp(p);
      counts[sol.status] = (counts[sol.status] ?? 0) + 1;
      if (sol.status === 'ok') worst = Math.max(worst, lawViolation(p, sol));
    }
    expect(Object.keys(counts).sort()).toEqual(['ok', 'stick-inconsistent']);
    expect(counts['stick-inconsistent']!).toBeLessThan(0.03 * 5000);
    expect(worst).toBeLessThan(1e-11);
  });

  it('with more rows than coordinates (a rod on both ends, a compass on both feet): ≥ 99.8 % solved, each answer within its residual', () => {
    const R = rng(99);
    let ok = 0,
      regularized = 0,
      trials = 0;
    for (let trial = 0; trial < 4000; trial++) {
      const contacts = randomContacts(R, 2 + Math.floor(R() * 3), { spatial: false, stick: false });
      const r = contacts.reduce((s, c) => s + 1 + c.slip, 0);
      const n = 2 + Math.floor(R() * (r - 2));
      if (n >= r) continue;
      trials++;
      const p = randomProblem(R, n, contacts);
      const sol = solveFrictionLcp(p);
      if (sol.status !== 'ok') {
        expect(sol.status).toBe('ray-termination');
        continue;
      }
      ok++;
      if (sol.regularized) regularized++;
      // Exact solves hold the law to rounding; regularized ones to their reported residual (ε|Λ|).
      expect(lawViolation(p, sol)).toBeLessThan(sol.regularized ? 1e-6 : 1e-9);
    }
    expect(trials).toBeGreaterThan(2000);
    expect(ok / trials).toBeGreaterThan(0.998);
    expect(regularized / trials).toBeLessThan(0.01);
  });

  it('dissipates at every frictional contact: Λ_Tᵀξ_T ≤ 0, the lemma of the impact energy bound', () => {
    const R = rng(3);
    for (let trial = 0; trial < 2000; trial++) {
      const contacts = randomContacts(R, 1 + Math.floor(R() * 3), { spatial: true, stick: true });
      const r = contacts.reduce((s, c) => s + 1 + c.slip, 0);
      const sol = solveFrictionLcp(randomProblem(R, r, contacts));
      if (sol.status !== 'ok') continue;
      let power = 0;
      for (let i = 0; i < r; i++) power += sol.impulses[i]! * sol.velocities[i]!;
      expect(power).toBeLessThanOrEqual(1e-12 * (1 + Math.max(...Array.from(sol.impulses, Math.abs))));
    }
  });
});

describe('stick contacts', () => {
  // Two contacts on a body (x, y, θ) with M = I: contact A at the left end
  // of a rod lying on the floor, B at the right end (half length l). Normal
  // rows ∂y_end = (0, 1, ∓l), tangent rows ∂x_end = (1, 0, 0): the two
  // tangent rows are the same row.
  const l = 0.5;
  const H = [
    [0, 1, -l],
    [1, 0, 0],
    [0, 1, l],
    [1, 0, 0],
  ];
  const W = new Float64Array(16);
  H.forEach((hi, i) => H.forEach((hk, k) => (W[i * 4 + k] = hi.reduce((s, v, a) => s + v * hk[a]!, 0))));
  const velocities = (v: number[]): Float64Array => Float64Array.from(H, (h) => h.reduce((s, c, a) => s + c * v[a]!, 0));

  it('holds dependent stick rows (a rod flat on the floor, both ends stuck): ξ_T = 0 at both, the total tangential impulse −m ẋ', () => {
    const v = [0.7, -1, 0.2];
    const sol = solveFrictionLcp({
      contacts: [
        { slip: 1, mu: Infinity },
        { slip: 1, mu: Infinity },
      ],
      W,
      b: velocities(v),
    });
    expect(sol.status).toBe('ok');
    expect(sol.phases).toEqual(['stick', 'stick']);
    expect(Math.abs(sol.velocities[1]!)).toBeLessThan(1e-15);
    expect(Math.abs(sol.velocities[3]!)).toBeLessThan(1e-15);
    expect(sol.impulses[1]! + sol.impulses[3]!).toBeCloseTo(-v[0]!, 15);
    // Plastic normals: the rod ends at rest, ẏ = θ̇ = 0: Λ_A + Λ_B = −ẏ, l(Λ_B − Λ_A) = −θ̇.
    expect(sol.impulses[0]! + sol.impulses[2]!).toBeCloseTo(1, 15);
    expect(l * (sol.impulses[2]! - sol.impulses[0]!)).toBeCloseTo(-0.2, 15);
  });

  it('reports dependent stick rows that the others cannot hold (their ∂s/∂t differ) as inconsistent-stick-rows', () => {
    const b = velocities([0.7, -1, 0.2]);
    b[3] += 1;
    expect(
      solveFrictionLcp({
        contacts: [
          { slip: 1, mu: Infinity },
          { slip: 1, mu: Infinity },
        ],
        W,
        b,
      }).status,
    ).toBe('inconsistent-stick-rows');
  });

  it('releases a stick contact that separates: it takes no tangential impulse, and the answer needs a second solve', () => {
    // Rising at A's end (θ̇ < 0 lifts A): B lands and sticks, A leaves.
    const sol = solveFrictionLcp({
      contacts: [
        { slip: 1, mu: Infinity },
        { slip: 1, mu: Infinity },
      ],
      W,
      b: velocities([0.7, -1, -5]),
    });
    expect(sol.status).toBe('ok');
    expect(sol.phases).toEqual(['open', 'stick']);
    expect(sol.impulses[0]).toBe(0);
    expect(sol.impulses[1]).toBe(0);
    expect(sol.solves).toBe(2);
    expect(sol.velocities[0]).toBeGreaterThan(0);
    expect(Math.abs(sol.velocities[3]!)).toBeLessThan(1e-15);
  });

  it('names a jammed contact stick-inconsistent exactly when b_N < 0 ≤ b_N − (c/d) b_T (engaged: Λ_N = 0 with Λ_T ≠ 0; released: pressed and sliding)', () => {
    const R = rng(11);
    for (let trial = 0; trial < 2000; trial++) {
      const a = uniform(R, 0.5, 2),
        d = uniform(R, 0.5, 2),
        c = uniform(R, -0.9, 0.9) * Math.sqrt(a * d);
      const b = Float64Array.of(uniform(R, -1, 1), uniform(R, -1, 1));
      const sol = solveFrictionLcp({ contacts: [{ slip: 1, mu: Infinity }], W: Float64Array.of(a, c, c, d), b });
      const jammed = b[0]! < 0 && b[0]! - (c / d) * b[1]! >= 0;
      expect(sol.status).toBe(jammed ? 'stick-inconsistent' : 'ok');
    }
  });
});

describe('spatial contacts: the 8-faceted pyramid, an option', () => {
  const pyramid = { cone: { pyramid: 8 } } as const;
  it('slides with |Λ_T| in [cos(π/8), 1]·μΛ_N and at most π/8 = 22.5° off −ξ_T; both bounds are reached', () => {
    // A unit point on a plane (normal z), sliding in a random direction: W = I.
    const R = rng(5);
    let low = Infinity,
      high = 0,
      angle = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const dir = uniform(R, 0, 2 * Math.PI);
      const mu = uniform(R, 0.1, 1);
      const W = Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
      const b = Float64Array.of(-1, 5 * Math.cos(dir), 5 * Math.sin(dir));
      const sol = solveFrictionLcp({ contacts: [{ slip: 2, mu }], W, b }, pyramid);
      expect(sol.phases).toEqual(['slip']);
      expect(sol.impulses[0]).toBeCloseTo(1, 14);
      const LT = Math.hypot(sol.impulses[1]!, sol.impulses[2]!);
      low = Math.min(low, LT / mu);
      high = Math.max(high, LT / mu);
      const cos = -(sol.impulses[1]! * sol.velocities[1]! + sol.impulses[2]! * sol.velocities[2]!) / (LT * Math.hypot(sol.velocities[1]!, sol.velocities[2]!));
      angle = Math.max(angle, Math.acos(Math.min(1, cos)));
    }
    expect(low).toBeGreaterThanOrEqual(Math.cos(Math.PI / 8) - 1e-12);
    expect(low).toBeLessThan(Math.cos(Math.PI / 8) + 1e-3);
    expect(high).toBeCloseTo(1, 12);
    expect(angle).toBeLessThanOrEqual(Math.PI / 8 + 1e-9);
    expect(angle).toBeGreaterThan(Math.PI / 8 - 1e-2);
  });

  it('shrinks both errors with more facets (32: 0.5 % and 5.6°)', () => {
    const b = Float64Array.of(-1, 5 * Math.cos(Math.PI / 32), 5 * Math.sin(Math.PI / 32));
    const sol = solveFrictionLcp({ contacts: [{ slip: 2, mu: 1 }], W: Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]), b }, { cone: { pyramid: 32 } });
    expect(Math.hypot(sol.impulses[1]!, sol.impulses[2]!)).toBeGreaterThanOrEqual(Math.cos(Math.PI / 32) - 1e-12);
  });

  it('where the answers are many (two contacts at one point), takes the one next to the start, and moves with b', () => {
    // A unit point pressed by two identical contacts: any split of Λ_N = 1 and of the sticking Λ_T = −(0.3, 0.1) is an answer.
    const I3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const W = Float64Array.from({ length: 36 }, (_, k) => I3[3 * (Math.floor(k / 6) % 3) + ((k % 6) % 3)]!);
    const contacts = [
      { slip: 2, mu: 1 },
      { slip: 2, mu: 1 },
    ];
    const start = Float64Array.of(0.8, -0.24, -0.08, 0.2, -0.06, -0.02);
    for (const shift of [0, 1e-9]) {
      const b = Float64Array.of(-1 - shift, 0.3, 0.1, -1 - shift, 0.3, 0.1);
      const sol = solveFrictionLcp({ contacts, W, b }, { ...pyramid, start });
      expect(sol.phases).toEqual(['stick', 'stick']);
      expect(sol.pivots).toBe(0);
      expect(lawViolation({ contacts, W, b }, sol, 8)).toBeLessThan(1e-12);
      // The least-norm change: the extra normal impulse shift shared equally.
      sol.impulses.forEach((v, i) => expect(Math.abs(v - start[i]! - (i % 3 === 0 ? shift / 2 : 0))).toBeLessThan(1e-13));
    }
    // Lemke alone finds another answer of the many.
    const lemke = solveFrictionLcp({ contacts, W, b: Float64Array.of(-1, 0.3, 0.1, -1, 0.3, 0.1) }, pyramid);
    expect(Math.abs(lemke.impulses[0]! - 0.8)).toBeGreaterThan(1e-3);
  });

  it('sticks inside the cone exactly (the same Λ as the planar equality)', () => {
    const W = Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const sol = solveFrictionLcp({ contacts: [{ slip: 2, mu: 1 }], W, b: Float64Array.of(-1, 0.3, -0.4) }, pyramid);
    expect(sol.phases).toEqual(['stick']);
    expect(Array.from(sol.impulses).map((v) => +v.toFixed(14))).toEqual([1, -0.3, 0.4]);
  });
});

describe('named failures, never a silent answer', () => {
  it('a contact whose row carries no impulse (W = 0) cannot stop its approach: ray-termination, zero impulses, NaN residual', () => {
    const sol = solveFrictionLcp({ contacts: [{ slip: 0, mu: 0 }], W: [0], b: [-1] });
    expect(sol.status).toBe('ray-termination');
    expect(Array.from(sol.impulses)).toEqual([0]);
    expect(sol.residual).toBeNaN();
  });
});
