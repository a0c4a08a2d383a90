// generateModule on models built here to stress code emission: user names
// that collide with JavaScript, with the generated functions' arguments or
// with derived names; parameter defaults of any magnitude. Each case checks
// that the source compiles and that its numbers equal the interpreted
// expressions.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { generateModule, printerNames } from '../../src/codegen/module.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { MechanicsError } from '../../src/errors.js';
import { RESERVED } from '../../src/model/names.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { derived, loadExamples, paramsOf, qdOf, qOf, randomEnv } from '../helpers/examples.js';
import { loadGenerated, syntaxErrors } from '../helpers/generated-module.js';
import { strictTypeErrors } from '../helpers/native-tsc.js';
import { expectClose } from '../helpers/numeric.js';
import { rng } from '../helpers/random.js';

/** Type errors of sources (each its own module) under the strict flags the committed generated/ files are checked with (strict.test.ts). */
function strictTypeErrorsOf(...sources: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'mechanics-tsc-'));
  const files = sources.map((source, k) => {
    const file = join(dir, `module${k}.ts`);
    writeFileSync(file, source);
    return file;
  });
  return strictTypeErrors(files);
}

/** M and forcing of the loaded module against the interpreted ones at random states. */
async function expectAgreement(spec: ModelSpec, params?: Record<string, number>): Promise<void> {
  const sys = derived(spec);
  const mod = await loadGenerated(sys);
  const n = sys.model.coordinates.length;
  const r = rng(17);
  for (let s = 0; s < 10; s++) {
    const env = { ...randomEnv(sys.model, r, { defaults: true }), ...params };
    const [q, qd] = [qOf(sys.model, env), qdOf(sys.model, env)];
    const p = params ?? paramsOf(sys.model, env);
    const M = mod.massMatrix(env.t!, q, p);
    const f = mod.forcing(env.t!, q, qd, p);
    sys.lagrange2.massMatrix.forEach((row, i) => row.forEach((e, j) => expectClose(M[i * n + j]!, evaluate(e, env), 1e-12, 1, `M[${i}][${j}]`)));
    sys.lagrange2.forcing.forEach((e, i) => expectClose(f[i]!, evaluate(e, env), 1e-12, 1, `forcing[${i}]`));
  }
}

// A coupled oscillator whose every name collides with something in the
// generated code: argument names (q, x, z, p, out, model), a JavaScript
// global (Math), a keyword (let), the local for the velocity of x (x_d), the
// scratch `qd` argument, the KKT size `N` and an embedded solver (choleskySolve).
const clashing: ModelSpec = {
  name: 'clashing-names',
  coordinates: ['q', 'x', 'z'],
  parameters: { p: 2, out: 1.5, Math: 0.7, let: 1.1, model: 3, qd: 0.5, x_d: 0.25, N: 2, choleskySolve: 0.3 },
  kinetic: "p*q'^2/2 + out*x'^2/2 + model*z'^2/2 + qd*q'*x'*cos(z)",
  potential: 'Math*q^2 + let*x^2*N + x_d*cos(z) + choleskySolve*q*x',
};

describe('coupled oscillator with names that collide with the generated code', () => {
  it('compiles under tsc --strict --noUncheckedIndexedAccess --exactOptionalPropertyTypes', () => {
    const { source } = generateModule(derived(clashing), 'test/clashing-names.ts');
    expect(strictTypeErrorsOf(source)).toEqual([]);
  });

  it('evaluates M and forcing like the interpreted expressions', async () => {
    await expectAgreement(clashing);
  });
});

// A satellite on a radial line about the Sun, in SI units: the Sun's mass
// M = 2e30 kg is a perfectly ordinary parameter default.
const radialKepler: ModelSpec = {
  name: 'radial-kepler',
  coordinates: ['r'],
  parameters: { M: 2e30, G: 6.674e-11, m: 1000 },
  kinetic: "m*r'^2/2",
  potential: '-G*M*m/r',
  initial: { q: { r: 1.5e11 } },
};

