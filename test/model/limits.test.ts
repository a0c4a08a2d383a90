// The limits of a model's values (src/model/limits.ts) refused alike at each
// door: the model file's defaults (buildModel), a run's --param
// (parameterValues), and a library call's params (the generated module's
// checkParams, through simulate), with a Moreau–Jean restitution override.
import { describe, expect, it } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import type { ParameterSpec } from '../../src/model/spec.js';
import { parameterValues } from '../../src/pipeline/run-values.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { thrown } from '../helpers/thrown.js';

// A ball on a rigid floor (Newton's e) and one on a Kelvin–Voigt floor (k, c), each with a mass in kg.
const rigid = (e: number, law: Record<string, unknown> = {}, range?: Record<string, unknown>): ModelSpec => ({
  name: 'rigid-ball',
  coordinates: ['y'],
  parameters: { m: { default: 1, unit: 'kg' }, g: 9.81, e: { default: e, ...range } },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e', ...law } }],
  initial: { q: { y: 1 }, t1: 1 },
});
const soft = (k: number, c: number, m = 1): ModelSpec => ({
  name: 'soft-ball',
  coordinates: ['y'],
  parameters: { m: { default: m, unit: 'kg' }, g: 9.81, k, c },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k', damping: 'c' } } }],
  initial: { q: { y: 0.1 }, t1: 0.5 },
});

// A body turning about a hinge at distance l from its centre of mass: its moment about the hinge I
// exceeds m l² (the moment about the centre of mass, I − m l², is the one in T): a range with one end.
const hinged = (I: number): ModelSpec => ({
  name: 'hinged-body',
  coordinates: ['phi'],
  parameters: { m: { default: 1, unit: 'kg' }, l: 0.5, g: 9.81, I: { default: I, range: ['m*l^2', null], open: 'lower' } },
  kinetic: "(I - m*l^2)*phi'^2/2",
  potential: '-m*g*l*cos(phi)',
  initial: { q: { phi: 0.5 }, t1: 1 },
});

/** [code, field] of every problem of an error. */
const problems = (err: MechanicsError): [string, string | undefined][] => (err.problems.length ? err.problems : [err]).map((p) => [p.code, p.where.field]);
const fromDefaults = (spec: ModelSpec) => problems(thrown(() => buildModel(spec), MechanicsError));
const fromParam = (spec: ModelSpec, name: string, value: string) =>
  problems(thrown(() => parameterValues(buildModel(spec), [{ name, value }]), MechanicsError));

