// The generated modules of every model in derivations/: the committed files
// are what `npm run derive` produces now (golden files), generation is
// deterministic, and the generated numbers agree with the interpreted
// symbolic expressions (src/core/evaluate.ts) at random states.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Env, evaluate } from '../../src/core/evaluate.js';
import { TOOLKIT } from '../../src/codegen/module.js';
import type { DerivedSystem } from '../../src/derive/system.js';
import { momentumName } from '../../src/model/names.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { builtModel, builtModels } from '../helpers/built-models.js';
import { committedModule, derived, type ExampleFile, loadExamples, paramsOf, qdOf, qOf, randomEnv, ROOT, STATE_OPTIONS } from '../helpers/examples.js';
import { generatedSource, loadGenerated } from '../helpers/generated-module.js';
import { expectAllClose, expectClose, matVec, maxAbs, solve } from '../helpers/numeric.js';
import { rng } from '../helpers/random.js';

const STATES = 20;
const RTOL = 1e-12;
/** The models whose options keep off a singular mass matrix (the others' only keep off a realized contact). */
const OFF_POLES = new Set(['spherical-pendulum', 'rolling-disk', 'rolling-sphere', 'bicycle']);

/** The first line where two texts differ, for a readable staleness message. */
function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i + 1}:\n  committed: ${la[i] ?? '<end of file>'}\n  derived:   ${lb[i] ?? '<end of file>'}`;
  }
  return 'identical';
}

/**
 * The evaluated M, forcing and energy of the equations a module integrates:
 * Lagrange's, plus the terms realized by forces that act everywhere (Theorem 1
 * realizations, gap potentials) — kozlov1988 (1.2)'s T_N, V_N, F_N. The states
 * below keep off the compliant contacts, which act only where f ≤ 0.
 */
function evaluated(sys: DerivedSystem, env: Env): { M: number[][]; f: number[]; p: number[]; E?: number } {
  const M = sys.lagrange2.massMatrix.map((row) => row.map((e) => evaluate(e, env)));
  const f = sys.lagrange2.forcing.map((e) => evaluate(e, env));
  const p = sys.lagrange2.momenta.map((e) => evaluate(e, env));
  let E = sys.energy && evaluate(sys.energy, env);
  for (const t of sys.compliant?.terms.filter((t) => t.everywhere) ?? []) {
    if (t.adhesion || evaluate(t.force, env) > 0) t.generalizedForce.forEach((e, i) => (f[i]! += evaluate(e, env)));
    t.inertia?.forcing.forEach((e, i) => (f[i]! += evaluate(e, env)));
    t.inertia?.mass.forEach((row, i) => row.forEach((e, j) => (M[i]![j]! += evaluate(e, env))));
    t.inertia?.momentum.forEach((e, i) => (p[i]! += evaluate(e, env)));
    if (E !== undefined) E += evaluate(t.energy, env);
  }
  return { M, f, p, ...(E === undefined ? {} : { E }) };
}

const examples = await loadExamples();

describe('generated/: stale build output', () => {
  // The run's one build of every model (test/helpers/built-models.ts); test/report/committed.test.ts compares its reports.
  it.each(builtModels(examples).map((built, i) => [built.name, built, examples[i]!] as const))(
    '%s: the current sources regenerate the committed module byte for byte (run npm run derive after changing them)',
    (name, built, ex) => {
      expect([...built.code.keys()]).toEqual([`generated/${name}.ts`]);
      for (const [rel, text] of built.code) {
        const path = join(ROOT, rel);
        expect(existsSync(path), `${rel} is missing: run \`npm run derive\` and commit it`).toBe(true);
        const committed = readFileSync(path, 'utf8');
        expect(
          committed === text,
          `${rel} is stale (it differs from what ${ex.source} derives at ${firstDifference(committed, text)}); run \`npm run derive\` and commit the result`,
        ).toBe(true);
      }
    },
  );

  it('has no generated file without a model in derivations/', () => {
    const models = new Set(examples.map((e) => `${e.spec.name}.ts`));
    const orphans = readdirSync(join(ROOT, 'generated')).filter((f) => f.endsWith('.ts') && !models.has(f));
    expect(orphans, 'generated files whose model is gone: delete them (or restore the model)').toEqual([]);
  });
});

