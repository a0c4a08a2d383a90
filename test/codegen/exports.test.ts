// The exports added for the runtime: gapRates (ġ = G q̇ + ∂g/∂t with the
// derivation's symbolic ∂g/∂t), restitution (the derivation's e, W², 0 per
// contact) and checkParams, on every example with contacts
// and on a model whose gap moves with time.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import type { DerivedSystem } from '../../src/derive/system.js';
import type { ModelSpec } from '../../src/model/index.js';
import type { LoadedModule, ParamProblem } from '../../src/runtime/contract.js';
import { derived, hasContacts, loadExamples, paramsOf, qdOf, qOf, randomEnv } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { expectClose } from '../helpers/numeric.js';
import { rng } from '../helpers/random.js';

type WithContacts = LoadedModule & {
  gapRates(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Record<string, unknown>, out?: Float64Array): Float64Array;
  restitution(t: number, p: Record<string, unknown>, out?: Float64Array): Float64Array;
};
type Checked = LoadedModule & { checkParams(p: Record<string, unknown>): ParamProblem[] };

// A ball above a floor that rises at speed v: g = y − v t, so ∂g/∂t = −v.
const risingFloor: ModelSpec = {
  name: 'ball-over-rising-floor',
  coordinates: ['y'],
  parameters: { m: 1, g: 9.81, v: 0.3, W: 0.5 },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= v*t', law: { wLaw: 'W' } }],
  initial: { q: { y: 1 } },
};

// Rigid contacts only: a contact realized by forces is not in model.unilateral.
const examples = (await loadExamples()).filter((e) => hasContacts(e.spec));
const cases: [string, DerivedSystem, WithContacts][] = [];
for (const spec of [...examples.map((e) => e.spec), risingFloor]) {
  const sys = derived(spec);
  cases.push([spec.name, sys, (await loadGenerated(sys)) as WithContacts]);
}

describe.each(cases)('%s', (_, sys, mod) => {
  const { model } = sys;
  const contacts = sys.unilateral!.contacts;
  const states = Array.from(
    { length: 10 },
    (
      (r) => () =>
        randomEnv(model, r)
    )(rng(31)),
  );

  it('gapRates equals G q̇ + ∂g/∂t of the derivation at random states', () => {
    for (const [s, env] of states.entries()) {
      const rates = mod.gapRates(env.t!, qOf(model, env), qdOf(model, env), paramsOf(model, env));
      contacts.forEach((c, j) => {
        const expected = evaluate(c.normal.rate, env) + c.normal.row.reduce((acc, g, i) => acc + evaluate(g, env) * env[model.coordinates[i]!.qd.name]!, 0);
        expectClose(rates[j]!, expected, 1e-12, 1, `state ${s}: ġ[${j}]`);
      });
    }
  });

  it('gapRates is the time derivative of gaps along q + h q̇ (central difference, 1e-6)', () => {
    const h = 1e-5;
    for (const env of states) {
      const [q, qd, p] = [qOf(model, env), qdOf(model, env), paramsOf(model, env)];
      const at = (s: number) =>
        mod.gaps!(
          env.t! + s * h,
          q.map((x, i) => x + s * h * qd[i]!),
          p,
        );
      const [plus, minus] = [at(1), at(-1)];
      const rates = mod.gapRates(env.t!, q, qd, p);
      contacts.forEach((_, j) => expectClose(rates[j]!, (plus[j]! - minus[j]!) / (2 * h), 1e-6, 1, `ġ[${j}]`));
    }
  });

  it('restitution is the coefficient of each contact law (e, W², 0) at the given parameters', () => {
    const env = states[0]!;
    const out = new Float64Array(contacts.length);
    expect(mod.restitution(env.t!, paramsOf(model, env), out)).toBe(out);
    contacts.forEach((c, j) => expectClose(out[j]!, evaluate(c.restitution, env), 1e-15, 1, `e[${j}]`));
  });
});

describe('ball over a rising floor: ∂g/∂t is exact, not a difference quotient', () => {
  it('gapRates at rest on the floor is −v; restitution is W²', async () => {
    const mod = cases.find(([name]) => name === risingFloor.name)![2];
    expect(Array.from(mod.gapRates(2, [0.6], [0], { v: 0.3 }))).toEqual([-0.3]);
    expect(Array.from(mod.restitution(0, { W: 0.5 }))).toEqual([0.25]);
  });
});

describe('checkParams', () => {
  const mod = cases[0]![2] as unknown as Checked;
  const [name, sys] = cases[0]!;
  const first = sys.model.parameters[0]!.name;

  it(`${name}: accepts no parameters, the defaults, and undefined values (which take the default)`, () => {
    expect(mod.checkParams({})).toEqual([]);
    expect(mod.checkParams(Object.fromEntries(sys.model.parameters.map((p) => [p.name, p.default])))).toEqual([]);
    expect(mod.checkParams({ [first]: undefined })).toEqual([]);
  });

  it('rejects a string value instead of concatenating it, naming the parameter and the type', () => {
    const problems = mod.checkParams({ [first]: '1' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ name: first, problem: 'non-finite-input' });
    expect(problems[0]!.message).toContain(`parameter '${first}'`);
    expect(problems[0]!.message).toContain('string');
  });

  it('rejects NaN and Infinity, and names unknown parameters with the known ones', () => {
    expect(mod.checkParams({ [first]: Number.NaN, nope: 1, [`${first}x`]: Infinity })).toEqual([
      { name: first, problem: 'non-finite-input', message: expect.stringContaining(`'${first}' is NaN`) },
      {
        name: 'nope',
        problem: 'unknown-parameter',
        message: expect.stringMatching(new RegExp(`'nope' is not a parameter of the model \\(its parameters: ${first}, `)),
      },
      { name: `${first}x`, problem: 'unknown-parameter', message: expect.stringContaining(`'${first}x' is not a parameter`) },
    ]);
  });
});
