// npm run bench:cone: the exact Coulomb cone (coulomb-cone.ts) against the
// 8-faceted pyramid (Stewart–Trinkle, Lemke) on the tumbling box of
// derivations/tumbling-box.ts under Moreau–Jean (θ = ½), as JSON lines
//   { bench: 'friction-cone', cone, run, h, steps, wallMs, stepsPerSec, solves, lemkePivots, coneIterations, worstResidual, … }
// for the box dropped from its declared initial state (tumbling: its first
// 0.5 s, then 3 s, to rest) and
// for a square box sliding flat at 22.5° from u = 255 μ g h, whose stop
// distance u²/(2μg) each cone reaches to `stopError` (relative); a run the
// driver gives up is a line with `failed` (its error code) and `t`. The
// median of `reps` runs after one untimed run. Timings stay here: no test
// asserts one.
import box from '../derivations/tumbling-box.js';
import { generateModule } from '../src/codegen/module.js';
import { deriveSystem } from '../src/derive/system.js';
import { buildModel } from '../src/model/index.js';
import type { FrictionCone } from '../src/runtime/complementarity/friction-lcp.js';
import type { LoadedModule } from '../src/runtime/contract.js';
import { simulateMoreauJean, type MoreauJeanOptions } from '../src/runtime/hybrid/moreau-jean.js';
import { loadGenerated } from './generate.js';
import { median, round, timed } from './stats.js';

const CONES: readonly { readonly name: string; readonly cone: FrictionCone }[] = [
  { name: 'exact', cone: 'exact' },
  { name: 'pyramid-8', cone: { pyramid: 8 } },
];

function line(mod: LoadedModule, run: string, cone: { name: string; cone: FrictionCone }, opts: MoreauJeanOptions, reps: number): Record<string, unknown> {
  try {
    simulateMoreauJean(mod, { ...opts, cone: cone.cone });
  } catch (error) {
    // A run the driver gives up (an implicit update that does not settle, a contact problem not solved).
    const e = error as { code?: string; t?: number };
    return { bench: 'friction-cone', cone: cone.name, run, h: opts.h, failed: e.code, t: e.t };
  }
  const times: number[] = [];
  let last: ReturnType<typeof simulateMoreauJean> | undefined;
  for (let k = 0; k < reps; k++) {
    const [traj, ms] = timed(() => simulateMoreauJean(mod, { ...opts, cone: cone.cone }));
    times.push(ms);
    last = traj;
  }
  const { stats, energy, q } = last!;
  const wallMs = median(times);
  const extra: Record<string, number> = {};
  if (run === 'slide') {
    const g = 9.81,
      mu = opts.params!.mu!;
    const u = Math.hypot(opts.qd0[0]!, opts.qd0[1]!);
    const stop = (u * u) / (2 * mu * g);
    extra.stopError = Math.abs(Math.hypot(q.at(-1)![0]!, q.at(-1)![1]!) / stop - 1);
  }
  let rise = 0;
  for (let i = 1; i < energy!.length; i++) rise = Math.max(rise, energy![i]! - energy![i - 1]!);
  return {
    bench: 'friction-cone',
    cone: cone.name,
    run,
    h: opts.h,
    steps: stats.steps,
    wallMs: round(wallMs),
    stepsPerSec: Math.round((stats.steps / wallMs) * 1000),
    solves: stats.lcp.solves,
    lemkePivots: stats.lcp.pivots,
    coneIterations: stats.lcp.iterations - stats.lcp.pivots,
    worstResidual: stats.lcp.worstResidual,
    energyRise: rise,
    ...extra,
  };
}

export async function main(argv: readonly string[]): Promise<void> {
  const reps = argv.includes('--quick') ? 1 : 3;
  const mod = await loadGenerated(generateModule(deriveSystem(buildModel(box)), 'derivations/tumbling-box.ts').source);
  const { q0, qd0 } = mod.model.initial;
  const h = 1e-3,
    g = 9.81,
    mu = 0.4,
    u = 255 * mu * g * h;
  for (const cone of CONES) {
    // The first 0.5 s (the falls and the first impacts), which both cones run, then the whole fall to rest.
    console.log(JSON.stringify(line(mod, 'tumble-0.5s', cone, { q0, qd0, t1: 0.5, h, samples: { dt: h } }, reps)));
    console.log(JSON.stringify(line(mod, 'tumble-3s', cone, { q0, qd0, t1: 3, h, samples: { dt: h } }, reps)));
    const slide: MoreauJeanOptions = {
      q0: [0, 0, 0.1, 0, 0, 0],
      qd0: [u * Math.cos(Math.PI / 8), u * Math.sin(Math.PI / 8), 0, 0, 0, 0],
      t1: 0.4,
      h,
      params: { a: 0.15, b: 0.15, mu },
      samples: { dt: h },
    };
    console.log(JSON.stringify(line(mod, 'slide', cone, slide, reps)));
  }
}

await main(process.argv.slice(2));
