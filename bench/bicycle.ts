// The Whipple bicycle (derivations/bicycle.ts), one line:
//   { bench: 'bicycle', deriveMs, linearizeMs, simplifiedMs, codegenMs, rhsNs, moduleKB, denseRhsNs, denseModuleKB, eigenvalues }
//   deriveMs     spec → DerivedSystem (buildModel + deriveSystem): the
//                bodies' pieces M and the forcing are assembled from, the
//                constraint rows, and M, forcing and constraint bias as
//                unsimplified DAGs (src/derive/lagrange/values.ts); not the
//                simplified M and forcing (simplifiedMs)
//   linearizeMs  the upright straight running at 5 m/s found and linearized
//                (steadyMotionsAt, on the unsimplified DAGs): the four
//                roll–steer eigenvalues, what SymPy's linearize gives its
//                peer. deriveMs + linearizeMs is `mechanics linearize
//                --steady` on a cached module
//   simplifiedMs the simplified M, forcing, ∂L/∂q, momenta (deferredLagrange2),
//                T + V and constraint bias, derived on first access: what
//                the printed equations need (the report; the generated
//                module's momenta, Hamilton's equations, energy and route
//                choice), so `mechanics derive` pays it; SymPy's peer
//                calls no simplification
//   codegenMs    DerivedSystem → TypeScript source (generateModule), after those
//   rhsNs        median ns per rhs() call of the generated code at that state,
//                optimized by V8 (M, forcing and the rolling rows assembled
//                body by body, src/codegen/bodywise.ts)
//   moduleKB     the generated source's size
//   denseRhsNs, denseModuleKB   the same with M and the forcing printed from
//                their symbolic entries (the dense route); full runs only
// Figures only; test/studies/bicycle.test.ts checks the eigenvalues.
import bicycle from '../derivations/bicycle.js';
import { generateModule } from '../src/codegen/module.js';
import { deriveSystem, type DerivedSystem } from '../src/derive/system.js';
import { buildModel } from '../src/model/index.js';
import { steadyMotionsAt } from '../src/studies/steady-motion.js';
import { loadGenerated, type GeneratedModule } from './generate.js';
import { tiering } from './tiering.js';
import { median, round, timed } from './stats.js';

export interface BicycleLine {
  readonly bench: 'bicycle';
  readonly deriveMs: number;
  readonly linearizeMs: number;
  readonly simplifiedMs: number;
  readonly codegenMs: number;
  readonly rhsNs: number;
  readonly moduleKB: number;
  readonly denseRhsNs?: number;
  readonly denseModuleKB?: number;
  /** At 5 m/s, [re, im] pairs sorted by real part. */
  readonly eigenvalues: readonly (readonly [number, number])[];
}

const SPEED = 5;

const kB = (source: string): number => round(Buffer.byteLength(source) / 1024, 0);

/**
 * Median ns per rhs() call, over 200 batches of about 0.2 ms each once V8
 * has optimized the module (tiering.ts; at least 20 000 calls, at most
 * `warmUpMs`):
 * short batches, so that a machine shared with other processes preempts
 * few of them.
 */
function rhsNs(gen: GeneratedModule, x: Float64Array, warmUpMs: number): number {
  const out = new Float64Array(x.length);
  const batch = (calls: number): number => {
    const s = process.hrtime.bigint();
    for (let k = 0; k < calls; k++) gen.rhs(0, x, {}, out);
    return Number(process.hrtime.bigint() - s) / calls;
  };
  const tier = tiering(gen);
  let calls = 0;
  const start = performance.now();
  while ((!tier.optimized() || calls < 20_000) && performance.now() - start < warmUpMs) {
    batch(100);
    calls += 100;
  }
  const size = Math.max(20, Math.round(200_000 / batch(200)));
  return median(Array.from({ length: 200 }, () => batch(size)));
}

/** rhs and size with M and the forcing printed from their symbolic entries. */
async function denseFigures(system: DerivedSystem, x: Float64Array, warmUpMs: number): Promise<{ denseRhsNs: number; denseModuleKB: number }> {
  const dense = generateModule(system, 'derivations/bicycle.ts', { accelerations: 'dense' }).source;
  return { denseRhsNs: round(rhsNs(await loadGenerated(dense), x, warmUpMs), 0), denseModuleKB: kB(dense) };
}

export async function measureBicycle(opts: { readonly warmUpMs: number; readonly dense: boolean }): Promise<BicycleLine> {
  const [system, deriveMs] = timed(() => deriveSystem(buildModel(bicycle)));
  const { model } = system;
  const params = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const at = (name: string): number => model.coordinates.findIndex((c) => c.name === name);
  const q = model.coordinates.map(() => 0);
  const qd = q.map(() => 0);
  qd[at('x')] = SPEED;
  qd[at('thR')] = SPEED / params.rR!;
  qd[at('thF')] = SPEED / params.rF!;
  const free = model.coordinates.map((c) => ['theta', 'thR', 'thF'].includes(c.name));
  const [motions, linearizeMs] = timed(() => steadyMotionsAt(system, params, { q, qd, free }));
  const [, simplifiedMs] = timed(() => [system.lagrange2.massMatrix, system.energy, system.constraints?.bias]);
  const [module, codegenMs] = timed(() => generateModule(system, 'derivations/bicycle.ts'));
  const motion = motions[0]!;
  const x = Float64Array.from([...motion.q, ...motion.qd]);
  return {
    bench: 'bicycle',
    deriveMs: round(deriveMs, 0),
    linearizeMs: round(linearizeMs, 0),
    simplifiedMs: round(simplifiedMs, 0),
    codegenMs: round(codegenMs, 0),
    rhsNs: round(rhsNs(await loadGenerated(module.source), x, opts.warmUpMs), 0),
    moduleKB: kB(module.source),
    ...(opts.dense ? await denseFigures(system, x, opts.warmUpMs) : {}),
    eigenvalues: [...motion.eigenvalues].sort((a, b) => a.re - b.re || a.im - b.im).map((z) => [round(z.re, 6), round(z.im, 6)] as const),
  };
}
