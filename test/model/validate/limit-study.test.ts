// The rigid-limit study of a model (src/model/validate/limit-study.ts):
// Kozlov's added mass with its declared study builds; each broken field is a
// named problem at its own field, all reported at once.
import { describe, expect, it } from 'vitest';
import addedMass from '../../../derivations/kozlov-release-added-mass.js';
import { builds, modelError, mutate, problems } from '../spec-cases.js';

// Kozlov's point (2.3) above the line y ≥ 0 realized by an added mass N, a rigid wall beside it.
const base = {
  name: 'kozlov-point',
  coordinates: ['x', 'y'],
  parameters: { g: 1, N: { default: 100, range: [0, 1e9] }, e: 0.5, s: -1 },
  kinetic: "(x'^2 + y'^2)/2",
  unilateral: [
    { name: 'line', constraint: 'y >= 0', law: { compliant: { addedMass: 'N' } } },
    { name: 'wall', constraint: '2 - x >= 0', law: { plastic: true } },
  ],
  initial: { q: { x: -1 } },
};
const study = (change: Record<string, unknown>) =>
  mutate(base, { limitStudy: { parameter: 'N', values: [10, 100, 1000], rigid: { line: { plastic: true } }, limits: { release: 2 + Math.SQRT2 }, ...change } });

