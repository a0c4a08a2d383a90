// Impacts the impact map must not resolve silently (Kugushev–Sorokina leave
// multiple impacts open; Rubanovich–Formalsky's mode conditions may have no
// solution): an impact into a corner without a declared rule, and an impact
// with no admissible mode, each with its named status and, in simulate(),
// its SimulationError code.
import { beforeAll, describe, expect, it } from 'vitest';
import * as hinged from '../../generated/hinged-compass.js';
import { buildModel, defineModel, type ModelSpec } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { SimulationError } from '../../src/runtime/errors.js';
import { lemke } from '../../src/runtime/complementarity/lemke.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rows, solve } from '../helpers/numeric.js';
import { thrown as thrownAs } from '../helpers/thrown.js';

const thrown = (fn: () => unknown): SimulationError => thrownAs(fn, SimulationError);

/** A point mass in the plane with two walls through the origin, Newton restitution e on both. */
const pointInCorner = (name: string, second: string, multipleImpacts?: 'error' | 'lcp'): ModelSpec =>
  defineModel({
    name,
    coordinates: ['x', 'y'],
    parameters: { m: 1.5, g: 9.81, e: 0.6 },
    kinetic: "m*(x'^2 + y'^2)/2",
    potential: 'm*g*y',
    unilateral: [
      { name: 'wall', constraint: second, law: { newton: 'e' } },
      { name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } },
    ],
    ...(multipleImpacts ? { multipleImpacts } : {}),
  });

describe('impact into a corner: point mass in x ≥ 0, y ≥ 0', () => {
  let strict: LoadedModule, lcp: LoadedModule;
  beforeAll(async () => {
    strict = await loadGenerated(deriveSystem(buildModel(pointInCorner('corner', 'x >= 0'))));
    lcp = await loadGenerated(deriveSystem(buildModel(pointInCorner('corner-lcp', 'x >= 0', 'lcp'))));
  });
  const q = [0, 0];
  const qd = [-1.2, -2.5];

  it("by default reports 'corner-without-rule', names both contacts and leaves the velocities alone", () => {
    const res = strict.impact!(0, q, qd, {});
    expect(res.status).toBe('corner-without-rule');
    expect(res.message).toMatch(/\bwall\b/);
    expect(res.message).toMatch(/\bfloor\b/);
    expect(res.message).toMatch(/multipleImpacts/);
    expect(Array.from(res.qdPlus)).toEqual(qd);
    expect(Array.from(res.impulses)).toEqual([0, 0]);
  });

  it('is not a corner when only one of the closed contacts approaches (sliding along the floor into the wall)', () => {
    const res = strict.impact!(0, q, [-1.2, 0], {});
    expect(res.status).toBe('ok');
    expect(res.qdPlus[0]).toBeCloseTo(0.6 * 1.2, 14);
    expect(res.qdPlus[1]).toBe(0);
    expect(res.impulses[1]).toBe(0);
  });

  it("with multipleImpacts: 'lcp' resolves it: non-negative impulses, complementarity 0 ≤ U⁺ + eU⁻ ⊥ Λ ≥ 0", () => {
    const res = lcp.impact!(0, q, qd, {});
    expect(res.status).toBe('ok');
    const e = 0.6,
      m = 1.5;
    // Orthogonal walls decouple: each normal velocity reverses with factor e.
    expect(res.qdPlus[0]).toBeCloseTo(e * 1.2, 14);
    expect(res.qdPlus[1]).toBeCloseTo(e * 2.5, 14);
    expect(res.impulses[0]).toBeCloseTo(m * (1 + e) * 1.2, 13);
    expect(res.impulses[1]).toBeCloseTo(m * (1 + e) * 2.5, 13);
    for (let j = 0; j < 2; j++) {
      const w = res.qdPlus[j]! + e * qd[j]!;
      expect(res.impulses[j]).toBeGreaterThanOrEqual(0);
      expect(w).toBeGreaterThanOrEqual(-1e-14);
      expect(Math.abs(w * res.impulses[j]!)).toBeLessThan(1e-13);
    }
  });

  it("simulate() stops with 'impact-corner-without-rule' for a throw straight into the corner, and bounces back with 'lcp'", () => {
    const opts = { q0: [1, 1], qd0: [-1, -1], t1: 1.5, params: { g: 0 } };
    const err = thrown(() => simulate(strict, opts));
    expect(err.code).toBe('impact-corner-without-rule');
    expect(err.where.model).toBe('corner');
    expect(err.where.field).toBe('impact');
    expect(err.t).toBeCloseTo(1, 12);
    const run = simulate(lcp, opts);
    const impacts = run.events.filter((ev) => ev.type === 'impact');
    expect(impacts).toHaveLength(1);
    expect(impacts[0]!.contacts).toEqual([0, 1]);
    expect(impacts[0]!.t).toBeCloseTo(1, 12);
    expect(run.qd.at(-1)).toEqual([0.6, 0.6].map((v) => expect.closeTo(v, 12)));
  });
});

