// The frictional impact on the hand-written fixtures: the rows it reads from
// a module, the velocity jump against hand solutions (a disk arriving on a
// rough floor, a particle arriving in a rough corner), the one restitution
// coefficient of an impact, and its named failures.
import { describe, expect, it } from 'vitest';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { SimulationError } from '../../../src/runtime/errors.js';
import { ContactRows, frictionalImpact, hasSlipRows } from '../../../src/runtime/contact/friction-impact.js';
import { particleInCorner } from '../../fixtures/particle-in-corner.js';
import { roughDisk, stickingDisk } from '../../fixtures/rough-disk.js';
import { bouncingBall } from '../../fixtures/bouncing-ball.js';
import { thrown as thrownAs } from '../../helpers/thrown.js';

const thrown = (fn: () => unknown): SimulationError => thrownAs(fn, SimulationError);

/**
 * The particle in the corner (m = 2) with rough walls: the floor's slip
 * coordinate is x, the wall's is y; Coulomb μ on both (parameter mu).
 */
const roughCorner: LoadedModule = {
  ...particleInCorner,
  model: {
    ...particleInCorner.model,
    parameters: [...particleInCorner.model.parameters, { name: 'mu', default: 0.2 }],
    unilateral: particleInCorner.model.unilateral.map((u) => ({ ...u, slip: 1, friction: { kinetic: 'mu', static: 'mu' } })),
  },
  slipJacobian: (_t, _q, _p, out = new Float64Array(4)) => (out.set([1, 0, 0, 1]), out),
  slipRates: (_t, _q, qd, _p, out = new Float64Array(2)) => (out.set([qd[0]!, qd[1]!]), out),
  friction: (_t, p, out = new Float64Array(4)) => (out.fill(p.mu ?? 0.2), out),
};

describe('ContactRows', () => {
  it('stacks, per contact asked for, its normal row then its slip rows, with their rates', () => {
    const rows = new ContactRows(roughCorner, {}, 'test');
    expect(rows.slipStart).toEqual([0, 1, 2]);
    // Wall (contact 1) first: normal ∂x, slip ∂y; then the floor: normal ∂y, slip ∂x.
    expect(Array.from(rows.rows(0, [0, 0], [1, 0]))).toEqual([1, 0, 0, 1, 0, 1, 1, 0]);
    expect(Array.from(rows.rates(0, [0, 0], [3, 4], [1, 0], new Float64Array(4)))).toEqual([3, 4, 4, 3]);
    expect(rows.rowCount([0, 1])).toBe(4);
  });

  it('knows which models have slip rows', () => {
    expect(hasSlipRows(roughDisk)).toBe(true);
    expect(hasSlipRows(bouncingBall)).toBe(false);
  });

  it("refuses a 'stick' contact without a slip row, and a module with slip rows but without the slip functions (all named at once)", () => {
    const bare: LoadedModule = { ...stickingDisk, model: { ...stickingDisk.model, unilateral: [{ name: 'floor', law: { kind: 'stick' } }] } };
    const err = thrown(() => frictionalImpact(bare, {}, 0, [0, 0.5, 0], [0, -1, 0], [true]));
    expect(err.code).toBe('unsupported-impact-law');
    expect(err.where.field).toBe('unilateral[0].slip');
    const declared: LoadedModule = { ...bouncingBall, model: { ...bouncingBall.model, unilateral: [{ ...bouncingBall.model.unilateral[0]!, slip: 1 }] } };
    const missing = thrown(() => frictionalImpact(declared, {}, 0, [0], [-1], [true]));
    expect(missing.code).toBe('incomplete-module');
    expect(missing.message).toContain('slipJacobian, slipRates, friction');
  });

  it('needs no slip function for a model without slip rows: its impacts are frictionless, Newton with one e', () => {
    const res = frictionalImpact(bouncingBall, { e: 0.5 }, 0, [0], [-2], [true]);
    expect(res.phases).toEqual(['closed']);
    expect(res.qdPlus[0]).toBeCloseTo(1, 15);
    expect(res.tangentialImpulses).toHaveLength(0);
  });
});

