// The Python module of every example model (print-python.ts), imported by
// python3 with NumPy: for random cases it gives what the TypeScript module
// gives to 1e-12 relative, for every function the Python module has. Without
// python3 and NumPy the check says it skipped, except in CI (CI=true), where
// their absence fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePython } from '../../src/codegen/print-python.js';
import { snake } from '../../src/codegen/target.js';
import { loadExamples } from '../helpers/examples.js';
import {
  CASES,
  expectContractListed,
  expectSame,
  HAVE_NUMPY,
  impactStatuses,
  IMPACT_REST_VELOCITY,
  IMPACT_STATUSES,
  IMPACT_TOL,
  IN_CI,
  INSTALL,
  modelCases,
  type ModelCases,
  parseNumber,
  runTool,
  type ToolRun,
  tsResult,
} from '../helpers/targets.js';

if (!HAVE_NUMPY && !IN_CI) console.warn(`python3 with NumPy not found: the Python agreement checks are skipped; ${INSTALL}.`);

/**
 * Imports every module the cases name and, for each case (a JSON line with
 * its module's file and [name, python name, arguments] of its functions),
 * prints a JSON line of every function's values, or of the error the case
 * met. Values go as str(float), which reads back exactly (inf and nan too).
 */
const DRIVER = `
import importlib.util, json, sys, traceback
import numpy as np
modules = {}
def module(file):
    if file not in modules:
        spec = importlib.util.spec_from_file_location("model", file)
        modules[file] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(modules[file])
    return modules[file]
def values_of(c):
    m = module(c["file"])
    q, qd, pm, p = (np.array(c[k], dtype=float) for k in ("q", "qd", "pm", "p"))
    values = {"t": c["t"], "q": q, "qd": qd, "pm": pm, "p": p, "x": np.concatenate([q, qd]), "z": np.concatenate([q, pm]),
              "active": np.array(c["active"], dtype=bool), "modes": np.array(c["modes"], dtype=float)}
    out = []
    for name, py, args in c["calls"]:
        if name == "checkParams":
            out.append([len(m.check_params(np.array(b, dtype=float))) for b in (c["p"], c["bad0"], c["bad1"])])
        elif name in ("massFactor", "massSolve"):
            # M at q factored: whether positive definite, then L; then M^-1 qd with it.
            mm = m.mass_matrix(c["t"], q, p)
            ok = m.mass_factor(mm)
            xs = qd.copy()
            m.mass_solve(mm, xs, 0)
            out.append([str(float(ok))] + [str(float(v)) for v in mm] if name == "massFactor" else [str(float(v)) for v in xs])
        elif name == "impact":
            # The case's held contacts closed: the status, the flags after, q^+, the impulses.
            nc = len(c["active"])
            qp, imp, after = np.zeros(len(q)), np.zeros(nc), np.zeros(nc, dtype=np.int32)
            st = m.impact(c["t"], q, qd, p, tol, rest, qp, imp, after, values["active"])
            out.append([statuses.index(st)] + [int(v) for v in after] + [str(float(v)) for v in qp] + [str(float(v)) for v in imp])
        else:
            out.append([str(float(v)) for v in np.atleast_1d(getattr(m, py)(*[values[a] for a in args if a != "out"]))])
    return out
statuses, tol, rest = json.loads(sys.argv[1])
for line in sys.stdin:
    try:
        print(json.dumps(values_of(json.loads(line))))
    except Exception:
        print(json.dumps({"error": traceback.format_exc()}))
`;

const examples = await loadExamples();

describe.runIf(HAVE_NUMPY || IN_CI)('the Python module of every example agrees with the TypeScript module', () => {
  it('python3 and NumPy are installed (CI never skips this check)', () => {
    expect(HAVE_NUMPY, `python3 or NumPy is missing: ${INSTALL}`).toBe(true);
  });

  const dir = mkdtempSync(join(tmpdir(), 'mechanics-py-'));
  const built = new Map<string, { m: ModelCases; py: ReturnType<typeof generatePython>; calls: (readonly [string, string, readonly string[]])[] }>();
  let driven: ToolRun;
  const outputs = new Map<string, string[]>();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Every module at once: one python3 (NumPy imported once) answers every model's cases, in order.
  beforeAll(async () => {
    if (!HAVE_NUMPY) return;
    const input: string[] = [];
    for (const [i, ex] of examples.entries()) {
      const m = await modelCases(ex, 9100 + i);
      const py = generatePython(m.sys, ex.source);
      const file = join(dir, py.fileName);
      writeFileSync(file, py.text);
      const calls = [...py.signatures].map(([fn, params]) => [fn, snake(fn), params] as const);
      built.set(ex.spec.name, { m, py, calls });
      // NaN is no JSON: the bad arrays' NaN goes as null and back as nan.
      for (const c of m.cases) input.push(JSON.stringify({ ...c, bad0: c.bad[0].map((v) => (Number.isNaN(v) ? null : v)), bad1: c.bad[1], file, calls }));
    }
    writeFileSync(join(dir, 'driver.py'), DRIVER);
    const impact = JSON.stringify([IMPACT_STATUSES, IMPACT_TOL, IMPACT_REST_VELOCITY]);
    driven = await runTool('python3', [join(dir, 'driver.py'), impact], dir, `${input.join('\n')}\n`);
    const lines = driven.stdout.trim().split('\n');
    for (const name of built.keys()) outputs.set(name, lines.splice(0, CASES));
  });

  it.each(examples.map((ex) => [ex.spec.name] as const))('%s: gives the same values, and lists what it does not give', (name) => {
    if (!HAVE_NUMPY) return;
    const { m, py, calls } = built.get(name)!;
    expect(driven.status, `python3: ${driven.stderr}`).toBe(0);
    const output = outputs.get(name)!;
    expect(output.length).toBe(CASES);
    expectContractListed(m, py.available, py.missing, py.text, snake);
    m.cases.forEach((c, k) => {
      const values = JSON.parse(output[k]!) as (number | string)[][] | { error: string };
      if (!Array.isArray(values)) throw new Error(`${name}, case ${k}: ${values.error}`);
      calls.forEach(([fn, , params], j) =>
        expectSame(
          values[j]!.map((v) => parseNumber(`${v}`)),
          tsResult(m, fn, params, c),
          fn,
          `${name}: ${fn}, case ${k}`,
        ),
      );
    });
  });

  it('the impact cases include impacts resolved by a mode, and refusals', () => {
    if (!HAVE_NUMPY) return;
    // Random states with the held contacts closed: most approach, some into a corner the model has no rule for.
    expect(impactStatuses.get('resolved'), [...impactStatuses].join('; ')).toBeGreaterThan(20);
    expect(impactStatuses.get('corner-without-rule'), [...impactStatuses].join('; ')).toBeGreaterThan(0);
  });
});