describe('generated code: determinism and form', () => {
  const generated = (ex: ExampleFile): string => builtModel(ex).code.get(`generated/${ex.spec.name}.ts`)!;

  // The first generation is the run's shared build, often made in another worker; the second, this worker's derivation's
  // (which the checks against the interpreted expressions below load).
  it.each(examples.map((e) => [e.spec.name, e] as const))('%s: deriving and generating twice gives identical bytes', (_, ex) => {
    const a = generated(ex);
    const b = generatedSource(derived(ex.spec), ex.source);
    expect(b === a, `second generation differs at ${firstDifference(a, b)}`).toBe(true);
  });

  it.each(examples.map((e) => [e.spec.name, e] as const))('%s: has a header naming the model, toolkit and method, and no imports', (name, ex) => {
    const source = generated(ex);
    const header = source.split('\n').slice(0, 3).join('\n');
    expect(header).toContain(`generated by ${TOOLKIT} from ${ex.source}. Do not edit.`);
    expect(header).toContain('Method: Lagrange equations of the second kind');
    expect(source).not.toMatch(/^\s*import\b/m);
    expect(source).toContain(`export const model = {\n  name: ${JSON.stringify(name)},`);
  });
});

describe('generated code against the interpreted expressions', async () => {
  const cases: [string, DerivedSystem, LoadedModule][] = [];
  for (const ex of examples) {
    const sys = derived(ex.spec);
    cases.push([ex.spec.name, sys, await loadGenerated(sys, ex.source)]);
  }

  describe.each(cases)('%s', (name, sys, mod) => {
    const { model, lagrange2 } = sys;
    const n = model.coordinates.length;
    const states = (seed: number) => {
      const r = rng(seed);
      return Array.from({ length: STATES }, () => randomEnv(model, r, STATE_OPTIONS[name]));
    };

    it('exports the model record: coordinates, parameter defaults, initial state', () => {
      expect(mod.model.name).toBe(name);
      expect(mod.model.coordinates).toEqual(model.coordinates.map((c) => c.name));
      expect(mod.model.parameters.map((p) => [p.name, p.default])).toEqual(model.parameters.map((p) => [p.name, p.default]));
      expect(mod.model.initial).toEqual(model.initial);
      expect(mod.model.constraintCount).toBe(sys.constraints?.A.length ?? 0);
    });

    it(`massMatrix and forcing equal the evaluated M and forcing at ${STATES} random states (1e-12 relative)`, () => {
      for (const [s, env] of states(101).entries()) {
        const [q, qd, p] = [qOf(model, env), qdOf(model, env), paramsOf(model, env)];
        const M = mod.massMatrix(env.t!, q, p);
        const f = mod.forcing(env.t!, q, qd, p);
        const want = evaluated(sys, env);
        want.M.forEach((row, i) => row.forEach((v, j) => expectClose(M[i * n + j]!, v, RTOL, 1, `state ${s}: M[${i}][${j}]`)));
        want.f.forEach((v, i) => expectClose(f[i]!, v, RTOL, 1, `state ${s}: forcing[${i}]`));
      }
    });

    it('uses the parameter defaults for parameters left out', () => {
      const r = rng(7);
      const env = randomEnv(model, r, { ...STATE_OPTIONS[name], defaults: true });
      const M = mod.massMatrix(env.t!, qOf(model, env), {});
      evaluated(sys, env).M.forEach((row, i) => row.forEach((v, j) => expectClose(M[i * n + j]!, v, RTOL, 1, `M[${i}][${j}]`)));
    });

    it('writes into a caller-supplied output array and returns it', () => {
      const env = states(3)[0]!;
      const out = new Float64Array(n * n);
      expect(mod.massMatrix(env.t!, qOf(model, env), paramsOf(model, env), out)).toBe(out);
      const fout = new Float64Array(n);
      expect(mod.forcing(env.t!, qOf(model, env), qdOf(model, env), paramsOf(model, env), fout)).toBe(fout);
    });

    it('momenta equal the evaluated p = Mq̇ + b, with the added masses’ a ḟ Gᵀ', () => {
      for (const [s, env] of states(202).entries()) {
        const pm = mod.momenta(env.t!, qOf(model, env), qdOf(model, env), paramsOf(model, env));
        evaluated(sys, env).p.forEach((v, i) => expectClose(pm[i]!, v, RTOL, 1, `state ${s}: p[${i}]`));
      }
    });

    it('accelerations solve the equations of motion (M q̈ = forcing, or the KKT system with constraints)', () => {
      for (const [s, env] of states(303).entries()) {
        const [q, qd, p] = [qOf(model, env), qdOf(model, env), paramsOf(model, env)];
        const { M, f } = evaluated(sys, env);
        const qdd = mod.accelerations(env.t!, q, qd, p);
        if (!sys.constraints) {
          expectAllClose(qdd, solve(M, f), 1e-10, maxAbs(solve(M, f)), `state ${s}: q̈`);
          expectAllClose(matVec(M, qdd), f, 1e-10, maxAbs(f), `state ${s}: M q̈`);
          continue;
        }
        const A = sys.constraints.A.map((row) => row.map((e) => evaluate(e, env)));
        const bias = sys.constraints.bias.map((e) => evaluate(e, env));
        const m = A.length;
        const K = [...M.map((row, i) => [...row, ...A.map((a) => a[i]!)]), ...A.map((a) => [...a, ...new Array<number>(m).fill(0)])];
        const y = solve(K, [...f, ...bias.map((b) => -b)]);
        const ya = mod.constraintAccelerations!(env.t!, q, qd, p);
        expectAllClose(qdd, y.slice(0, n), 1e-10, maxAbs(y), `state ${s}: q̈`);
        expectAllClose(ya, y, 1e-10, maxAbs(y), `state ${s}: [q̈, λ]`);
        // A q̈ + (Ȧq̇ + ḃ) = 0.
        expectAllClose(
          matVec(A, qdd).map((v, k) => v + bias[k]!),
          new Array<number>(m).fill(0),
          1e-10,
          maxAbs(bias) + 1,
          `state ${s}: A q̈ + bias`,
        );
      }
    });

    it('rhs is [q̇, q̈] on the state x = [q, q̇]', () => {
      for (const env of states(404).slice(0, 5)) {
        const [q, qd, p] = [qOf(model, env), qdOf(model, env), paramsOf(model, env)];
        const dx = mod.rhs(env.t!, [...q, ...qd], p);
        expect(Array.from(dx.subarray(0, n))).toEqual(qd);
        expect(Array.from(dx.subarray(n))).toEqual(Array.from(mod.accelerations(env.t!, q, qd, p)));
      }
    });

    if (sys.energy) {
      it('energy equals the evaluated T + V', () => {
        for (const [s, env] of states(505).entries()) {
          expectClose(mod.energy!(env.t!, qOf(model, env), qdOf(model, env), paramsOf(model, env)), evaluated(sys, env).E!, RTOL, 1, `state ${s}: E`);
        }
      });
    }

    if (mod.model.conservative) {
      it('hamiltonian(q, momenta(q, q̇)) equals energy(q, q̇)', () => {
        for (const [s, env] of states(606).entries()) {
          const [q, qd, p] = [qOf(model, env), qdOf(model, env), paramsOf(model, env)];
          const pm = mod.momenta(env.t!, q, qd, p);
          expectClose(mod.hamiltonian(env.t!, q, pm, p), mod.energy!(env.t!, q, qd, p), 1e-11, 1, `state ${s}: H vs E`);
        }
      });
    }

    if (sys.hamilton.explicit) {
      it('hamiltonian and the q̇ of hamiltonRhs equal the explicit H and ∂H/∂p', () => {
        const { H, qdot } = sys.hamilton.explicit!;
        for (const [s, env] of states(707).entries()) {
          const [q, qd, p] = [qOf(model, env), qdOf(model, env), paramsOf(model, env)];
          const pm = mod.momenta(env.t!, q, qd, p);
          const canonical: Record<string, number> = Object.fromEntries(Object.entries(env).filter(([k]) => !k.endsWith("'")));
          model.coordinates.forEach((c, i) => (canonical[momentumName(c.name)] = pm[i]!));
          expectClose(mod.hamiltonian(env.t!, q, pm, p), evaluate(H, canonical), 1e-11, 1, `state ${s}: H`);
          const dz = mod.hamiltonRhs(env.t!, [...q, ...pm], p);
          qdot.forEach((e, i) => expectClose(dz[i]!, evaluate(e, canonical), 1e-10, 1, `state ${s}: ∂H/∂p[${i}]`));
        }
      });
    }

    it('hamiltonRhs gives ṗ = ∂L/∂q + Q − Aᵀλ at p = momenta(q̇), with the realized terms’ F_n Gᵀ + ∂T_a/∂q', () => {
      for (const [s, env] of states(808).entries()) {
        const [q, qd, p] = [qOf(model, env), qdOf(model, env), paramsOf(model, env)];
        const pm = mod.momenta(env.t!, q, qd, p);
        const dz = mod.hamiltonRhs(env.t!, [...q, ...pm], p);
        const expected = lagrange2.dLdq.map((e, i) => evaluate(e, env) + evaluate(model.Q[i]!, env));
        for (const t of sys.compliant?.terms.filter((t) => t.everywhere) ?? []) {
          if (t.adhesion || evaluate(t.force, env) > 0) t.generalizedForce.forEach((e, i) => (expected[i]! += evaluate(e, env)));
          t.inertia?.dTdq.forEach((e, i) => (expected[i]! += evaluate(e, env)));
        }
        if (sys.constraints) {
          const lambda = mod.constraintAccelerations!(env.t!, q, qd, p).subarray(n);
          sys.constraints.A.forEach((row, k) => row.forEach((a, i) => (expected[i]! -= evaluate(a, env) * lambda[k]!)));
        }
        expectAllClose(dz.subarray(0, n), qd, 1e-10, 1, `state ${s}: q̇`);
        expectAllClose(dz.subarray(n), expected, 1e-10, maxAbs(expected) + 1, `state ${s}: ṗ`);
      }
    });
  });
});

