// Fuzz suite (no silent wrong answers): random mutations of the
// example models in derivations/ go through the whole pipeline — buildModel,
// deriveSystem, generateModule, a short simulation — and every outcome must
// be either a valid result or a named error:
//   - never a raw TypeError/RangeError from deep inside, never an error of
//     kind 'internal';
//   - a model or input error names the model and the field it is in;
//   - no case hangs (each is timed);
//   - an accepted model satisfies the invariants a wrong answer would break:
//     M symmetric positive definite at random states, no energy gain across
//     an impact when every restitution coefficient is ≤ 1, no contact left
//     penetrating at the end of a run.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MechanicsError } from '../../src/errors.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { deriveSystem, type DerivedSystem } from '../../src/derive/system.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import type { Trajectory } from '../../src/runtime/hybrid/trajectory.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { loadExamples, type ExampleFile } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

/** Values a mutation puts in place of a field: wrong types, wrong ranges, hostile text. */
const BAD_VALUES: readonly unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  -0.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -1e300,
  true,
  [],
  {},
  '',
  'x +',
  '1 >= 0',
  '0',
  'sign(y)',
  'abs(x)',
  'foo',
  'e',
  'q1',
  'y >= 0',
  "y'",
  'lcp',
  'error',
  'a\nb',
  '</script><script>alert(1)</script>',
  '\\input{/etc/hostname}',
  '*/ throw 1; /*',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile title that must stay inert text
  '${process.exit(1)}',
  { newton: 'e' },
  { plastic: true },
  { coulomb: 'mu' },
  [{}],
  ['x'],
  1e300,
];

type Path = readonly (string | number)[];

/** Every path to a value inside a plain spec (kernel expressions are leaves). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object' || isKernelExpr(value)) return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsOf((value as Record<string | number, unknown>)[k], [...prefix, k]))];
}

function isKernelExpr(v: object): boolean {
  return 'kind' in v && 'id' in v;
}

/** A copy of the spec with the value at `path` replaced (undefined: deleted). */
function mutate(spec: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(spec)) {
    const copy = [...spec];
    if (replacement === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = mutate(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(spec as Record<string, unknown>) };
  if (replacement === undefined && rest.length === 0) delete copy[head as string];
  else copy[head as string] = mutate(copy[head as string], rest, replacement);
  return copy;
}

type Outcome =
  | { readonly kind: 'rejected'; readonly error: MechanicsError; readonly stage: string }
  | { readonly kind: 'accepted'; readonly sys: DerivedSystem };

/** Build and derive; any throw that is not a named MechanicsError fails the test at once. */
function buildAndDerive(spec: unknown): Outcome {
  let stage = 'buildModel';
  try {
    const model = buildModel(spec as ModelSpec);
    stage = 'deriveSystem';
    return { kind: 'accepted', sys: deriveSystem(model) };
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw new Error(`${stage} threw a raw ${(err as Error)?.name}: ${(err as Error)?.message}\n${(err as Error)?.stack}`);
    return { kind: 'rejected', error: err, stage };
  }
}

/** A named error: a code, a kind that is not 'internal', and (for model errors) where it is. */
function expectNamed(error: MechanicsError, what: string): void {
  for (const e of error.problems.length ? error.problems : [error]) {
    expect(e.code, what).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(e.kind, `${what}: ${e.message}`).not.toBe('internal');
    if (e.kind === 'model') expect(e.where.field, `${what}: ${e.message}`).toBeTruthy();
  }
}

/**
 * Examples with more coordinates are left out: deriving and compiling the
 * bicycle (8 coordinates, 5 constraints) takes 6–18 s a case, every other
 * example under 1.5 s, and the fuzz must stay a few seconds. The checks it
 * exercises are the same for a small model.
 */
const MAX_COORDINATES = 6;

let examples: ExampleFile[] = [];

beforeAll(async () => {
  examples = (await loadExamples()).filter((ex) => ex.spec.coordinates.length <= MAX_COORDINATES);
});

/** Defaults of every parameter. */
const defaults = (sys: DerivedSystem): Record<string, number> => Object.fromEntries(sys.model.parameters.map((p) => [p.name, p.default]));

/**
 * The invariants of an accepted model, checked on its generated code:
 * M symmetric positive semidefinite at the initial state and near it; for a
 * passive model with contacts, a short run from the initial state in
 * which the energy never rises (every law accepted has e ≤ 1) and no contact
 * is left penetrating. A simulation may end in a named error, never a raw one.
 * Returns whether a run was checked.
 */
async function checkInvariants(sys: DerivedSystem, params: Record<string, number>, r: () => number, what: string): Promise<boolean> {
  const mod: LoadedModule = await loadGenerated(sys);
  const n = sys.model.coordinates.length;
  for (const scale of [0, 0.3]) {
    const q = sys.model.initial.q0.map((v) => v + scale * (2 * r() - 1));
    const M = mod.massMatrix(0, q, params);
    for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) expect(M[i * n + j], `${what}: M symmetric`).toBeCloseTo(M[j * n + i]!, 12);
    // Massless directions may leave M singular: then only semidefinite.
    expect(minPivot(M, n), `${what}: M positive`).toBeGreaterThanOrEqual(-1e-9 * maxAbs(M));
  }
  if (!mod.energy || sys.model.unilateral.length === 0) return false;
  let traj: Trajectory;
  try {
    traj = simulate(mod, { q0: sys.model.initial.q0, qd0: sys.model.initial.qd0, t1: Math.min(sys.model.initial.t1, 1.5), params, samples: 50 });
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw err;
    expectNamed(err, `${what}: simulate`);
    return false;
  }
  // Passive (conservation.ts): natural and no moving surface, so T + V never rises, friction and impacts included.
  // An energy that overflows (g = −1e300 drives the ball up without bound) says nothing either way.
  if (sys.passive && traj.energy!.every(Number.isFinite)) {
    const e0 = traj.energy![0]!;
    const scale = Math.max(1, ...traj.energy!.map(Math.abs));
    for (const e of traj.energy!) expect(e, `${what}: energy`).toBeLessThanOrEqual(e0 + 1e-6 * scale);
  }
  const g = mod.gaps!(traj.t[traj.t.length - 1]!, traj.q[traj.q.length - 1]!, params);
  // A contact with an activation condition passes through where it fails (a walker's scuffing swing foot).
  g.forEach((v, j) => {
    if (!mod.model.unilateral[j]!.activation) expect(v, `${what}: final gap`).toBeGreaterThanOrEqual(-1e-6);
  });
  return true;
}

