// The Whipple bicycle (derivations/bicycle.ts), one line:
//   { bench: 'bicycle', deriveMs, codegenMs, linearizeMs, rhsNs, eigenvalues }
//   deriveMs     spec → DerivedSystem (buildModel + deriveSystem)
//   codegenMs    DerivedSystem → TypeScript source (generateModule)
//   linearizeMs  the upright straight running at 5 m/s found and linearized
//                (steadyMotionsAt): the four roll–steer eigenvalues, what
//                SymPy's linearize gives its peer
//   rhsNs        median ns per rhs() call of the generated code at that state
// Figures only; test/studies/bicycle.test.ts checks the eigenvalues.
import bicycle from '../derivations/bicycle.js';
import { generateModule } from '../src/codegen/module.js';
import { deriveSystem } from '../src/derive/system.js';
import { buildModel } from '../src/model/index.js';
import type { LoadedModule } from '../src/runtime/contract.js';
import { steadyMotionsAt } from '../src/studies/steady-motion.js';
import { loadGenerated } from './generate.js';
import { median, round, timed } from './stats.js';

export interface BicycleLine {
  readonly bench: 'bicycle';
  readonly deriveMs: number;
  readonly codegenMs: number;
  readonly linearizeMs: number;
  readonly rhsNs: number;
  /** At 5 m/s, [re, im] pairs sorted by real part. */
  readonly eigenvalues: readonly (readonly [number, number])[];
}

const SPEED = 5;

/** Median ns per rhs() call, over 30 batches after a warm-up of 20 000 calls or 0.3 s. */
function rhsNs(gen: LoadedModule, x: Float64Array): number {
  const out = new Float64Array(x.length);
  let calls = 0;
  const start = performance.now();
  while ((performance.now() - start < 300 || calls < 20_000) && performance.now() - start < 5000) {
    for (let k = 0; k < 100; k++) gen.rhs(0, x, {}, out);
    calls += 100;
  }
  const batch = Math.max(1, Math.round(calls / 60));
  const samples: number[] = [];
  for (let r = 0; r < 30; r++) {
    const s = process.hrtime.bigint();
    for (let k = 0; k < batch; k++) gen.rhs(0, x, {}, out);
    samples.push(Number(process.hrtime.bigint() - s) / batch);
  }
  return median(samples);
}

export async function measureBicycle(): Promise<BicycleLine> {
  const [system, deriveMs] = timed(() => deriveSystem(buildModel(bicycle)));
  const [module, codegenMs] = timed(() => generateModule(system, 'derivations/bicycle.ts'));
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
  const motion = motions[0]!;
  const gen = await loadGenerated(module.source);
  return {
    bench: 'bicycle',
    deriveMs: round(deriveMs, 0),
    codegenMs: round(codegenMs, 0),
    linearizeMs: round(linearizeMs, 0),
    rhsNs: round(rhsNs(gen, Float64Array.from([...motion.q, ...motion.qd])), 0),
    eigenvalues: [...motion.eigenvalues].sort((a, b) => a.re - b.re || a.im - b.im).map((z) => [round(z.re, 6), round(z.im, 6)] as const),
  };
}
