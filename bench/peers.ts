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

const found = new Map<string, string | undefined>();

/** The first interpreter that imports `module`, if any (asked once per process: each try starts Python). */
export function pythonWith(module: string): string | undefined {
  if (!found.has(module))
    found.set(
      module,
      PYTHONS.find((py) => spawnSync(py, ['-c', `import ${module}`], { stdio: 'ignore', timeout: 60_000 }).status === 0),
    );
  return found.get(module);
}

/** Run a peer script (with `input` on its stdin); its stdout's JSON lines, or none (with a note on stderr) when it fails. */
function runScript(python: string, name: string, args: readonly string[], timeoutMs: number, input?: string): Record<string, unknown>[] {
  const r = spawnSync(python, [script(name), ...args], {
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 256 << 20,
    ...(input === undefined ? {} : { input }),
  });
  const lines = (r.stdout ?? '')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  if (r.status !== 0)
    process.stderr.write(`bench: ${name} ${args.join(' ')} ${r.error ? r.error.message : `exited ${r.status ?? r.signal}`}\n${r.stderr ?? ''}`);
  return lines;
}

/** SymPy's LagrangesMethod on the n-link pendulum, one line per n. */
export function sympyPendulum(sizes: readonly number[], timeoutMs = 600_000): Record<string, unknown>[] {
  const py = pythonWith('sympy.physics.mechanics, numpy');
  return py && sizes.length ? runScript(py, 'sympy_pendulum.py', sizes.map(String), timeoutMs) : [];
}

/**
 * sympy.cse on lists of expressions in Python syntax over `symbols`
 * (bench/peers/sympy_cse.py): one result per list and run, without and with
 * optimizations='basic', or none when SymPy is missing.
 */
export function sympyCse(symbols: readonly string[], inputs: Readonly<Record<string, readonly string[]>>, timeoutMs = 600_000): Record<string, unknown>[] {
  const py = pythonWith('sympy');
  return py ? runScript(py, 'sympy_cse.py', [], timeoutMs, JSON.stringify({ symbols, inputs })) : [];
}

/** Siconos' Moreau–Jean time-stepping of one of bench/time-stepping.ts's models ('bouncing-ball', 'ball-chain', 'block-stack' with n bodies). */
export function siconosMoreauJean(model: string, n: number, h: number, t1: number, timeoutMs = 300_000): Record<string, unknown>[] {
  const py = pythonWith('siconos.kernel, numpy');
  return py ? runScript(py, 'siconos_moreau_jean.py', [model, String(n), String(h), String(t1)], timeoutMs) : [];
}

/** SymPy's KanesMethod on the Whipple bicycle (bench/peers/sympy_bicycle.py): derivation and linearization, about 300 s of CPU (20 min of wall on the shared machine). */
export function sympyBicycle(timeoutMs = 3_600_000): Record<string, unknown>[] {
  const py = pythonWith('sympy.physics.mechanics, numpy');
  return py ? runScript(py, 'sympy_bicycle.py', [], timeoutMs) : [];
}