describe('impact into an obtuse corner, y ≥ 0 and y ≥ x, with the LCP rule', () => {
  let lcpModel: LoadedModule;
  beforeAll(async () => {
    lcpModel = await loadGenerated(deriveSystem(buildModel(pointInCorner('obtuse-corner-lcp', 'y - x >= 0', 'lcp'))));
  });

  it('engages the floor only: the ramp gets no impulse and separates (strict complementarity), as Lemke finds', () => {
    const q = [0, 0],
      qd = [-0.5, -1];
    const e = 0.6,
      m = 1.5;
    const res = lcpModel.impact!(0, q, qd, {});
    expect(res.status).toBe('ok');
    expect(res.impulses[0]).toBe(0);
    expect(res.impulses[1]).toBeCloseTo(m * (1 + e) * 1, 13);
    expect(res.qdPlus[0]).toBeCloseTo(-0.5, 14);
    expect(res.qdPlus[1]).toBeCloseTo(e, 14);
    // The same LCP solved independently: w = (G M⁻¹ Gᵀ) Λ + (1 + e) U⁻ over the approaching contacts.
    const G = rows(lcpModel.gapJacobian!(0, q, {}), 2);
    const Uminus = G.map((row) => row[0]! * qd[0]! + row[1]! * qd[1]!);
    expect(Uminus).toEqual([-0.5, -1]);
    const W = G.flatMap((a) => G.map((b) => (a[0]! * b[0]! + a[1]! * b[1]!) / m));
    const sol = lemke(
      W,
      Uminus.map((u) => (1 + e) * u),
    );
    expect(sol.status).toBe('ok');
    expect(Math.abs(sol.z[0]! - res.impulses[0]!)).toBeLessThan(1e-12);
    expect(Math.abs(sol.z[1]! - res.impulses[1]!)).toBeLessThan(1e-12);
    const ramp = G[0]![0]! * res.qdPlus[0]! + G[0]![1]! * res.qdPlus[1]!;
    expect(ramp + e * Uminus[0]!).toBeGreaterThan(0.1);
  });
});