describe('committed generated modules against the interpreted expressions', async () => {
  // The modules users import: checked directly as well, so that a stale file
  // whose numbers are still right is told apart from one that is wrong.
  const committed: [string, DerivedSystem, LoadedModule][] = [];
  for (const ex of examples) {
    const path = join(ROOT, 'generated', `${ex.spec.name}.ts`);
    if (existsSync(path)) committed.push([ex.spec.name, derived(ex.spec), (await committedModule(ex.spec.name))!]);
  }

  it('includes the six textbook examples', () => {
    expect(committed.map(([n]) => n)).toEqual(
      expect.arrayContaining(['double-pendulum', 'knife-edge', 'n-link-pendulum', 'pendulum-on-cart', 'simple-pendulum', 'spherical-pendulum']),
    );
  });

  it('covers every module in generated/', () => {
    const files = readdirSync(join(ROOT, 'generated')).filter((f) => f.endsWith('.ts'));
    expect(committed.map(([n]) => `${n}.ts`).sort()).toEqual(files.sort());
  });

  // The contract itself, from the module alone: massMatrix is the M of M q̈ = forcing (− Aᵀλ with
  // retaining constraints), so every term of T that acts — a realized contact's added mass inside
  // it — is in it. The states reach inside the realized contacts (y < 0), unlike the ones above.
  it.each(committed)('%s: massMatrix · accelerations = forcing (− Aᵀλ) at 20 seeded random states and parameters', (name, sys, mod) => {
    const n = sys.model.coordinates.length;
    const r = rng(1213);
    const options = OFF_POLES.has(name) ? STATE_OPTIONS[name] : {};
    for (let s = 0; s < STATES; s++) {
      const env = randomEnv(sys.model, r, options);
      const [q, qd, p] = [qOf(sys.model, env), qdOf(sys.model, env), paramsOf(sys.model, env)];
      const M = mod.massMatrix(env.t!, q, p);
      const rows = Array.from({ length: n }, (_, i) => Array.from(M.subarray(i * n, (i + 1) * n)));
      const expected = Array.from(mod.forcing(env.t!, q, qd, p));
      const qdd = mod.accelerations(env.t!, q, qd, p);
      if (sys.constraints) {
        const lambda = mod.constraintAccelerations!(env.t!, q, qd, p).subarray(n);
        sys.constraints.A.forEach((row, k) => row.forEach((a, i) => (expected[i]! -= evaluate(a, env) * lambda[k]!)));
      }
      expectAllClose(matVec(rows, Array.from(qdd)), expected, 1e-9, maxAbs(expected) + maxAbs(M) * maxAbs(qdd), `state ${s}: M q̈`);
    }
  });

  it.each(committed)('%s: massMatrix and forcing equal the evaluated M and forcing', (name, sys, mod) => {
    const n = sys.model.coordinates.length;
    const r = rng(909);
    for (let s = 0; s < STATES; s++) {
      const env = randomEnv(sys.model, r, STATE_OPTIONS[name]);
      const [q, qd, p] = [qOf(sys.model, env), qdOf(sys.model, env), paramsOf(sys.model, env)];
      const M = mod.massMatrix(env.t!, q, p);
      const f = mod.forcing(env.t!, q, qd, p);
      const want = evaluated(sys, env);
      want.M.forEach((row, i) => row.forEach((v, j) => expectClose(M[i * n + j]!, v, RTOL, 1, `state ${s}: M[${i}][${j}]`)));
      want.f.forEach((v, i) => expectClose(f[i]!, v, RTOL, 1, `state ${s}: forcing[${i}]`));
    }
  });
});
