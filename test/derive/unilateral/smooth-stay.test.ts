// The impact with the closed contacts' lines smooth (rubanovich1981 §3, (3.15), (3.16)).
import { describe, expect, it } from 'vitest';
import hingedCompass from '../../../derivations/hinged-compass.js';
import bouncingBall from '../../../derivations/bouncing-ball.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { subs } from '../../../src/core/subs.js';
import { smoothSlip, smoothStay } from '../../../src/derive/unilateral/smooth-stay.js';
import { preImpactName } from '../../../src/model/names.js';
import { derived } from '../../helpers/examples.js';

describe('hinged compass struck on foot 1 with foot 2’s line smooth', () => {
  const system = derived(hingedCompass);
  const { model, lagrange2: l2 } = system;
  const { contacts, impactMaps } = system.unilateral!;
  const im = impactMaps[0]!;
  const smooth = smoothStay(model, l2, contacts, im)!;
  const env = { m: 1.3, l: 0.8, g: 9.81, beta: 0.4, [preImpactName('a1')]: 0.7, [preImpactName('a2')]: -1.1 };
  const at = (e: Parameters<typeof evaluate>[0]): number => evaluate(subs(e, im.scenario.at), env);
  const q = (e: Parameters<typeof evaluate>[0]): number => evaluate(e, env);
  const vPlus = smooth.qdPlus.map(q);
  const vMinus = im.qdMinus.map(q);
  const rate = (row: readonly Parameters<typeof evaluate>[0][], v: readonly number[]): number => row.reduce((s, a, i) => s + at(a) * v[i]!, 0);
  const [foot1, foot2] = contacts;

  it('keeps only foot 2’s normal row: foot 1 at rest after, foot 2 on the line and free to slide', () => {
    expect([...smooth.impulses.keys()]).toEqual(['foot1.n', 'foot1.t', 'foot2.n']);
    expect(rate(foot1!.normal.row, vPlus)).toBeCloseTo(0, 12);
    expect(rate(foot1!.tangent!.row, vPlus)).toBeCloseTo(0, 12);
    expect(rate(foot2!.normal.row, vPlus)).toBeCloseTo(0, 12);
    expect(Math.abs(rate(foot2!.tangent!.row, vPlus))).toBeGreaterThan(1e-3);
  });

  it('satisfies the impact equations M[q̇] = Σ row·impulse over the three rows (Lagrange’s impact equations, R–F (3.1))', () => {
    const M = l2.massMatrix.map((r) => r.map(at));
    const rows = [foot1!.normal, foot1!.tangent!, foot2!.normal];
    const lambda = rows.map((r) => q(smooth.impulses.get(r.label)!));
    M.forEach((row, i) => {
      const lhs = row.reduce((s, a, k) => s + a * (vPlus[k]! - vMinus[k]!), 0);
      const rhs = rows.reduce((s, r, k) => s + at(r.row[i]!) * lambda[k]!, 0);
      expect(lhs).toBeCloseTo(rhs, 10);
    });
  });

  it('loses kinetic energy (Carnot): a smooth line does no work on the slide', () => {
    const M = l2.massMatrix.map((r) => r.map(at));
    const T = (v: readonly number[]) => 0.5 * M.reduce((s, row, i) => s + v[i]! * row.reduce((t, a, k) => t + a * v[k]!, 0), 0);
    expect(T(vPlus)).toBeLessThan(T(vMinus));
  });
});

describe('hinged compass struck on foot 1 with foot 1’s own line smooth, foot 2 leaving', () => {
  const system = derived(hingedCompass);
  const { model, lagrange2: l2 } = system;
  const { contacts, impactMaps } = system.unilateral!;
  const im = impactMaps[0]!;
  const slip = smoothSlip(model, l2, contacts, im)!;
  const env = { m: 1.3, l: 0.8, g: 9.81, beta: 0.4, [preImpactName('a1')]: 0.7, [preImpactName('a2')]: -1.1 };
  const at = (e: Parameters<typeof evaluate>[0]): number => evaluate(subs(e, im.scenario.at), env);
  const vPlus = slip.qdPlus.map((e) => evaluate(e, env));
  const rate = (row: readonly Parameters<typeof evaluate>[0][]): number => row.reduce((s, a, i) => s + at(a) * vPlus[i]!, 0);
  const [foot1, foot2] = contacts;

  it('keeps foot 1’s normal row alone: on the line after, sliding, and foot 2’s normal velocity the separation given', () => {
    expect([...slip.impulses.keys()]).toEqual(['foot1.n']);
    expect(rate(foot1!.normal.row)).toBeCloseTo(0, 12);
    expect(Math.abs(rate(foot1!.tangent!.row))).toBeGreaterThan(1e-3);
    expect(evaluate(slip.separations[0]!, env)).toBeCloseTo(rate(foot2!.normal.row), 12);
  });
});

describe('an impact without a closed pinned contact', () => {
  it('has no smooth stay and no smooth slip', () => {
    const system = derived(bouncingBall);
    const im = system.unilateral?.impactMaps[0];
    expect(im && smoothStay(system.model, system.lagrange2, system.unilateral!.contacts, im)).toBeUndefined();
    expect(im && smoothSlip(system.model, system.lagrange2, system.unilateral!.contacts, im)).toBeUndefined();
  });
});