describe("a model's defaults", () => {
  it('refuse a superelastic e, a negative damping, a zero stiffness and a negative mass, each in its field', () => {
    expect(fromDefaults(rigid(1.5))).toEqual([['bad-restitution', 'unilateral[0].law.newton']]);
    expect(fromDefaults(soft(1e4, -3))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant.damping']]);
    expect(fromDefaults(soft(0, 3))).toEqual([['bad-compliant-law', 'unilateral[0].law.compliant.stiffness']]);
    expect(fromDefaults(soft(1e4, 3, -1))).toEqual([['bad-mass', 'parameters.m']]);
  });

  it('refuse a constant without a real value, naming it', () => {
    const err = thrown(() => buildModel({ ...soft(1e4, 3), potential: 'sqrt(-1)*m*g*y' }), MechanicsError);
    expect([err.code, err.where.model, err.where.field]).toEqual(['complex-constant', 'soft-ball', 'potential']);
    expect(err.message).toContain('(-1)^(1/2) has no real value');
  });

  it('hold a range closed unless declared open', () => {
    expect(buildModel(rigid(1, {}, { range: [0, 1] })).parameters[2]!.default).toBe(1);
    expect(fromDefaults(rigid(1, {}, { range: [0, 1], open: 'upper' }))).toEqual([['bad-range', 'parameters.e.range']]);
    expect(fromDefaults(rigid(0.5, {}, { open: true }))).toEqual([['bad-range', 'parameters.e.open']]);
  });

  it('hold a one-sided range: I > m l² takes 0.26 and refuses its end 0.25', () => {
    expect(buildModel(hinged(0.26)).parameters[3]!.default).toBe(0.26);
    expect(fromDefaults(hinged(0.25))).toEqual([['bad-range', 'parameters.I.range']]);
  });

  it('accept e > 1 where the law says allowSuperelastic', () => {
    expect(buildModel(rigid(1.5, { allowSuperelastic: true })).unilateral[0]!.law).toMatchObject({ superelastic: true });
  });
});

describe('--param', () => {
  it('refuses what the defaults refuse, in the option that set it', () => {
    expect(fromParam(rigid(0.8), 'e', '1.5')).toEqual([['bad-restitution', '--param e']]);
    expect(fromParam(rigid(0.8), 'm', '-1')).toEqual([['bad-mass', '--param m']]);
    expect(fromParam(soft(1e4, 3), 'c', '-3')).toEqual([['bad-compliant-law', '--param c']]);
    expect(fromParam(soft(1e4, 3), 'k', '0')).toEqual([['bad-compliant-law', '--param k']]);
    expect(fromParam(rigid(0.8), 'e', 'sqrt(-1)')).toEqual([['complex-constant', '--param e']]);
    expect(fromParam(rigid(0.8, {}, { range: [0, 1], open: true }), 'e', '1')).toEqual([['bad-range', '--param e']]);
  });

  it("holds a one-sided range at the run's values: I inside, I at m l², and an l that moves the end past the default I", () => {
    expect(parameterValues(buildModel(hinged(0.3)), [{ name: 'I', value: '0.26' }]).I).toBe(0.26);
    expect(parameterValues(buildModel(hinged(0.3)), [{ name: 'I', value: '1e6' }]).I).toBe(1e6);
    expect(fromParam(hinged(0.3), 'I', '0.25')).toEqual([['bad-range', '--param I']]);
    expect(fromParam(hinged(0.3), 'l', '0.6')).toEqual([['bad-range', '--param l']]);
    const err = thrown(() => parameterValues(buildModel(hinged(0.3)), [{ name: 'I', value: '0.1' }]), MechanicsError);
    expect(err.message).toContain("parameter 'I' is 0.1 at this run's parameter values; it must be > l^2*m = 0.25");
  });

  it('takes a closed end, and e > 1 under allowSuperelastic', () => {
    expect(parameterValues(buildModel(rigid(0.8, {}, { range: [0, 1] })), [{ name: 'e', value: '1' }]).e).toBe(1);
    expect(parameterValues(buildModel(rigid(0.8, { allowSuperelastic: true })), [{ name: 'e', value: '1.5' }]).e).toBe(1.5);
  });
});

describe("a library call's params", async () => {
  const ball = await loadGenerated(derived(rigid(0.8)));
  const floor = await loadGenerated(derived(soft(1e4, 3)));
  const run = (mod: typeof ball, params: Record<string, number>) =>
    problems(thrown(() => simulate(mod, { q0: [0.1], qd0: [0], t1: 0.2, params }), MechanicsError));

  it('refuse what the defaults refuse, through the module’s checkParams', () => {
    expect(run(ball, { e: 1.5 })).toEqual([['bad-restitution', 'params']]);
    expect(run(ball, { m: -1 })).toEqual([['bad-mass', 'params']]);
    expect(run(floor, { c: -3 })).toEqual([['bad-compliant-law', 'params']]);
    expect(run(floor, { k: 0 })).toEqual([['bad-compliant-law', 'params']]);
    expect(ball.checkParams!({ e: 1 })).toEqual([]);
  });

  it('refuse a value at the open end of a one-sided range, and take one far inside it', async () => {
    const body = await loadGenerated(derived(hinged(0.3)));
    const run = (params: Record<string, number>) => thrown(() => simulate(body, { q0: [0.5], qd0: [0], t1: 0.1, params }), MechanicsError);
    expect(problems(run({ I: 0.25 }))).toEqual([['bad-range', 'params']]);
    expect(problems(run({ I: 0.5, l: 1 }))).toEqual([['bad-range', 'params']]);
    expect(run({ I: 0.1 }).message).toContain("parameter 'I' is 0.1; it must be > l^2*m");
    expect(body.checkParams!({ I: 1e6 })).toEqual([]);
  });

  it('refuse a Moreau–Jean restitution override outside [0, 1], NaN included', () => {
    for (const e of [Number.NaN, 1.5, -0.1]) {
      const err = thrown(() => simulateMoreauJean(ball, { q0: [1], qd0: [0], t1: 1, h: 1e-3, restitution: [e] }), MechanicsError);
      expect(problems(err)).toEqual([['bad-restitution', 'restitution']]);
    }
  });

  it('hold a Moreau–Jean override to the limit the module records: e = 1.2 refused, and taken where the model declares allowSuperelastic', async () => {
    const superelastic = await loadGenerated(derived(rigid(0.8, { allowSuperelastic: true })));
    expect(superelastic.model.unilateral[0]!.law).toEqual({ kind: 'newton', restitution: 'e', allowSuperelastic: true });
    expect(ball.model.unilateral[0]!.law).toEqual({ kind: 'newton', restitution: 'e' });
    const run = (mod: typeof ball) => simulateMoreauJean(mod, { q0: [1], qd0: [0], t1: 1.5, h: 1e-4, restitution: [1.2], samples: 1501 });
    expect(problems(thrown(() => run(ball), MechanicsError))).toEqual([['bad-restitution', 'restitution']]);
    // Dropped from 1 m it leaves the floor at 1.2 √(2g), so it climbs to 1.2² = 1.44 m (to O(h) of the step's impulse).
    const { t, q } = run(superelastic);
    const landing = Math.sqrt(2 / 9.81);
    const apex = Math.max(...q.filter((_, i) => t[i]! > landing + 0.01).map(([y]) => y!));
    expect(apex).toBeCloseTo(1.44, 2);
    expect(problems(thrown(() => simulateMoreauJean(superelastic, { q0: [1], qd0: [0], t1: 1, h: 1e-3, restitution: [-0.1] }), MechanicsError))).toEqual([
      ['bad-restitution', 'restitution'],
    ]);
  });
});

describe("a contact patch's foundation (the viscoelastic disk's Winkler springs)", () => {
  it('refuses a zero stiffness and a negative viscosity, from the defaults and from --param; a zero viscosity is an elastic foundation', async () => {
    const disk = (await import('../../derivations/viscoelastic-disk.js')).default;
    const withDefault = (name: string, value: number): ModelSpec => ({
      ...disk,
      parameters: { ...disk.parameters, [name]: { ...(disk.parameters as Record<string, object>)[name], default: value } },
    });
    const at = 'patches.foundation.density';
    expect(fromDefaults(withDefault('k', 0))).toEqual([['bad-compliant-law', at]]);
    expect(fromDefaults(withDefault('nu', -1))).toEqual([['bad-compliant-law', at]]);
    expect(fromParam(disk, 'k', '0')).toEqual([['bad-compliant-law', '--param k']]);
    expect(fromParam(disk, 'nu', '-1')).toEqual([['bad-compliant-law', '--param nu']]);
    expect(() => parameterValues(buildModel(disk), [{ name: 'nu', value: '0' }])).not.toThrow();
  });

  it('refuses a relaxation time of its friction ≤ 0 (a slip within the cone would grow as exp(t/|t_r|))', async () => {
    const disk = (await import('../../derivations/viscoelastic-disk.js')).default;
    expect(fromParam(disk, 't_r', '-1')).toEqual([['bad-compliant-law', '--param t_r']]);
    expect(fromParam(disk, 't_r', '0')).toEqual([['bad-compliant-law', '--param t_r']]);
    expect(parameterValues(buildModel(disk), [{ name: 't_r', value: '1e-3' }]).t_r).toBe(1e-3);
  });
});

describe('the pendulum with friction in its hinge (smirnov1981 §2): I about the hinge exceeds m l²', () => {
  it('refuses a model file whose I ≤ m l², naming the model, I and its bound, not a self-locking', async () => {
    const pendulum = (await import('../../derivations/rough-hinge-pendulum.js')).default;
    const I = pendulum.parameters!.I as ParameterSpec;
    const withI = (value: number): ModelSpec => ({ ...pendulum, parameters: { ...pendulum.parameters, I: { ...I, default: value } } });
    const err = thrown(() => buildModel(withI(0.2)), MechanicsError);
    expect([err.code, err.where.model, err.where.field]).toEqual(['bad-range', 'rough-hinge-pendulum', 'parameters.I.range']);
    expect(err.message).toContain("parameter 'I': the default 0.2 must lie inside the range (l^2*m, ∞), at the defaults (0.25, ∞)");
    expect(fromParam(pendulum, 'I', '0.25')).toEqual([['bad-range', '--param I']]);
  });
});
