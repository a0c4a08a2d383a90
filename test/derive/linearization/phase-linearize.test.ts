// The contact rows' pieces of a phase's Jacobian (src/derive/linearization/phase-linearize.ts)
// against hand derivations: a point on a parabolic floor y ≥ kx²/2 that sticks
// along s = xy, and a table whose gap y − x sin ωt moves with time; the
// reaction block of a gap is its Hessian (symmetric), evaluated at random states.
import { describe, expect, it } from 'vitest';
import compassSpec from '../../../derivations/compass.js';
import doublePendulumSpec from '../../../derivations/double-pendulum.js';
import { evaluate, type Env } from '../../../src/core/evaluate.js';
import type { Expr } from '../../../src/core/expr.js';
import { defineModel } from '../../../src/model/index.js';
import { derived } from '../../helpers/examples.js';
import { rng } from '../../helpers/random.js';

const spec = defineModel({
  name: 'point-on-parabola-and-table',
  coordinates: ['x', 'y'],
  parameters: { k: 0.8, w: 3 },
  kinetic: "(x'^2 + y'^2)/2",
  potential: '9.81*y',
  unilateral: [
    { name: 'floor', constraint: 'y - k*x^2/2 >= 0', law: { stick: 'x*y' } },
    { name: 'table', constraint: 'y - x*sin(w*t) >= 0', law: { plastic: true } },
  ],
  initial: { q: { x: 0.5, y: 1 }, qd: {}, t1: 1 },
});

const values = (rows: readonly (readonly Expr[])[], env: Env): number[][] => rows.map((r) => r.map((e) => evaluate(e, env)));

describe('phase linearization', () => {
  const phase = derived(spec).phaseLinearization!;
  const r = rng(7);
  const states: Env[] = Array.from({ length: 5 }, () => {
    const u = (): number => 4 * r() - 2;
    return { x: u(), y: u(), "x'": u(), "y'": u(), "x''": u(), "y''": u(), k: 0.8, w: 3, t: u() };
  });

  it('of the parabolic floor’s normal row (−kx, 1): reaction [[−k, 0], [0, 0]], ∂C/∂q = (−kẍ, 0), ∂C/∂q̇ = (−2kẋ, 0) for C = −kxẍ + ÿ − kẋ²', () => {
    for (const s of states) {
      const { normal } = phase.contacts[0]!;
      expect(values(normal.reaction, s)).toEqual([
        [-0.8, 0],
        [0, 0],
      ]);
      expect(values([normal.q], s)[0]![0]).toBeCloseTo(-0.8 * s["x''"]!, 12);
      expect(values([normal.q], s)[0]![1]).toBe(0);
      expect(values([normal.qd], s)[0]![0]).toBeCloseTo(-1.6 * s["x'"]!, 12);
      expect(values([normal.qd], s)[0]![1]).toBe(0);
    }
  });

  it('of the sticking tangent s = xy, row (y, x): reaction [[0, 1], [1, 0]], ∂C/∂q = (ÿ, ẍ), ∂C/∂q̇ = (2ẏ, 2ẋ) for C = yẍ + xÿ + 2ẋẏ', () => {
    const tangent = phase.contacts[0]!.tangent!;
    for (const s of states) {
      expect(values(tangent.reaction, s)).toEqual([
        [0, 1],
        [1, 0],
      ]);
      const [cq, cqd] = values([tangent.q, tangent.qd], s);
      expect(cq![0]).toBeCloseTo(s["y''"]!, 12);
      expect(cq![1]).toBeCloseTo(s["x''"]!, 12);
      expect(cqd![0]).toBeCloseTo(2 * s["y'"]!, 12);
      expect(cqd![1]).toBeCloseTo(2 * s["x'"]!, 12);
    }
  });

  it('of the moving table, row (−sin ωt, 1): no reaction block, ∂C/∂q = (ω² sin ωt, 0), ∂C/∂q̇ = (−2ω cos ωt, 0) for C = −sin ωt ẍ + ÿ − 2ω cos ωt ẋ + ω²x sin ωt', () => {
    const table = phase.contacts[1]!;
    expect(table.tangent).toBeUndefined();
    for (const s of states) {
      expect(values(table.normal.reaction, s)).toEqual([
        [0, 0],
        [0, 0],
      ]);
      const [cq, cqd] = values([table.normal.q, table.normal.qd], s);
      expect(cq![0]).toBeCloseTo(9 * Math.sin(3 * s.t!), 12);
      expect(cq![1]).toBe(0);
      expect(cqd![0]).toBeCloseTo(-6 * Math.cos(3 * s.t!), 12);
      expect(cqd![1]).toBe(0);
    }
  });

  it('of the compass’s feet: each gap’s reaction block is its Hessian, symmetric, and not zero in ψ', () => {
    const compass = derived(compassSpec).phaseLinearization!;
    const env: Env = { xc: 0.1, yc: 0.6, psi: 0.2, l: 1, alpha: 0.3, m: 1, g: 9.81 };
    for (const c of compass.contacts) {
      for (const row of [c.normal, c.tangent!]) {
        const H = values(row.reaction, env);
        for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(H[i]![j]).toBeCloseTo(H[j]![i]!, 14);
        expect(Math.abs(H[2]![2]!)).toBeGreaterThan(0.1);
      }
    }
  });

  it('is absent for a model without contacts', () => {
    expect(derived(doublePendulumSpec).phaseLinearization).toBeUndefined();
  });
});
