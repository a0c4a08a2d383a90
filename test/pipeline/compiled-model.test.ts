// A model compiled once: validated, derived, generated, and its module
// loaded on first use by the loader given (esbuild here, sucrase in the
// playground), never twice.
import { describe, expect, it } from 'vitest';
import ball from '../../derivations/bouncing-ball.js';
import { MechanicsError } from '../../src/errors.js';
import { defineModel } from '../../src/model/index.js';
import { compileModel, type ModuleLoader } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';

/** loadGenerated, counting the sources it is handed. */
function countingLoader(): { load: ModuleLoader; readonly sources: string[] } {
  const sources: string[] = [];
  return { sources, load: (source: string): LoadedModule => (sources.push(source), loadGenerated(source)) };
}

describe('compiling the bouncing ball', () => {
  it('names the model file in the generated header, or the model for a bare spec', () => {
    const fromFile = compileModel({ spec: ball, source: 'derivations/bouncing-ball.ts' }, loadGenerated);
    expect(fromFile.module.source.split('\n')[0]).toMatch(/from derivations\/bouncing-ball\.ts\. Do not edit\.$/);
    const bare = compileModel(ball, loadGenerated);
    expect(bare.source).toBe('bouncing-ball');
    expect(bare.module.source.split('\n')[0]).toMatch(/from bouncing-ball\. Do not edit\.$/);
    expect(bare.module.source.split('\n').slice(1)).toEqual(fromFile.module.source.split('\n').slice(1));
  });

  it('holds the model its derivation was made from, and the module generated from that derivation', () => {
    const compiled = compileModel(ball, loadGenerated);
    expect(compiled.system.model).toBe(compiled.model);
    expect(compiled.model.coordinates.map((c) => c.name)).toEqual(['y']);
    expect(compiled.module.fileName).toBe('bouncing-ball.ts');
  });

  it('loads the module only when asked, once, and hands out the same live module after', () => {
    const counter = countingLoader();
    const compiled = compileModel(ball, counter.load);
    expect(counter.sources).toEqual([]);
    const first = compiled.loaded;
    expect(compiled.loaded).toBe(first);
    expect(counter.sources).toEqual([compiled.module.source]);
    // The live module: the ball at height 0.3 has the gap 0.3 and falls at g.
    expect([...first.gaps!(0, [0.3], {})]).toEqual([0.3]);
    expect(first.accelerations(0, [1], [0], { m: 1, g: 9.81, e: 0.8 })[0]).toBeCloseTo(-9.81, 12);
  });
});

describe('compiling a model that does not validate', () => {
  it('throws the model’s error before generating or loading anything', () => {
    const counter = countingLoader();
    const bad = defineModel({ name: 'fall', coordinates: ['y'], parameters: { m: 1, g: 9.81 }, kinetic: "m*y'^2/2", potential: 'm*g*' });
    expect(() => compileModel(bad, counter.load)).toThrow(MechanicsError);
    const named = expect.objectContaining({ code: 'parse-error', where: expect.objectContaining({ field: 'potential' }) });
    expect(() => compileModel(bad, counter.load)).toThrow(named);
    expect(counter.sources).toEqual([]);
  });
});

describe('an oscillator whose potential is written as a sum of 10⁴ terms', () => {
  // Σ_k c_k y^{p_k} with c_k = 1…5 and p_k = 2…8 repeating: collected, 2·Σ c_k over the 1429 (or 1428) terms with p = 2 gives the stiffness.
  const terms = Array.from({ length: 10_000 }, (_, k) => `${(k % 5) + 1}*y^${(k % 7) + 2}`);
  const stiffness = 2 * terms.filter((_, k) => k % 7 === 0).reduce((s, _, j) => s + ((7 * j) % 5) + 1, 0);

  it('compiles, and its forcing at small y is the collected linear stiffness', () => {
    const { loaded } = compileModel(
      { name: 'long-sum', coordinates: ['y'], parameters: { m: 1 }, kinetic: "m*y'^2/2", potential: terms.join(' + '), initial: { q: { y: 0.1 } } },
      loadGenerated,
    );
    const y = 1e-9;
    expect(loaded.forcing(0, [y], [0], {})[0]! / y).toBeCloseTo(-stiffness, 3);
  });
});

describe('numbers with no exact coefficient within 2^53', () => {
  // 1e-300, 1e300, 5e-324 and the largest double in parameters, initial
  // states and expressions: they overflowed the exact rational arithmetic.
  const spec = defineModel({
    name: 'extreme-numbers',
    coordinates: ['x'],
    parameters: { a: { default: 1e-300 }, b: { default: 1.7976931348623157e308 }, c: { default: 5e-324 }, k: { default: 1e300 } },
    kinetic: "x'^2/2",
    // V = x²/2 + 2·10⁻³⁰⁰ x + 5e-324 + (10³⁰⁰·10⁻³⁰⁰) x⁴/4 + a·k·x: the literals' products are evaluated, never multiplied out exactly.
    potential: 'x^2/2 + 2*1e-300*x + 5e-324 + 1e300*1e-300*x^4/4 + a*k*x + 1.7976931348623157e308*1e-308*0*x',
    initial: { q: { x: '1e300*1e-300' }, qd: { x: 5e-324 }, t1: 1 },
  });

  it('derives, generates and runs: the force is the derivative of V, and T + V is conserved', () => {
    const compiled = compileModel(spec, loadGenerated);
    const { loaded, model } = compiled;
    expect(model.parameters.map((p) => p.default)).toEqual([1e-300, 1.7976931348623157e308, 5e-324, 1e300]);
    const x = 0.5;
    const params = { a: 1e-300, b: 1.7976931348623157e308, c: 5e-324, k: 1e300 };
    // q̈ = −V′(x) = −x − 2e-300 − (1e300·1e-300) x³ − a·k
    const qdd = loaded.accelerations(0, [x], [0], params);
    expect(qdd[0]).toBeCloseTo(-x - 2e-300 - 1e300 * 1e-300 * x ** 3 - 1e-300 * 1e300, 14);
    expect(loaded.model.initial.q0).toEqual([1e300 * 1e-300]);
    expect(loaded.model.initial.qd0).toEqual([5e-324]);
    const run = simulate(loaded, { q0: [1], qd0: [5e-324], t1: 1, params });
    for (const E of run.energy!) expect(Math.abs(E - run.energy![0]!)).toBeLessThan(1e-7);
  });
});
