// Every CSE temporary of a lowered block is declared before it is read, in
// every printer. A product with a negative coefficient prints as − (its
// negation), and reads that node when it is a temporary: −y² read a y²
// bound after it (a TDZ error in the rhsJacobian of the mass m(1 + e^(−y²))).
// Here: that model's module against a Jacobian derived by hand, its C and
// Python temporaries in order, and random kernel blocks lowered whole and in
// chunks, run.
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { add, fn, mul, neg, num, pow, sin, sym, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { toText } from '../../src/core/print.js';
import type { Decl, KernelInput } from '../../src/codegen/ir.js';
import { idx, ref } from '../../src/codegen/ir.js';
import { lowerKernels } from '../../src/codegen/lower.js';
import { generateC } from '../../src/codegen/print-c.js';
import { printModule } from '../../src/codegen/print.js';
import { generatePython } from '../../src/codegen/print-python.js';
import { defineModel } from '../../src/model/index.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng } from '../helpers/random.js';

/**
 * The temporaries (`_k`) read before their declaration in each function of
 * `source`, as "function: name"; `declares` matches a declaring line and
 * gives the name, `starts` a function's first line.
 */
function readBeforeDeclared(source: string, starts: RegExp, declares: RegExp): string[] {
  const late: string[] = [];
  let fnName = '';
  let declared = new Set<string>();
  for (const line of source.split('\n')) {
    const start = starts.exec(line);
    if (start) {
      fnName = start[1]!;
      declared = new Set();
      continue;
    }
    const own = declares.exec(line)?.[1];
    const read = own ? line.slice(line.indexOf('=') + 1) : line;
    for (const [name] of read.matchAll(/\b_\d+\b/g)) if (!declared.has(name)) late.push(`${fnName}: ${name}`);
    if (own) declared.add(own);
  }
  return late;
}

const TS_LAYOUT = { starts: /^\s*(?:export )?function (\w+)/, declares: /^\s*const (_\d+)\b/ };

describe('a mass m(1 + e^(−y²)) on x', () => {
  // T = m(1 + e^(−y²))ẋ²/2 + mẏ²/2, V = my²/2.
  const spec = defineModel({
    name: 'exp-mass',
    title: 'exp mass',
    description: 'A mass whose inertia along x depends on y.',
    coordinates: [{ name: 'x' }, { name: 'y' }],
    parameters: { m: { default: 1 } },
    kinetic: "m*(1+exp(-y^2))*x'^2/2 + m*y'^2/2",
    potential: 'm*y^2/2',
    initial: { q: { x: 0, y: 0.5 }, t1: 1 },
  });
  const sys = derived(spec);

  // By hand, with E = e^(−y²), A = 1 + E: Lagrange's equations
  // d/dt(mAẋ) = 0 and mÿ + myEẋ² + my = 0 give
  //   ẍ = 2yEẋẏ/A,  ÿ = −yEẋ² − y,
  // and their derivatives by (x, y, ẋ, ẏ), using dE/dy = −2yE:
  //   ∂ẍ/∂y = 2ẋẏ(E(1 − 2y²)/A + 2y²E²/A²), ∂ẍ/∂ẋ = 2yEẏ/A, ∂ẍ/∂ẏ = 2yEẋ/A,
  //   ∂ÿ/∂y = −E(1 − 2y²)ẋ² − 1, ∂ÿ/∂ẋ = −2yEẋ.
  const byHand = (y: number, xd: number, yd: number) => {
    const E = Math.exp(-y * y);
    const A = 1 + E;
    const rhs = [xd, yd, (2 * y * E * xd * yd) / A, -y * E * xd * xd - y];
    const jacobian = [
      [0, 0, 1, 0],
      [0, 0, 0, 1],
      [0, 2 * xd * yd * ((E * (1 - 2 * y * y)) / A + (2 * y * y * E * E) / (A * A)), (2 * y * E * yd) / A, (2 * y * E * xd) / A],
      [0, -E * (1 - 2 * y * y) * xd * xd - 1, -2 * y * E * xd, 0],
    ].flat();
    return { rhs, jacobian };
  };

  it.each(['symbolic', 'forward'] as const)('the %s rhsJacobian loads and equals the Jacobian by hand to 1e-12 at 20 states', async (jacobian) => {
    const mod = await loadGenerated(sys, undefined, { jacobian });
    const r = rng(61);
    let worst = 0;
    let largest = 0;
    for (let trial = 0; trial < 20; trial++) {
      const [x, y, xd, yd, m] = [r() * 4 - 2, r() * 3 - 1.5, r() * 4 - 2, r() * 4 - 2, 0.5 + r() * 2];
      const state = Float64Array.from([x, y, xd, yd]);
      const expected = byHand(y, xd, yd);
      const rhs = mod.rhs(0, state, { m });
      expected.rhs.forEach((v, k) => expect(rhs[k]).toBeCloseTo(v, 12));
      const J = mod.rhsJacobian!(0, state, { m });
      expected.jacobian.forEach((v, k) => {
        worst = Math.max(worst, Math.abs(J[k]! - v) / (1 + Math.abs(v)));
        largest = Math.max(largest, Math.abs(v));
      });
    }
    expect(largest).toBeGreaterThan(1);
    expect(worst).toBeLessThan(1e-12);
  });

  it('the C and Python modules declare every temporary before reading it', () => {
    const c = generateC(sys, 'test/exp-mass.ts').source.text;
    expect(c).toMatch(/double _\d+ = /);
    expect(readBeforeDeclared(c, /^(?:static )?\w+ \**(\w+)\(/, /^\s*(?:const )?double (_\d+)\b/)).toEqual([]);
    const py = generatePython(sys, 'test/exp-mass.ts').text;
    expect(py).toMatch(/^\s+_\d+ = /m);
    expect(readBeforeDeclared(py, /^def (\w+)\(/, /^\s*(_\d+) = /)).toEqual([]);
  });
});

describe('random kernel blocks, lowered (fast-check)', () => {
  const symbols = ['a', 'b', 'c'].map(sym);
  // Sums, products, negations, exp, sin and powers over `leaves`.
  const over = (leaves: readonly Expr[]): fc.Arbitrary<Expr> =>
    fc.letrec<{ kernel: Expr }>((tie) => ({
      kernel: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        { arbitrary: fc.constantFrom(...leaves), weight: 3 },
        fc.integer({ min: -3, max: 3 }).map((k) => (k === 0 ? leaves[0]! : num(k))),
        fc.tuple(tie('kernel'), tie('kernel')).map(([u, v]) => add(u, v)),
        fc.tuple(tie('kernel'), tie('kernel')).map(([u, v]) => mul(u, v)),
        tie('kernel').map(neg),
        tie('kernel').map((u) => fn('exp', u)),
        tie('kernel').map(sin),
        fc.tuple(tie('kernel'), fc.integer({ min: 2, max: 3 })).map(([u, k]) => pow(u, k)),
      ),
    })).kernel;
  // Outputs over a part (a power or a product mostly), its negation and the
  // symbols, so that the part recurs, negated or not, as y² and −y² do in a
  // derived block (one block in a hundred has −y² read before y² is bound).
  const symbol = fc.constantFrom(...symbols);
  const power = fc.integer({ min: 2, max: 3 });
  const part = fc.oneof(
    fc.tuple(symbol, power).map(([u, k]) => pow(u, k)),
    fc.tuple(symbol, symbol, power).map(([u, v, k]) => pow(add(u, v), k)),
    fc.tuple(symbol, symbol).map(([u, v]) => mul(u, v)),
    over(symbols),
  );
  // Reported as text: fast-check would print the interned nodes' whole object graph.
  const block = part
    .chain((p) => fc.array(over([...symbols, p, neg(p)]), { minLength: 3, maxLength: 5 }))
    .map((outputs) => Object.assign(outputs, { [fc.toStringMethod]: () => outputs.map(toText).join(' ; ') }));
  const env = { a: 0.7, b: -1.3, c: 0.4 };

  /** The outputs as the body of `f(a, b, c, out)`, lowered with `chunkOps`, printed; the source and f. */
  const lowered = (outputs: readonly Expr[], chunkOps: number) => {
    const inputs = new Map<string, KernelInput>(symbols.map((s) => [s.name, { local: s.name, read: ref(s.name) }]));
    const f: Decl = {
      kind: 'function',
      name: 'f',
      params: [...symbols.map((s) => ({ name: s.name, type: 'number' as const })), { name: 'out', type: 'Float64Array' }],
      returns: 'void',
      body: [{ kind: 'kernel-block', inputs, outputs: outputs.map((expr, k) => ({ expr, targets: [idx('out', k)] })) }],
    };
    const source = printModule(lowerKernels({ header: [], decls: [f] }, { chunkOps }));
    const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    return { source, run: new Function(`${js}\nreturn f;`)() as (a: number, b: number, c: number, out: Float64Array) => void };
  };

  it.each([
    ['whole', Number.POSITIVE_INFINITY],
    ['in chunks of 6 operations', 6],
  ])('%s: declares each temporary before reading it, and computes the outputs', (_, chunkOps) => {
    fc.assert(
      fc.property(block, (outputs) => {
        const { source, run } = lowered(outputs, chunkOps);
        expect(readBeforeDeclared(source, TS_LAYOUT.starts, TS_LAYOUT.declares)).toEqual([]);
        const out = new Float64Array(outputs.length);
        run(env.a, env.b, env.c, out);
        outputs.forEach((o, k) => {
          const v = evaluate(o, env);
          if (Number.isFinite(v) && Math.abs(v) < 1e12) expect(Math.abs(out[k]! - v)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(v)));
        });
      }),
      { seed: 20261129, numRuns: 500, endOnFailure: true },
    );
  });
});