/** A seeded uniform generator on [0, 1) (Park–Miller). */
function uniformFrom(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 48271) >>> 0) % 2147483647) / 2147483647;
}

describe('mutated model specs', () => {
  it('end in a valid result or a named error naming the field, never a raw error or a broken invariant', async () => {
    const cases = fc.record({ example: fc.nat(), path: fc.nat(), value: fc.nat() });
    await fc.assert(
      fc.asyncProperty(cases, async ({ example, path, value }) => {
        const ex = examples[example % examples.length]!;
        const paths = pathsOf(ex.spec).filter((p) => p.length > 0);
        const at = paths[path % paths.length]!;
        const replacement = BAD_VALUES[value % BAD_VALUES.length];
        const what = `${ex.spec.name}: ${at.join('.')} := ${JSON.stringify(replacement)}`;
        const out = buildAndDerive(mutate(ex.spec, at, replacement));
        if (out.kind === 'rejected') expectNamed(out.error, what);
        // The model's own defaults: a mutated default (e = 1.5) must show.
        else await checkInvariants(out.sys, defaults(out.sys), uniformFrom(path + 1), what);
      }),
      { numRuns: 200, seed: 20261123 },
    );
  });
});

/** Parameters at random inside a factor 0.7…1.4 of their defaults, restitution kept in [0, 1]. */
function randomParams(sys: DerivedSystem, r: () => number): Record<string, number> {
  const restitution = new Set(sys.model.unilateral.flatMap((u) => (u.law.kind === 'newton' ? [u.law.e.name] : u.law.kind === 'w-law' ? [u.law.W.name] : [])));
  return Object.fromEntries(sys.model.parameters.map((p) => [p.name, restitution.has(p.name) ? r() : p.default * (0.7 + 0.7 * r())]));
}

describe('valid variations of the examples', () => {
  it('keep the invariants at random parameters', async () => {
    // Variations that keep a model valid: another end time, other initial velocities, another law.
    const variations: readonly ((spec: ModelSpec, r: () => number) => unknown)[] = [
      (s, r) => ({ ...s, initial: { ...s.initial, t1: 0.5 + r() } }),
      (s, r) => ({
        ...s,
        initial: { ...s.initial, qd: Object.fromEntries(Object.entries(s.initial?.qd ?? {}).map(([k, v]) => [k, `(${String(v)})*${0.5 + r()}`])), t1: 1 },
      }),
      (s) => ({ ...s, unilateral: s.unilateral?.map((u) => ({ ...u, law: { plastic: true } })), initial: { ...s.initial, t1: 1 } }),
    ];
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 2 ** 31 - 2 }), async (example, which, seed) => {
        const ex = examples[example % examples.length]!;
        const r = uniformFrom(seed);
        const what = `${ex.spec.name} (variation ${which % variations.length})`;
        const out = buildAndDerive(variations[which % variations.length]!(ex.spec, r));
        if (out.kind === 'rejected') {
          expectNamed(out.error, what);
          return;
        }
        if (await checkInvariants(out.sys, randomParams(out.sys, r), r, what)) runs++;
      }),
      { numRuns: 24, seed: 424242 },
    );
    expect(runs).toBeGreaterThan(0);
  });
});

function maxAbs(a: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]!));
  return m;
}

/**
 * The smallest pivot of Gaussian elimination without pivoting (Sylvester:
 * all pivots > 0 ⇔ positive definite); a zero pivot (singular but
 * semidefinite) is skipped.
 */
function minPivot(M: ArrayLike<number>, n: number): number {
  const a = Array.from(M);
  let min = Infinity;
  for (let k = 0; k < n; k++) {
    const d = a[k * n + k]!;
    min = Math.min(min, d);
    if (Math.abs(d) <= 1e-14 * maxAbs(M)) continue;
    for (let i = k + 1; i < n; i++) {
      const f = a[i * n + k]! / d;
      for (let j = k; j < n; j++) a[i * n + j]! -= f * a[k * n + j]!;
    }
  }
  return min;
}
