// The planar n-link pendulum of point masses (derivations/n-link-pendulum.ts):
// model → DerivedSystem → generated source → q̈, the line
//   { bench: 'pendulum', n, deriveMs, codegenMs, rhsNs, ops, acc, … }
// of npm run bench (bench/run.ts), with
//   deriveMs     model → DerivedSystem (deriveSystem: Lagrange II, the
//                linearization behind rhsJacobian, energy, …), JIT warm but
//                nothing cached: every run uses fresh symbol names, so no
//                interned node or memo slot is reused; warm means after
//                PENDULUM_WARM_UP_MS of untimed runs (V8 optimizes the
//                kernel's passes only after dozens of derivations: at n = 10
//                the 5th run took 2.5× the 50th);
//   codegenMs    DerivedSystem → TypeScript source (generateModule);
//   lagrange2Ms, linearizeMs   the two largest parts of deriveMs, measured
//                on their own (fresh names again; not for n > 40, whose
//                deriveMs and codegenMs are the cold run's);
//   coldMs       derive + codegen as the first job of the process (what the
//                CLI pays), JIT and caches cold;
//   ops          operations after CSE in the M + forcing block (the rule is
//                stated in bench/ops.ts; SymPy's line carries sympy.cse's
//                count by the same rule);
//   rhsNs        median ns per accelerations() call of the generated code;
//   optimized    whether V8 ran the code rhsNs timed optimized (rhsNs
//                below): false flags rhsNs as an interpreter's figure;
//   acc          q̈ at q_i = 0.1 + 0.6(i−1)/(n−1), q̇_i = −0.3 + 0.7(i−1)/(n−1),
//                m_i = l_i = 1, g = 9.81 (SymPy's line has the same);
//   rssMB        the process's peak resident memory (the budget is 2 GB
//                for n = 100).
// The line { bench: 'pendulum-routes', n, articulatedNs, denseNs, maxDiff }
// times accelerations() of the same chain on revolute joints (nLinkChain)
// by both routes of the generated code: the articulated-body recursion
// (articulatedNs) and M formed and factored (denseNs, with maxDiff the
// largest |Δq̈| between the two; only up to n = 10, the dense derivation
// of the chain with relative angles growing fast), and `optimized` for both.
// When run as a script (npm run bench points here), it runs the whole bench.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildModel } from '../src/model/index.js';
import { deriveLagrange2 } from '../src/derive/lagrange/lagrange2.js';
import { deriveLinearization } from '../src/derive/linearization/linearize.js';
import { deriveSystem } from '../src/derive/system.js';
import { generateModule } from '../src/codegen/module.js';
import { articulatedDecls } from '../src/codegen/articulated.js';
import { assign, forRange, idx, num, plus, ref, ret, type Decl } from '../src/codegen/ir.js';
import { lowerKernels } from '../src/codegen/lower.js';
import { printModule } from '../src/codegen/print.js';
import { makeScope, outParam, P, Q, QD, T } from '../src/codegen/scope.js';
import { deriveTreeDynamics } from '../src/derive/lagrange/tree.js';
import type { DerivedSystem } from '../src/derive/system.js';
import { nLinkChain, nLinkPendulum } from '../derivations/n-link-pendulum.js';
import { type GeneratedModule, loadGenerated } from './generate.js';
import { tiering } from './tiering.js';
import { median, round, timed } from './stats.js';

export interface PendulumLine {
  readonly bench: 'pendulum';
  readonly n: number;
  readonly deriveMs: number;
  readonly codegenMs: number;
  readonly rhsNs: number;
  readonly optimized: boolean;
  readonly ops: number;
  readonly acc: number[];
  readonly lagrange2Ms?: number;
  readonly linearizeMs?: number;
  readonly coldMs: number;
  readonly rssMB: number;
}

/**
 * Timed runs per size: medians of several for small models, one where a
 * derivation takes seconds, none beyond n = 40 (the 60- and 100-link
 * pendulums report their cold run: a warm-up would take minutes). Eleven
 * for n ≤ 12: a young-generation collection lands in about one codegen run
 * in three at n = 10 and adds ~9 ms to it (measured with the gc
 * PerformanceObserver), so a median of five moved by a quarter between
 * processes (29–48 ms derive + codegen).
 */
const repsFor = (n: number): number => (n <= 12 ? 11 : n <= 20 ? 3 : n <= 40 ? 1 : 0);

/** Untimed derive + codegen runs (fresh names) before the timed ones, the cold run included; at most MAX_WARM_UP_RUNS. */
export const PENDULUM_WARM_UP_MS = 3000;
const MAX_WARM_UP_RUNS = 60;