describe('satellite falling radially toward the Sun (parameter defaults ≥ 1e21)', () => {
  // Integer-valued defaults once printed as `${v}.0`, which for |v| ≥ 1e21
  // gave "2e+30.0", a syntax error.
  const { source } = generateModule(derived(radialKepler), 'test/radial-kepler.ts');

  it('derives and records the default 2e30 in the model record', () => {
    expect(source).toContain('{"name":"M","default":2e+30}');
    expect(source).toMatch(/const M = p\.M \?\? 2e\+30/);
  });

  it('generates a module that parses', () => {
    expect(syntaxErrors(source)).toEqual([]);
  });
});

// A mass on a spring whose stiffness parameter happens to be called
// `constructor` (any name of an Object.prototype member would do).
const prototypeName: ModelSpec = {
  name: 'prototype-parameter',
  coordinates: ['x'],
  parameters: { constructor: 2, valueOf: 3 },
  kinetic: "constructor*x'^2/2",
  potential: 'valueOf*x^2/2',
};

describe('mass on a spring with parameters named like Object.prototype members', () => {
  // Generated code reads parameters as p.name ?? default, and p.constructor
  // on a plain object is Object itself: such names are rejected up front.
  it('is rejected by buildModel, naming the parameters', () => {
    let err: unknown;
    try {
      buildModel(prototypeName);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MechanicsError);
    const problems = (err as MechanicsError).problems.length ? (err as MechanicsError).problems : [err as MechanicsError];
    expect(problems.map((p) => [p.code, p.where.field])).toEqual([
      ['reserved-name', 'parameters.constructor'],
      ['reserved-name', 'parameters.valueOf'],
      ['unknown-symbol', 'kinetic'],
      ['unknown-symbol', 'potential'],
    ]);
  });
});

// A mass dragged at constant speed (φ = x − c t) pulling a second mass
// through a spring: the drive does work λ·b with b = ∂φ/∂t = −c ≠ 0, so T + V
// is not conserved (test/derive/lagrange/lagrange1.test.ts checks E(t) in closed form).
const draggedPair: ModelSpec = {
  name: 'dragged-pair',
  coordinates: ['x', 'y'],
  parameters: { m: 1.2, k: 4.8, c: 0.5 },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'k*(x - y)^2/2',
  holonomic: ['x - c*t'],
  initial: { qd: { x: 0.5 } },
};

describe('mass dragged at constant speed: the conservative flag', () => {
  it('is false for a model driven by an explicitly time-dependent constraint', async () => {
    // x = c t² starts at rest (the initial velocity must satisfy the constraint).
    const timed: ModelSpec = { ...draggedPair, name: 'dragged-pair-accelerating', holonomic: ['x - c*t^2'], initial: { qd: { x: 0 } } };
    expect((await loadGenerated(derived(timed))).model.conservative).toBe(false);
  });

  // The reaction −Aᵀλ does work at the rate λ·b, so any b ≠ 0 (here the
  // constant −c) adds or removes energy.
  it('is false when the drive has a constant speed (b = −c)', async () => {
    expect((await loadGenerated(derived(draggedPair))).model.conservative).toBe(false);
  });
});

/** The n-link pendulum of derivations/n-link-pendulum.ts with one length l and one mass m for every link. */
function sharedLinkPendulum(n: number): ModelSpec {
  const q = Array.from({ length: n }, (_, k) => `q${k + 1}`);
  const x = q.map((_, i) =>
    q
      .slice(0, i + 1)
      .map((qk) => `l*sin(${qk})`)
      .join(' + '),
  );
  const y = q.map((_, i) =>
    q
      .slice(0, i + 1)
      .map((qk) => `-l*cos(${qk})`)
      .join(' '),
  );
  return {
    name: `shared-${n}-link-pendulum`,
    coordinates: q,
    parameters: { m: 1.3, l: 0.7, g: 9.81 },
    particles: q.map((_, i) => ({ mass: 'm', position: [x[i]!, y[i]!] as const })),
    potential: y.map((yi) => `m*g*(${yi})`).join(' + '),
  };
}

describe('n-link pendulums whose links share one length and one mass (n = 2…6)', () => {
  // The mass matrix holds 3l²m, 2l²m and l²m: their common part is the node l²m itself.
  it.each([2, 3, 4, 5, 6])('n = %i: generates a module whose M and forcing equal the interpreted ones', async (n) => {
    await expectAgreement(sharedLinkPendulum(n));
  });
});

