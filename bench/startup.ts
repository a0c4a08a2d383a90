// The command line's start-up as a user meets it: one `mechanics` process
// per run (node with the bin's flag, in the repository's root), the line
//   { bench: 'startup', command, wallMs, cpuMs, targetMs, runs, load }
// per command, wallMs the median of `runs` processes after one untimed run
// (their [min, max] under `spread`, as bench/stats.ts's merged lines)
// (which fills the disk cache: `simulate` is then of an unchanged model, as
// when a user runs it again), cpuMs the median of their CPU time (user +
// system, 10 ms ticks; Linux only), load the 1-minute load average at the
// end: on a shared machine the wall time is the CPU time stretched by the
// load, and the CPU time is what a change of the CLI changes. `derive` writes into a temporary folder. Needs
// the compiled CLI (dist/src/cli/main.js), so only the full bench runs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, round } from './stats.js';

export interface StartupLine {
  readonly bench: 'startup';
  readonly command: string;
  readonly wallMs: number;
  readonly cpuMs?: number;
  readonly targetMs: number;
  readonly runs: number;
  readonly load: number;
  readonly spread: { readonly wallMs: readonly [number, number]; readonly cpuMs?: readonly [number, number] };
}

/** The repository's root and its compiled CLI, from dist/bench/startup.js. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');
/** The flag of the bin's shebang (src/cli/main.ts). */
const NODE_FLAGS = ['--max-semi-space-size=64'];

/** The commands and the wall time each should take. */
function commands(out: string): readonly { readonly argv: readonly string[]; readonly targetMs: number }[] {
  return [
    { argv: ['--help'], targetMs: 300 },
    { argv: ['list', 'derivations'], targetMs: 300 },
    { argv: ['simulate', 'derivations/bouncing-ball.ts'], targetMs: 300 },
    { argv: ['derive', 'derivations/bouncing-ball.ts', '--no-report', '--out', out], targetMs: 500 },
    { argv: ['derive', 'derivations/simple-pendulum.ts', '--no-report', '--out', out], targetMs: 500 },
  ];
}

/** CPU milliseconds of this process's finished children (cutime + cstime of /proc/self/stat), or undefined off Linux. */
function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5), counted from the state (field 3); USER_HZ is 100 on Linux.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

/** Wall and CPU milliseconds of one CLI process; a failing command is an error of the bench, not a figure. */
function timeOf(argv: readonly string[]): { wall: number; cpu: number | undefined } {
  const cpu0 = childrenCpuMs();
  const start = performance.now();
  const r = spawnSync(process.execPath, [...NODE_FLAGS, MAIN, ...argv], { cwd: ROOT, encoding: 'utf8' });
  const wall = performance.now() - start;
  const cpu1 = childrenCpuMs();
  if (r.status !== 0) throw new Error(`mechanics ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { wall, cpu: cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0 };
}

export function startupLines(runs: number): StartupLine[] {
  const out = mkdtempSync(join(tmpdir(), 'mechanics-bench-'));
  try {
    return commands(out).map(({ argv, targetMs }) => {
      timeOf(argv);
      const times = Array.from({ length: runs }, () => timeOf(argv));
      const cpus = times.map((t) => t.cpu).filter((c) => c !== undefined);
      const command = argv.filter((a) => a !== '--out' && a !== out).join(' ');
      const walls = times.map((t) => t.wall);
      const range = (xs: readonly number[]): [number, number] => [round(Math.min(...xs), 0), round(Math.max(...xs), 0)];
      return {
        bench: 'startup',
        command,
        wallMs: round(median(walls), 0),
        ...(cpus.length === runs ? { cpuMs: median(cpus) } : {}),
        targetMs,
        runs,
        load: round(loadavg()[0]!, 1),
        spread: { wallMs: range(walls), ...(cpus.length === runs ? { cpuMs: range(cpus) } : {}) },
      };
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