/** The state the accelerations are measured and reported at. */
export function pendulumState(n: number): { q: number[]; qd: number[] } {
  const at = (a: number, b: number) => Array.from({ length: n }, (_, i) => a + (n > 1 ? (b * i) / (n - 1) : 0));
  return { q: at(0.1, 0.6), qd: at(-0.3, 0.7) };
}

/** Longest warm-up of one module's accelerations(): the 100-link pendulum's interpreted calls take 20–50 ms each. */
const WARM_UP_LIMIT_MS = 120_000;

/**
 * Median ns per accelerations() call over 60 batches of about 1 ms, and
 * whether the code they ran was optimized (bench/tiering.ts). A batch is
 * kept shorter than the scheduler's time slice, so that on this loaded
 * machine the median batch ran without being preempted: batches of 5 ms
 * timed the 100-link chain's articulated q̈ at 12–17 µs a call where 1.4 ms
 * ones gave 4.3 µs (load 20 on 2 cores). The warm-up
 * runs at least 0.3 s and 20 000 calls, and then until V8 has optimized
 * every large function the calls run (at most WARM_UP_LIMIT_MS): V8
 * optimizes a large module only after thousands of calls (the 60-link
 * pendulum's after about 2 000, 100 of which already took the former fixed
 * 5 s at n = 100), and 0.3 s alone timed the 40-link pendulum's
 * interpreter, 110 µs a call instead of 15 µs. Meant for the module's
 * first calls (bench/tiering.ts watches the functions they compile).
 */
export function rhsNs(gen: GeneratedModule, n: number): { ns: number; optimized: boolean } {
  const { q, qd } = pendulumState(n);
  const out = new Float64Array(n);
  const tier = tiering(gen);
  const calls = (k: number): void => {
    for (let i = 0; i < k; i++) gen.accelerations(0, q, qd, {}, out);
  };
  let done = 0;
  const start = performance.now();
  for (let t = 0; t < WARM_UP_LIMIT_MS && !(t >= 300 && done >= 20_000 && tier.optimized()); t = performance.now() - start) {
    calls(10);
    done += 10;
  }
  // The fastest of a few 10-call probes: a preempted one would shrink the batch.
  const probeMs = Math.min(...Array.from({ length: 5 }, () => timed(() => calls(10))[1]));
  const batch = Math.max(1, Math.round(10 / probeMs));
  const samples: number[] = [];
  for (let r = 0; r < 60; r++) {
    const s = process.hrtime.bigint();
    calls(batch);
    samples.push(Number(process.hrtime.bigint() - s) / batch);
  }
  return { ns: median(samples), optimized: tier.optimized() };
}

/** Fresh symbol names for run r, so that nothing interned or memoized before is reused. */
const fresh = (n: number, tag: string) => buildModel(nLinkPendulum(n, { q: `q${tag}_`, m: `m${tag}_`, l: `l${tag}_` }));

/**
 * Between two runs: the kernel holds its atoms weakly once they age, but a
 * WeakRef made in a job keeps its target to the job's end (ECMA-262
 * AddToKeptObjects), and with it everything built over it (src/core/expr.ts,
 * LIFETIME): without a yield the process holds every derivation it ran
 * (n = 40: 683 MB RSS instead of 348).
 */
