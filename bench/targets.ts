// The C and Python modules (`derive --target c|python`) against their
// counterparts, per call of `accelerations` at the state pendulumState(n)
// with the default parameters:
//   { bench: 'target-c', model, n, cNs, tsNs, maxDiff }
//       the C module compiled by gcc -O2 (its own process, the fastest of
//       BATCHES short batches: on a loaded machine a long one is preempted) against the TypeScript module (warmed, bench/pendulum.ts's
//       timing), for the double pendulum, the 4-link pendulum and the tumbling box
//   { bench: 'target-python', model, n, pythonNs, sympyNs, maxDiff, version }
//       the Python module against SymPy's lambdify of M and the forcing with
//       numpy.linalg.solve (bench/peers/sympy_pendulum.py) on the same n-link
//       pendulum, n = 2 and 4, each the fastest of BATCHES batches
// maxDiff: the largest difference of the two q̈. A missing tool gives a line
// with `skipped` instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import doublePendulum from '../derivations/double-pendulum.js';
import nLink, { nLinkPendulum } from '../derivations/n-link-pendulum.js';
import tumblingBox from '../derivations/tumbling-box.js';
import { generateModule } from '../src/codegen/module.js';
import { cPrefix, generateC } from '../src/codegen/print-c.js';
import { generatePython } from '../src/codegen/print-python.js';
import { deriveSystem, type DerivedSystem } from '../src/derive/system.js';
import { buildModel, type ModelSpec } from '../src/model/index.js';
import { loadGenerated } from './generate.js';
import { pendulumState, rhsNs } from './pendulum.js';
import { pythonWith, sympyPendulum } from './peers.js';
import { round } from './stats.js';

type Line = Record<string, unknown>;

/** Timed batches after an untimed one; each short enough to run within a time slice. */
const BATCHES = 60;

const maxDiff = (a: readonly number[], b: readonly number[]): number => round(Math.max(...a.map((x, i) => Math.abs(x - b[i]!))), 17);

/** A C program timing batches of `calls` calls of the module's accelerations: the fastest ns per call, then q̈. */
function cDriver(sys: DerivedSystem, header: string, calls: number): string {
  const n = sys.model.coordinates.length;
  const f = cPrefix(sys.model.name);
  const { q, qd } = pendulumState(n);
  return `#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>
#include "${header}"
int main(void) {
  double q[${n}] = {${q.join(', ')}}, qd[${n}] = {${qd.join(', ')}}, out[${n}], p[${sys.model.parameters.length}], best = 1e300;
  for (int k = 0; k < ${sys.model.parameters.length}; k++) p[k] = ${f}_defaults[k];
  for (int r = 0; r <= ${BATCHES}; r++) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < ${calls}; i++) ${f}_accelerations(0.0, q, qd, p, out);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / ${calls};
    if (r > 0 && ns < best) best = ns;
  }
  printf("%.17g", best);
  for (int i = 0; i < ${n}; i++) printf(" %.17g", out[i]);
  printf("\\n");
  return 0;
}
`;
}

/** The C module's ns per call and q̈, built in a temporary folder. */
function timeC(sys: DerivedSystem, source: string, calls: number): { ns: number; acc: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-c-'));
  try {
    const c = generateC(sys, source);
    writeFileSync(join(dir, c.header.fileName), c.header.text);
    writeFileSync(join(dir, c.source.fileName), c.source.text);
    writeFileSync(join(dir, 'main.c'), cDriver(sys, c.header.fileName, calls));
    const exe = join(dir, 'bench');
    execFileSync('gcc', ['-std=c99', '-O2', '-ffp-contract=off', join(dir, 'main.c'), join(dir, c.source.fileName), '-lm', '-o', exe], { stdio: 'pipe' });
    const [ns, ...acc] = execFileSync(exe, { encoding: 'utf8' }).trim().split(' ').map(Number);
    return { ns: ns!, acc };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Imports the module at argv[1], times batches of `calls` calls of accelerations: a JSON [the fastest ns per call, q̈]. */
const PYTHON_DRIVER = `
import importlib.util, json, sys, time
import numpy as np
spec = importlib.util.spec_from_file_location("model", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
q, qd, calls = np.array(json.loads(sys.argv[2])), np.array(json.loads(sys.argv[3])), int(sys.argv[4])
p, out, best = m.DEFAULTS.copy(), np.zeros(m.N), float("inf")
for r in range(${BATCHES} + 1):
    t0 = time.perf_counter()
    for _ in range(calls):
        m.accelerations(0.0, q, qd, p, out)
    if r > 0:
        best = min(best, (time.perf_counter() - t0) / calls * 1e9)
print(json.dumps([best, [float(v) for v in out]]))
`;

function timePython(python: string, sys: DerivedSystem, source: string, calls: number): { ns: number; acc: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-py-'));
  try {
    const py = generatePython(sys, source);
    writeFileSync(join(dir, py.fileName), py.text);
    writeFileSync(join(dir, 'driver.py'), PYTHON_DRIVER);
    const { q, qd } = pendulumState(sys.model.coordinates.length);
    const r = spawnSync(python, [join(dir, 'driver.py'), join(dir, py.fileName), JSON.stringify(q), JSON.stringify(qd), String(calls)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`the Python module's timing failed: ${r.stderr}`);
    const [ns, acc] = JSON.parse(r.stdout) as [number, number[]];
    return { ns, acc };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const succeeds = (cmd: string): boolean => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;

/** The C modules against the TypeScript ones. */
export async function targetCLines(calls: number): Promise<Line[]> {
  const models: readonly [ModelSpec, string][] = [
    [doublePendulum, 'derivations/double-pendulum.ts'],
    [nLink, 'derivations/n-link-pendulum.ts'],
    [tumblingBox, 'derivations/tumbling-box.ts'],
  ];
  if (!succeeds('gcc')) return [{ bench: 'target-c', skipped: 'gcc not found' }];
  const lines: Line[] = [];
  for (const [spec, source] of models) {
    const sys = deriveSystem(buildModel(spec));
    const n = sys.model.coordinates.length;
    const c = timeC(sys, source, calls);
    const ts = await loadGenerated(generateModule(sys, source).source);
    const { q, qd } = pendulumState(n);
    lines.push({
      bench: 'target-c',
      model: spec.name,
      n,
      cNs: round(c.ns),
      tsNs: round(rhsNs(ts, n).ns),
      maxDiff: maxDiff(c.acc, [...ts.accelerations(0, q, qd, {})]),
    });
  }
  return lines;
}

/** The Python module against SymPy's lambdify on the same n-link pendulum: SymPy's lines given, else a run of its own. */
export function targetPythonLines(sizes: readonly number[], calls: number, sympyLines?: readonly Line[]): Line[] {
  const python = pythonWith('numpy');
  if (!python) return [{ bench: 'target-python', skipped: 'python3 with NumPy not found' }];
  const sympy = sympyLines ?? sympyPendulum(sizes);
  return sizes.map((n) => {
    const sys = deriveSystem(buildModel(nLinkPendulum(n)));
    const ours = timePython(python, sys, `bench (n-link pendulum, n = ${n})`, calls);
    const peer = sympy.find((l) => l.n === n);
    return {
      bench: 'target-python',
      model: sys.model.name,
      n,
      pythonNs: round(ours.ns),
      ...(peer ? { sympyNs: peer.rhsNs, maxDiff: maxDiff(ours.acc, peer.acc as number[]), version: peer.version } : { sympy: 'not installed' }),
    };
  });
}
