// The peers' figures, measured in the same run when they are installed
// (Debian: python3-sympy, python3-siconos): the scripts in bench/peers/
// print JSON lines of the same shape as ours, with a `peer` field. A peer
// that is missing gives no line; one that fails is reported on stderr and
// the bench goes on.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Interpreters tried in order: Debian's packages install for /usr/bin/python3, which may not be the first python3 on PATH. */
const PYTHONS = ['/usr/bin/python3', 'python3'];

/** bench/peers/ from bench/*.ts (vitest) or dist/bench/*.js (npm run bench). */
const PEER_DIRS = ['./peers/', '../../bench/peers/'].map((rel) => new URL(rel, import.meta.url));

function script(name: string): string {
  const dir = PEER_DIRS.find((d) => existsSync(fileURLToPath(new URL(name, d))));
  if (!dir) throw new Error(`bench/peers/${name} not found next to ${fileURLToPath(import.meta.url)}`);
  return fileURLToPath(new URL(name, dir));
}

/** The first interpreter that imports `module`, if any. */
export function pythonWith(module: string): string | undefined {
  return PYTHONS.find((py) => spawnSync(py, ['-c', `import ${module}`], { stdio: 'ignore', timeout: 60_000 }).status === 0);
}

/** Run a peer script; its stdout's JSON lines, or none (with a note on stderr) when it fails. */
function runScript(python: string, name: string, args: readonly string[], timeoutMs: number): Record<string, unknown>[] {
  const r = spawnSync(python, [script(name), ...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 16 << 20 });
  const lines = (r.stdout ?? '').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
  if (r.status !== 0) process.stderr.write(`bench: ${name} ${args.join(' ')} ${r.error ? r.error.message : `exited ${r.status ?? r.signal}`}\n${r.stderr ?? ''}`);
  return lines;
}

/** SymPy's LagrangesMethod on the n-link pendulum, one line per n. */
export function sympyPendulum(sizes: readonly number[], timeoutMs = 600_000): Record<string, unknown>[] {
  const py = pythonWith('sympy.physics.mechanics, numpy');
  return py && sizes.length ? runScript(py, 'sympy_pendulum.py', sizes.map(String), timeoutMs) : [];
}

/** Siconos' Moreau–Jean time-stepping of one of bench/time-stepping.ts's models ('bouncing-ball', 'ball-chain', 'block-stack' with n bodies). */
export function siconosMoreauJean(model: string, n: number, h: number, t1: number, timeoutMs = 300_000): Record<string, unknown>[] {
  const py = pythonWith('siconos.kernel, numpy');
  return py ? runScript(py, 'siconos_moreau_jean.py', [model, String(n), String(h), String(t1)], timeoutMs) : [];
}