const endJob = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** All figures for one n. Meant to be the first job of its process (coldMs). */
export async function measurePendulum(n: number, warmUpMs = PENDULUM_WARM_UP_MS): Promise<PendulumLine> {
  const start = performance.now();
  // The cold run; its module is the one whose accelerations are timed.
  const [cold, coldDerive] = timed(() => deriveSystem(buildModel(nLinkPendulum(n))));
  const [mod, coldCodegen] = timed(() => generateModule(cold, 'derivations/n-link-pendulum.ts'));
  const { source, dynamicsOps } = mod;
  await endJob();
  for (let r = 0; r < MAX_WARM_UP_RUNS && repsFor(n) > 0 && performance.now() - start < warmUpMs; r++) {
    generateModule(deriveSystem(fresh(n, `w${r}`)), 'derivations/n-link-pendulum.ts');
    await endJob();
  }
  const derive: number[] = [];
  const codegen: number[] = [];
  const lagrange2: number[] = [];
  const linearize: number[] = [];
  for (let r = 0; r < repsFor(n); r++) {
    const [sys, d] = timed(() => deriveSystem(fresh(n, `s${r}`)));
    derive.push(d);
    codegen.push(timed(() => generateModule(sys, 'derivations/n-link-pendulum.ts'))[1]);
    await endJob();
  }
  // The parts on their own, after: interleaved with the runs above, their
  // allocation moved more young-generation collections into the timed codegen.
  for (let r = 0; r < repsFor(n); r++) {
    const model = fresh(n, `l${r}`);
    const [l2, t2] = timed(() => deriveLagrange2(model));
    lagrange2.push(t2);
    linearize.push(timed(() => deriveLinearization(model, l2, undefined))[1]);
    await endJob();
  }
  const gen = await loadGenerated(source);
  const { q, qd } = pendulumState(n);
  const warm = derive.length > 0;
  const rhs = rhsNs(gen, n);
  return {
    bench: 'pendulum',
    n,
    deriveMs: round(warm ? median(derive) : coldDerive),
    codegenMs: round(warm ? median(codegen) : coldCodegen),
    rhsNs: round(rhs.ns),
    optimized: rhs.optimized,
    ops: dynamicsOps,
    acc: Array.from(gen.accelerations(0, q, qd, {})),
    ...(warm ? { lagrange2Ms: round(median(lagrange2)), linearizeMs: round(median(linearize)) } : {}),
    coldMs: round(coldDerive + coldCodegen),
    rssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

export interface RoutesLine {
  readonly bench: 'pendulum-routes';
  readonly n: number;
  readonly articulatedNs: number;
  readonly denseNs?: number;
  readonly optimized: boolean;
  readonly maxDiff?: number;
}

/** Largest dense size: the chain's derivation grows as n³–n⁴ (390 s at n = 100 for the hand-written pendulum, whose 'pendulum' lines carry the dense rhsNs to n = 40). */
const MAX_DENSE = 10;

/**
 * The articulated route's accelerations() alone: the functions a module of
 * the chain runs for q̈ (src/codegen/articulated.ts), generated from the
 * model's tree and τ without the rest of the derivation, which is what
 * makes n = 100 reachable here.
 */
function articulatedSource(n: number): string {
  const model = buildModel(nLinkChain(n));
  const sys = { model, tree: deriveTreeDynamics(model, model.tree!) } as DerivedSystem;
  const { decls, body } = articulatedDecls(makeScope(sys, []), sys.tree!);
  const i = ref('i');
  const accelerations: Decl = {
    kind: 'function',
    name: 'accelerations',
    exported: true,
    params: [T, Q, QD, P, outParam(n)],
    returns: 'Float64Array',
    body: [
      forRange('i', 0, n, [assign(idx('s$', i), idx('q', i)), assign(idx('s$', plus(num(n), i)), idx('qd', i))]),
      { kind: 'const', name: 'off', init: num(0) },
      ...body,
      ret(ref('out')),
    ],
  };
  const all: Decl[] = [
    { kind: 'type', name: 'Params', exported: true, type: 'Readonly<Record<string, number | undefined>>' },
    { kind: 'buffer', name: 's$', array: 'Float64Array', length: 2 * n },
    ...decls,
    accelerations,
  ];
  return printModule(lowerKernels({ header: [`${n}-link chain: accelerations by the articulated-body recursion`], decls: all }));
}

/** ns per accelerations() call of the chain by both routes (the dense one up to n = 40), and how far their q̈ differ. */
export async function measureRoutes(n: number, withDense = n <= MAX_DENSE): Promise<RoutesLine> {
  const articulated = await loadGenerated(articulatedSource(n));
  const byTree = rhsNs(articulated, n);
  const articulatedNs = round(byTree.ns);
  if (!withDense) return { bench: 'pendulum-routes', n, articulatedNs, optimized: byTree.optimized };
  const sys = deriveSystem(buildModel(nLinkChain(n)));
  const dense = await loadGenerated(generateModule(sys, 'derivations/n-link-pendulum.ts', { accelerations: 'dense' }).source);
  const byM = rhsNs(dense, n);
  const { q, qd } = pendulumState(n);
  const a = articulated.accelerations(0, q, qd, {});
  const b = dense.accelerations(0, q, qd, {});
  const maxDiff = Math.max(...Array.from(a, (x, k) => Math.abs(x - b[k]!)));
  return { bench: 'pendulum-routes', n, articulatedNs, denseNs: round(byM.ns), maxDiff, optimized: byTree.optimized && byM.optimized };
}

// `npm run bench` runs this file: hand over to bench/run.ts (in a process of
// its own, as run.ts imports this module).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const run = fileURLToPath(new URL('./run.js', import.meta.url));
  execFileSync(process.execPath, [run, ...process.argv.slice(2)], { stdio: 'inherit' });
}
