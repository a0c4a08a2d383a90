// The example models of derivations/, loaded by importing the files
// themselves (as `npm run derive` does), and random states for them.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Env } from '../../src/core/evaluate.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import type { ModelSpec } from '../../src/model/index.js';
import { buildModel, type Model } from '../../src/model/index.js';
import { deriveSystem, type DerivedSystem } from '../../src/derive/system.js';
import { uniform, type Rng } from './random.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DERIVATIONS = join(ROOT, 'derivations');

export interface ExampleFile {
  /** As written in generated headers: derivations/<file>.ts. */
  readonly source: string;
  readonly spec: ModelSpec;
}

/** Every model file in derivations/, sorted by file name. */
export async function loadExamples(): Promise<ExampleFile[]> {
  const files = readdirSync(DERIVATIONS)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  const out: ExampleFile[] = [];
  for (const f of files) {
    const mod = (await import(/* @vite-ignore */ pathToFileURL(join(DERIVATIONS, f)).href)) as { default: ModelSpec };
    out.push({ source: `derivations/${f}`, spec: mod.default });
  }
  return out;
}

const cache = new Map<ModelSpec, DerivedSystem>();

/**
 * Whether a model has rigid unilateral contacts (model.unilateral; deriveSystem
 * derives `unilateral` exactly for these), decided without deriving it: a
 * filter by derived(spec) derived the bicycle and every other contact-free
 * example only to drop them.
 */
export const hasContacts = (spec: ModelSpec): boolean => buildModel(spec).unilateral.length > 0;

/** buildModel + deriveSystem, once per spec object. */
export function derived(spec: ModelSpec): DerivedSystem {
  let s = cache.get(spec);
  if (!s) {
    s = deriveSystem(buildModel(spec));
    cache.set(spec, s);
  }
  return s;
}

export interface StateOptions {
  /** Ranges for particular coordinates (default [−π, π]), e.g. keep a polar angle off the poles. */
  readonly q?: Readonly<Record<string, readonly [number, number]>>;
  /** Ranges for particular parameters (default: the default scaled by [0.5, 2]), where the model's domain ties them to others. */
  readonly params?: Readonly<Record<string, readonly [number, number]>>;
  /** Keep the parameters at their defaults. */
  readonly defaults?: boolean;
}

/**
 * A random environment: every parameter scaled by a factor in [0.5, 2] from
 * its default (uniform in [−1, 1] when the default is 0), coordinates in
 * [−π, π], velocities in [−2, 2], t in [0, 10].
 */
export function randomEnv(model: Model, r: Rng, opts: StateOptions = {}): Record<string, number> {
  const env: Record<string, number> = { t: uniform(r, 0, 10) };
  for (const p of model.parameters) {
    const range = opts.params?.[p.name];
    env[p.name] = opts.defaults ? p.default : range ? uniform(r, range[0], range[1]) : p.default === 0 ? uniform(r, -1, 1) : p.default * uniform(r, 0.5, 2);
  }
  for (const c of model.coordinates) {
    const [lo, hi] = opts.q?.[c.name] ?? [-Math.PI, Math.PI];
    env[c.name] = uniform(r, lo, hi);
    env[c.qd.name] = uniform(r, -2, 2);
  }
  return env;
}

// Coordinates whose range must avoid a singular mass matrix (poles of the spherical pendulum).
// Random states off the singular poles, and above the floors realized by forces (whose terms switch at y = 0).
const above = { q: { y: [0.1, 3] } } as const satisfies StateOptions;
export const STATE_OPTIONS: Readonly<Record<string, StateOptions>> = {
  'spherical-pendulum': { q: { theta: [0.2, Math.PI - 0.2] } },
  // The moment about the hinge exceeds m l² (the moment about the centre of mass is positive) for every drawn m ≤ 2, l ≤ 1.
  'rough-hinge-pendulum': { params: { I: [2.1, 4] } },
  'kozlov-release-added-mass': above,
  'kozlov-release-elastic': above,
  'kozlov-release-kelvin-voigt': above,
  'kozlov-release-viscous': above,
  'kozlov-impact': { q: { x1: [0.1, 3] } },
  'kozlov-stiff-bouncing': { q: { x: [-0.5, 0.5], y: [0.2, 3] } },
  // Between the walls at every scaled l ≥ 0.25: off both springs.
  'kozlov-birkhoff-stiff': { q: { x: [-0.05, 0.05], y: [0.05, 0.2] } },
  // The disk (radius r = 0.1 by default) above its viscoelastic foundation: no patch force.
  'viscoelastic-disk': { q: { y: [0.25, 3] } },
  // The rolling disk on the upright side of lying flat (theta = ±π/2, where its angles lock too; past it the
  // generated code gives NaN: src/model/geometry/rolling.ts rollingContact); the sphere's Euler angles off theta = 0, π.
  'rolling-disk': { q: { theta: [-1.2, 1.2] } },
  'rolling-sphere': { q: { theta: [0.3, Math.PI - 0.3] } },
  // The bicycle on the upright side of its rear wheel lying flat (|phi| < π/2): there the rear contact's
  // |u| = cos phi is the positive root; beyond, the coordinates put the rear wheel under the ground, the rows'
  // point is the top of the wheel, and the generated code gives NaN (src/model/geometry/rolling.ts rollingContact).
  bicycle: { q: { phi: [-1.2, 1.2] } },
};
export const qOf = (model: Model, env: Env): number[] => model.coordinates.map((c) => env[c.name]!);
export const qdOf = (model: Model, env: Env): number[] => model.coordinates.map((c) => env[c.qd.name]!);
export const paramsOf = (model: Model, env: Env): Record<string, number> => Object.fromEntries(model.parameters.map((p) => [p.name, env[p.name]!]));

/** The committed generated module of an example (generated/<name>.ts), or undefined when there is none. */
export async function committedModule(name: string): Promise<LoadedModule | undefined> {
  const file = join(ROOT, 'generated', `${name}.ts`);
  if (!existsSync(file)) return undefined;
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as LoadedModule;
}