describe('a disk arriving on a rough floor (hand solution)', () => {
  // Normal speed v, slip speed u = ẋ + rφ̇; W_NN = 1/m, W_NT = 0,
  // W_TT = (1 + 1/k)/m. Λ_N = m(1 + e)v. Sticking (U_T⁺ = 0, no tangential
  // restitution) needs Λ_T = −u/W_TT within μΛ_N: μ* = |u| k / ((1 + e) v (1 + k)).
  const m = 2,
    r = 0.5,
    k = 0.5,
    e = 0.5;
  const v = 2,
    qd = [1, -v, 0.4];
  const u = qd[0]! + r * qd[2]!;
  const threshold = (Math.abs(u) * k) / ((1 + e) * v * (1 + k));

  it(`slides below μ* = ${threshold}: Λ_T = −μΛ_N sgn u, the normal law unchanged`, () => {
    const mu = 0.9 * threshold;
    const res = frictionalImpact(roughDisk, { e, mu }, 0, [0, r, 0], qd, [true]);
    expect(res.status).toBe('ok');
    expect(res.phases).toEqual(['slip']);
    expect(res.modes).toEqual([1]); // sliding forward, as u > 0
    expect(res.impulses[0]).toBeCloseTo(m * (1 + e) * v, 13);
    expect(res.tangentialImpulses[0]).toBeCloseTo(-mu * m * (1 + e) * v, 13);
    expect(res.qdPlus[1]).toBeCloseTo(e * v, 14);
    expect(res.qdPlus[0]).toBeCloseTo(qd[0]! - mu * (1 + e) * v, 14);
    expect(res.qdPlus[2]).toBeCloseTo(qd[2]! - (mu * m * (1 + e) * v * r) / (k * m * r * r), 13);
    expect(res.residual).toBeLessThan(1e-14);
  });

  it('sticks above μ*: the slip velocity ends at 0 (U_T⁺ = 0, no tangential restitution)', () => {
    const res = frictionalImpact(roughDisk, { e, mu: 1.1 * threshold }, 0, [0, r, 0], qd, [true]);
    expect(res.phases).toEqual(['stick']);
    expect(res.modes).toEqual([2]);
    expect(Math.abs(res.qdPlus[0]! + r * res.qdPlus[2]!)).toBeLessThan(1e-14);
    expect(res.qdPlus[1]).toBeCloseTo(e * v, 14);
    // Backwards, the slide is mode −1.
    const back = frictionalImpact(roughDisk, { e, mu: 0.9 * threshold }, 0, [0, r, 0], [-qd[0]!, qd[1]!, -qd[2]!], [true]);
    expect(back.modes).toEqual([-1]);
    expect(res.tangentialImpulses[0]).toBeCloseTo(-u / ((1 + 1 / k) / m), 13);
  });

  it("the 'stick' law pins the contact point (plastic: U_N⁺ = 0, U_T⁺ = 0)", () => {
    const res = frictionalImpact(stickingDisk, {}, 0, [0, r, 0], qd, [true]);
    expect(res.phases).toEqual(['stick']);
    expect(Math.abs(res.qdPlus[1]!)).toBeLessThan(1e-15);
    expect(Math.abs(res.qdPlus[0]! + r * res.qdPlus[2]!)).toBeLessThan(1e-15);
  });

  it('leaves a closed contact that separates alone', () => {
    const res = frictionalImpact(roughDisk, { e, mu: 0.3 }, 0, [0, r, 0], [1, 0.5, 3], [true]);
    expect(res.phases).toEqual(['open']);
    expect(Array.from(res.qdPlus)).toEqual([1, 0.5, 3]);
    expect(res.pivots).toBe(0);
  });

  it('k = 0 (M singular, the rows pin φ): the k → 0 limit, μ* = 0 so it sticks with Λ_T = 0, Λ_N = m(1 + e)v, U_T⁺ = 0', () => {
    const res = frictionalImpact(roughDisk, { e, mu: 0.3, k: 0 }, 0, [0, r, 0], qd, [true]);
    expect(res.status).toBe('ok');
    expect(res.phases).toEqual(['stick']);
    expect(Math.abs(res.tangentialImpulses[0]!)).toBeLessThan(1e-12);
    expect(res.impulses[0]).toBeCloseTo(m * (1 + e) * v, 12);
    // ẋ unchanged, ẏ⁺ = e v, and ẋ⁺ + r φ̇⁺ = 0.
    [qd[0]!, e * v, -qd[0]! / r].forEach((w, i) => expect(res.qdPlus[i]).toBeCloseTo(w, 12));
  });
});

describe('each contact its own restitution (Newton per contact, as every driver)', () => {
  const params = { m: 2, eFloor: 0.3, eWall: 0.6, mu: 0 };

  it('reverses each normal velocity with its own e in a frictionless corner (orthogonal walls decouple)', () => {
    const res = frictionalImpact(roughCorner, params, 0, [0, 0], [-1.5, -2], [true, true]);
    expect(res.qdPlus[0]).toBeCloseTo(0.6 * 1.5, 14);
    expect(res.qdPlus[1]).toBeCloseTo(0.3 * 2, 14);
  });

  it('leaves a resting contact at rest: the wall arriving alone keeps its own e = 0.6 while the floor rests', () => {
    const res = frictionalImpact(roughCorner, params, 0, [0, 0], [-1.5, 0], [true, true]);
    expect(res.qdPlus[0]).toBeCloseTo(0.6 * 1.5, 14);
    expect(res.qdPlus[1]).toBe(0);
  });

  it('with friction the floor drags the particle arriving on it (slip row x): Λ_T = μΛ_N against ẋ', () => {
    const res = frictionalImpact(roughCorner, { ...params, mu: 0.2 }, 0, [0, 0], [1, -2], [true, false]);
    expect(res.phases).toEqual(['slip', 'open']);
    expect(res.impulses[0]).toBeCloseTo(2 * 1.3 * 2, 14);
    expect(res.qdPlus[0]).toBeCloseTo(1 - 0.2 * 1.3 * 2, 14);
  });
});