// A disk on a rough floor (restitution params[0], Coulomb friction) rolling
// into a compliant wall whose stiffness and damping are scaled by the mean of
// `params` (each 0.5): impacts, friction, compliant$ and energy$ in one
// module, every parameter read in compliant$ and energy$.
function diskByWall([coordinate, yy, th]: readonly [string, string, string], params: readonly string[]): ModelSpec {
  const mean = `(${params.join(' + ')})/${params.length}`;
  return {
    name: 'disk-by-a-wall',
    coordinates: [coordinate, yy, th],
    parameters: { ...Object.fromEntries(params.map((p) => [p, 0.5])), fric: 0.3, mass: 1, grav: 9.81, rad: 0.1 },
    kinetic: `mass*(${coordinate}'^2 + ${yy}'^2)/2 + mass*rad^2*${th}'^2/4`,
    potential: `mass*grav*${yy}`,
    unilateral: [
      { name: 'floor', constraint: `${yy} - rad >= 0`, slip: `${coordinate} + rad*${th}`, law: { newton: params[0]!, coulomb: 'fric' } },
      { name: 'wall', constraint: `${coordinate} + 1 >= 0`, law: { compliant: { stiffness: `1e4*${mean}`, damping: `10*${mean}` } } },
    ],
    initial: { q: { [yy]: 0.5 } },
  };
}

describe('a disk by a compliant wall whose coordinate or parameters have names the generated code declares', async () => {
  // Every name the module's own code declares for any example (energy$'s e,
  // compliant$'s mm and ff, the contact solves' k, exports), that a model may use.
  const names = new Set<string>();
  for (const { spec } of await loadExamples())
    for (const name of printerNames(derived(spec))) if (/^[A-Za-z]\w*$/.test(name) && !RESERVED.has(name)) names.add(name);
  const sorted = [...names].sort();
  // Each name as a coordinate, three to a model (each of the disk's three
  // coordinates is declared in every function, so one module type-checks
  // three names); all of them as the parameters, in one model (against
  // harmless names, one a name).
  const HARMLESS = ['xh', 'yh', 'th'] as const;
  const asCoordinate = Array.from({ length: Math.ceil(sorted.length / 3) }, (_, k) =>
    diskByWall([0, 1, 2].map((i) => sorted[3 * k + i] ?? HARMLESS[i]!) as [string, string, string], ['ph']),
  );
  const asParameters = diskByWall(HARMLESS, sorted);
  const harmless = [
    diskByWall(HARMLESS, ['ph']),
    diskByWall(
      HARMLESS,
      sorted.map((_, k) => `ph${k}`),
    ),
  ] as const;
  const run = async (spec: ModelSpec) => simulate(await loadGenerated(derived(spec)), { q0: [0, 0.5, 0], qd0: [-3, 0, 5], t1: 0.8 });

  it('covers the names of compliant$ and energy$, the contact solves and the exports', () => {
    for (const name of ['e', 'mm', 'ff', 'k', 'massMatrix', 'model']) expect(names).toContain(name);
  });

  it('compiles under tsc --strict with each name as a coordinate and all as the parameters', () => {
    const sources = [...asCoordinate, asParameters].map((spec) => generateModule(derived(spec), 'test/disk-by-a-wall.ts').source);
    expect(strictTypeErrorsOf(...sources)).toEqual([]);
  });

  it('simulates as the model with harmless names does (the wall stops the disk, the impacts the same)', async () => {
    const [one, all] = [await run(harmless[0]), await run(harmless[1])];
    // The disk rolls into the wall and back: without the wall's force it would end beyond it (x < −1).
    expect(one.q.at(-1)![0]).toBeGreaterThan(-1);
    expect(one.events.length).toBeGreaterThan(0);
    const expectSame = (trajectory: Awaited<ReturnType<typeof run>>, reference: typeof one, what: string): void => {
      expect(trajectory.events.map((e) => e.type)).toEqual(reference.events.map((e) => e.type));
      trajectory.q.at(-1)!.forEach((v, i) => expectClose(v, reference.q.at(-1)![i]!, 1e-9, 1, `${what} q[${i}]`));
    };
    for (const spec of asCoordinate) expectSame(await run(spec), one, `coordinates ${spec.coordinates!.join(', ')}`);
    expectSame(await run(asParameters), all, 'parameters');
  });
});