describe("no admissible mode: the hinged compass's foot 2 arriving behind the standing foot 1", () => {
  // The state reported from a simulation, five digits each:
  //   q = [0.0889, 0.99396, 0.10996, −0.10999], q̇ = [−0.1098, −0.01212, 0.1105, 1.7067]:
  // foot 1 (a1 > 0) stands ahead, foot 2 (a2 < 0) comes down behind it while
  // moving forward fast (ẋ_2 ≈ 1.59). Rebuilt exactly on both gaps (a2 = −a1,
  // y = l cos a1) with foot 1 at rest.
  const a1 = 0.10996,
    a1d = 0.1105,
    a2d = 1.7067;
  const q = [0.0889, Math.cos(a1), a1, -a1];
  const qd = [-Math.cos(a1) * a1d, -Math.sin(a1) * a1d, a1d, a2d];
  const p = {};

  it('the rebuilt state matches the reported one to its five digits, on both gaps, foot 1 at rest, foot 2 approaching', () => {
    const reported = { q: [0.0889, 0.99396, 0.10996, -0.10999], qd: [-0.1098, -0.01212, 0.1105, 1.7067] };
    q.forEach((v, i) => expect(Math.abs(v - reported.q[i]!)).toBeLessThan(5e-5));
    qd.forEach((v, i) => expect(Math.abs(v - reported.qd[i]!)).toBeLessThan(5e-4));
    for (const g of hinged.gaps(0, q, p)) expect(Math.abs(g)).toBeLessThan(1e-15);
    const G = rows(hinged.gapJacobian(0, q, p), 4).slice(0, 2);
    const U = G.map((row) => row.reduce((s, v, i) => s + v * qd[i]!, 0));
    expect(Math.abs(U[0]!)).toBeLessThan(1e-15);
    expect(U[1]).toBeLessThan(-0.19);
    expect(qd[0]! + Math.cos(-a1) * a2d).toBeGreaterThan(1.5); // foot 2 moves forward fast
  });

  it("impact() reports 'no-admissible-mode' naming both feet, for the rebuilt state and for the reported one (contacts given as closed)", () => {
    const res = hinged.impact(0, q, qd, p);
    expect(res.status).toBe('no-admissible-mode');
    expect(res.message).toMatch(/foot1/);
    expect(res.message).toMatch(/foot2/);
    expect(Array.from(res.qdPlus)).toEqual(qd);
    const reported = hinged.impact(0, [0.0889, 0.99396, 0.10996, -0.10999], [-0.1098, -0.01212, 0.1105, 1.7067], p, { active: [true, true] });
    expect(reported.status).toBe('no-admissible-mode');
  });

  it('independently, every mode fails: both pinned needs a pulling ground under foot 2, foot 2 alone sends foot 1 into the ground, without foot 2 it penetrates', () => {
    const M = rows(hinged.massMatrix(0, q, p), 4);
    // Foot rows in (x, y, a1, a2): x_i = x + l sin a_i (tangent), y_i = y − l cos a_i (normal).
    const x1 = [1, 0, Math.cos(q[2]!), 0],
      y1 = [0, 1, Math.sin(q[2]!), 0];
    const x2 = [1, 0, 0, Math.cos(q[3]!)],
      y2 = [0, 1, 0, Math.sin(q[3]!)];
    const dot = (a: number[], b: ArrayLike<number>): number => a.reduce((s, v, i) => s + v * b[i]!, 0);
    /** Plastic impact pinning the given rows: M(q̇⁺ − q̇⁻) = RᵀΛ, R q̇⁺ = 0. */
    const plastic = (R: number[][]) => {
      const k = R.length;
      const kkt = [...M.map((r, i) => [...r, ...R.map((rr) => -rr[i]!)]), ...R.map((rr) => [...rr, ...new Array<number>(k).fill(0)])];
      const sol = solve(kkt, [...M.map((r) => dot(r, qd)), ...new Array<number>(k).fill(0)]);
      return { qdPlus: sol.slice(0, 4), impulses: sol.slice(4) };
    };
    // Both feet pinned stops the compass (q̇⁺ = 0), but only with a negative
    // normal impulse on the arriving foot 2: the ground would have to pull it.
    const stays = plastic([x2, y2, x1, y1]);
    stays.qdPlus.forEach((v) => expect(Math.abs(v)).toBeLessThan(1e-12));
    expect(stays.impulses[1]).toBeLessThan(-0.5);
    expect(stays.impulses[3]).toBeGreaterThan(0);
    // Foot 2 pinned alone: it is pushed, as it must be, but foot 1 moves into the ground.
    const leaves = plastic([x2, y2]);
    expect(leaves.impulses[1]).toBeGreaterThan(0);
    expect(dot(y1, leaves.qdPlus)).toBeLessThan(-0.05);
    // Foot 2 not engaged (foot 1 alone, or nothing): no impulse changes its approach.
    const footOneOnly = plastic([x1, y1]);
    expect(dot(y2, footOneOnly.qdPlus)).toBeCloseTo(dot(y2, qd), 12);
    expect(dot(y2, qd)).toBeLessThan(0);
  });

  it("simulate() from that state stops at once with SimulationError 'impact-no-admissible-mode' naming the model and field", () => {
    const err = thrown(() => simulate(hinged, { q0: q, qd0: qd, t1: 0.5 }));
    expect(err.code).toBe('impact-no-admissible-mode');
    expect(err.kind).toBe('model');
    expect(err.where.model).toBe('hinged-compass');
    expect(err.where.field).toBe('impact');
    expect(err.t).toBe(0);
    expect(err.message).toContain("model 'hinged-compass'");
    expect(err.message).toContain("field 'impact'");
  });
});
