// The Python module of every example model (print-python.ts), imported by
// python3 with NumPy: for random cases it gives what the TypeScript module
// gives to 1e-12 relative, for every function the Python module has. Without
// python3 and NumPy the check says it skipped, except in CI (CI=true), where
// their absence fails.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  parseNumber,
  tsResult,
} from '../helpers/targets.js';

if (!HAVE_NUMPY && !IN_CI) console.warn(`python3 with NumPy not found: the Python agreement checks are skipped; ${INSTALL}.`);

/**
 * Imports the module at argv[1] and, for each case (a JSON line), prints a
 * JSON line of every function's values: [name, python name, arguments] come
 * as argv[2]. Values go as str(float), which reads back exactly (inf and nan too).
 */
const DRIVER = `
import importlib.util, json, sys
import numpy as np
spec = importlib.util.spec_from_file_location("model", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
calls = json.loads(sys.argv[2])
statuses, tol, rest = json.loads(sys.argv[3])
for line in sys.stdin:
    c = json.loads(line)
    q, qd, pm, p = (np.array(c[k], dtype=float) for k in ("q", "qd", "pm", "p"))
    values = {"t": c["t"], "q": q, "qd": qd, "pm": pm, "p": p, "x": np.concatenate([q, qd]), "z": np.concatenate([q, pm]),
              "active": np.array(c["active"], dtype=bool), "modes": np.array(c["modes"], dtype=float)}
    out = []
    for name, py, args in calls:
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
    print(json.dumps(out))
`;

const examples = await loadExamples();

describe.runIf(HAVE_NUMPY || IN_CI)('the Python module of every example agrees with the TypeScript module', () => {
  it('python3 and NumPy are installed (CI never skips this check)', () => {
    expect(HAVE_NUMPY, `python3 or NumPy is missing: ${INSTALL}`).toBe(true);
  });

  const dir = mkdtempSync(join(tmpdir(), 'mechanics-py-'));
  writeFileSync(join(dir, 'driver.py'), DRIVER);
  it.each(examples.map((ex, i) => [ex.spec.name, ex, i] as const))('%s: gives the same values, and lists what it does not give', async (name, ex, i) => {
    if (!HAVE_NUMPY) return;
    const m = await modelCases(ex, 9100 + i);
    const py = generatePython(m.sys, ex.source);
    writeFileSync(join(dir, py.fileName), py.text);
    const calls = [...py.signatures].map(([fn, params]) => [fn, snake(fn), params] as const);
    // NaN is no JSON: the bad arrays' NaN goes as null and back as nan.
    const input = m.cases.map((c) => JSON.stringify({ ...c, bad0: c.bad[0].map((v) => (Number.isNaN(v) ? null : v)), bad1: c.bad[1] })).join('\n');
    const impact = JSON.stringify([IMPACT_STATUSES, IMPACT_TOL, IMPACT_REST_VELOCITY]);
    const output = execFileSync('python3', [join(dir, 'driver.py'), join(dir, py.fileName), JSON.stringify(calls), impact], { input: `${input}\n` })
      .toString()
      .trim()
      .split('\n');
    expect(output.length).toBe(CASES);
    expectContractListed(m, py.available, py.missing, py.text, snake);
    m.cases.forEach((c, k) => {
      const values = JSON.parse(output[k]!) as (number | string)[][];
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
