// `mechanics simulate <model>`: run a generated model from its default
// initial state and print a summary or the trajectory as CSV.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MechanicsError } from '../errors.js';
import type { GeneratedModel } from '../runtime/contract.js';
import { simulate } from '../runtime/simulate.js';

interface SimulateArgs {
  readonly model: string;
  readonly t1?: number;
  readonly params: Record<string, number>;
  readonly samples: number;
  readonly csv: boolean;
}

function parseArgs(args: readonly string[]): SimulateArgs {
  let model: string | undefined;
  let t1: number | undefined;
  let samples = 200;
  let csv = false;
  const params: Record<string, number> = {};
  const number = (flag: string, v: string | undefined): number => {
    const x = Number(v);
    if (v === undefined || !Number.isFinite(x)) throw new MechanicsError('bad-argument', 'input', `${flag} needs a number, got '${v ?? ''}'`);
    return x;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--t1') t1 = number(a, args[++i]);
    else if (a === '--samples') samples = number(a, args[++i]);
    else if (a === '--csv') csv = true;
    else if (a === '--param') {
      const [k, v] = (args[++i] ?? '').split('=');
      if (!k) throw new MechanicsError('bad-argument', 'input', '--param needs name=value');
      params[k] = number(`--param ${k}`, v);
    } else if (a.startsWith('--')) throw new MechanicsError('bad-argument', 'input', `unknown option ${a}`);
    else model = a;
  }
  if (!model) throw new MechanicsError('bad-argument', 'input', 'simulate needs a model name (see `mechanics list`)');
  return { model, ...(t1 !== undefined ? { t1 } : {}), params, samples, csv };
}

export async function runSimulate(argv: readonly string[], distRoot: string): Promise<number> {
  const args = parseArgs(argv);
  const file = join(distRoot, 'dist', 'generated', `${args.model}.js`);
  if (!existsSync(file)) throw new MechanicsError('unknown-model', 'input', `no generated code for '${args.model}' (run \`npm run derive\` first)`);
  const mod = (await import(pathToFileURL(file).href)) as GeneratedModel;
  const info = mod.model;
  for (const k of Object.keys(args.params)) {
    if (!info.parameters.some((p) => p.name === k)) throw new MechanicsError('unknown-parameter', 'input', `model '${info.name}' has no parameter '${k}' (known: ${info.parameters.map((p) => p.name).join(', ')})`);
  }
  const showProgress = process.stderr.isTTY;
  const started = performance.now();
  const traj = simulate(mod, {
    q0: info.initial.q0, qd0: info.initial.qd0, t1: args.t1 ?? info.initial.t1, params: args.params, samples: args.samples,
    onProgress: (f) => {
      // Only long runs get a progress line; short ones would just flicker.
      if (showProgress && performance.now() - started > 500) process.stderr.write(`\r${info.name}: ${(100 * f).toFixed(0)}%${f >= 1 ? '\n' : ''}`);
    },
  });
  if (args.csv) {
    const cols = ['t', ...info.coordinates, ...info.coordinates.map((c) => `${c}'`), ...(traj.energy ? ['energy'] : [])];
    console.log(cols.join(','));
    traj.t.forEach((t, k) => console.log([t, ...traj.q[k]!, ...traj.qd[k]!, ...(traj.energy ? [traj.energy[k]!] : [])].join(',')));
    return 0;
  }
  const last = traj.t.length - 1;
  console.log(`${info.title}: t = ${traj.t[0]} → ${traj.t[last]}, ${traj.stats.steps} steps (${traj.stats.rejected} rejected)`);
  info.coordinates.forEach((c, i) => console.log(`  ${c.padEnd(10)} q = ${traj.q[last]![i]!.toPrecision(8).padStart(14)}   q' = ${traj.qd[last]![i]!.toPrecision(8).padStart(14)}`));
  if (traj.energy) {
    const e0 = traj.energy[0]!;
    if (info.conservative && traj.events.length === 0) {
      const drift = Math.max(...traj.energy.map((e) => Math.abs(e - e0))) / Math.max(Math.abs(e0), 1e-300);
      console.log(`  energy ${e0.toPrecision(10)}, largest relative drift ${drift.toExponential(2)}`);
    } else console.log(`  energy ${e0.toPrecision(10)} → ${traj.energy[last]!.toPrecision(10)}`);
  }
  if (traj.events.length) {
    const counts = new Map<string, number>();
    for (const e of traj.events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    console.log(`  events: ${[...counts].map(([type, k]) => `${k} ${type}`).join(', ')}; last: ${traj.events[traj.events.length - 1]!.type} at t = ${traj.events[traj.events.length - 1]!.t.toPrecision(8)}`);
  }
  return 0;
}