describe('a limit study', () => {
  it('that is sound builds: the added-mass realization as declared, and the minimal { parameter, values }', () => {
    builds(addedMass);
    builds(study({}));
    builds(mutate(base, { limitStudy: { parameter: 'N', values: [10, 100, 1000] } }));
  });

  it('varies a parameter of the model', () => {
    expect(problems(study({ parameter: 'M' }))).toEqual([['unknown-parameter', 'limitStudy.parameter']]);
    expect(problems(study({ parameter: 3 }))).toEqual([['bad-type', 'limitStudy.parameter']]);
    const { parameter: _p, ...rest } = { parameter: 'N', values: [10, 100, 1000] };
    expect(problems(mutate(base, { limitStudy: rest }))).toEqual([['missing-field', 'limitStudy.parameter']]);
  });

  it('over at least three distinct finite positive values inside the declared range', () => {
    expect(problems(study({ values: [10, 100] }))).toEqual([['bad-limit-study', 'limitStudy.values']]);
    expect(problems(study({ values: [10, Infinity, NaN, '1e3'] }))).toEqual([
      ['bad-limit-study', 'limitStudy.values[1]'],
      ['bad-limit-study', 'limitStudy.values[2]'],
      ['bad-limit-study', 'limitStudy.values[3]'],
    ]);
    expect(problems(study({ values: [0, 10, 100] }))).toEqual([['bad-limit-study', 'limitStudy.values[0]']]);
    expect(problems(study({ values: [10, 100, 2e9] }))).toEqual([['bad-limit-study', 'limitStudy.values[2]']]);
    expect(problems(study({ values: [10, 100, 10] }))).toEqual([['bad-limit-study', 'limitStudy.values[2]']]);
    // s has no range: a negative value is refused all the same (the orders are fitted in log s).
    expect(problems(study({ parameter: 's', values: [-1, 10, 100] }))).toEqual([['bad-limit-study', 'limitStudy.values[0]']]);
    expect(problems(study({ values: 'N' }))).toEqual([['bad-type', 'limitStudy.values']]);
  });

  it('gives rigid laws only to realized contacts, and only valid impact laws', () => {
    expect(problems(study({ rigid: { floor: { plastic: true } } }))).toEqual([['unknown-contact', 'limitStudy.rigid.floor']]);
    expect(problems(study({ rigid: { wall: { plastic: true } } }))).toEqual([['bad-limit-study', 'limitStudy.rigid.wall']]);
    expect(problems(study({ rigid: { line: { newton: 'e', plastic: true } } }))).toEqual([['bad-impact-law', 'limitStudy.rigid.line']]);
    expect(problems(study({ rigid: { line: { newton: 'E' } } }))).toEqual([['unknown-parameter', 'limitStudy.rigid.line.newton']]);
    expect(problems(study({ rigid: { line: { newton: 's' } } }))).toEqual([['bad-restitution', 'limitStudy.rigid.line.newton']]);
    builds(study({ rigid: { line: { newton: 'e' } } }));
  });

  it('has finite limits and no unknown keys', () => {
    expect(problems(study({ limits: { release: Infinity, restitution: '1/3' } }))).toEqual([
      ['bad-limit-study', 'limitStudy.limits.release'],
      ['bad-limit-study', 'limitStudy.limits.restitution'],
    ]);
    expect(problems(study({ limits: { period: 2 } }))).toEqual([['unknown-field', 'limitStudy.limits.period']]);
    expect(problems(study({ order: 1 }))).toEqual([['unknown-field', 'limitStudy.order']]);
  });

  it('bounds only quantities with a limit, each by a positive order', () => {
    builds(study({ bounds: { release: 0.5 } }));
    // The distance to the rigid motion tends to 0: its bound needs no limit given.
    builds(study({ bounds: { distance: 0.5 } }));
    expect(problems(study({ bounds: { distance: -1 } }))).toEqual([['bad-limit-study', 'limitStudy.bounds.distance']]);
    expect(problems(study({ bounds: { release: 0, duration: 0.5 } }))).toEqual([
      ['bad-limit-study', 'limitStudy.bounds.release'],
      ['bad-limit-study', 'limitStudy.bounds.duration'],
    ]);
    expect(problems(study({ bounds: { period: 1 } }))).toEqual([['unknown-field', 'limitStudy.bounds.period']]);
  });

  it('drops from a start of the model’s coordinates, set to finite numbers, to a positive t1', () => {
    builds(study({ drop: { q: { y: 0.1 }, qd: { x: 0, y: -1 }, t1: 1 } }));
    builds(study({ drop: { t1: 1 } }));
    expect(problems(study({ drop: { q: { z: 0.1 }, qd: { y: NaN }, t1: 0 } }))).toEqual([
      ['unknown-field', 'limitStudy.drop.q.z'],
      ['bad-limit-study', 'limitStudy.drop.qd.y'],
      ['bad-limit-study', 'limitStudy.drop.t1'],
    ]);
    expect(problems(study({ drop: { t1: 1, at: 2 } }))).toEqual([['unknown-field', 'limitStudy.drop.at']]);
  });

  it('draws its gap figure up to a positive finite cut', () => {
    builds(study({ cut: 0.005 }));
    expect(problems(study({ cut: 0 }))).toEqual([['bad-limit-study', 'limitStudy.cut']]);
    expect(problems(study({ cut: '1' }))).toEqual([['bad-limit-study', 'limitStudy.cut']]);
  });

  it('reports every problem at once, each naming the model, its field and the cause', () => {
    const err = modelError(study({ parameter: 'M', values: [10], rigid: { wall: { plastic: true } }, limits: { duration: NaN } }));
    expect(err.problems.map((p) => [p.code, p.where.field])).toEqual([
      ['unknown-parameter', 'limitStudy.parameter'],
      ['bad-limit-study', 'limitStudy.values'],
      ['bad-limit-study', 'limitStudy.rigid.wall'],
      ['bad-limit-study', 'limitStudy.limits.duration'],
    ]);
    for (const p of err.problems) expect(p.where.model).toBe('kozlov-point');
    expect(err.problems[0]!.message).toContain("'M', which is not a parameter (parameters: g, N, e, s)");
    expect(err.problems[1]!.message).toContain('at least 3');
    expect(err.problems[2]!.message).toContain("'wall' is already rigid");
    expect(modelError(study({ rigid: { flor: { plastic: true } } })).message).toContain(
      'limitStudy.rigid names flor, not a unilateral constraint of kozlov-point (line, wall)',
    );
  });
});
