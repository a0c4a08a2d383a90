// Numbers of a run as a script passing doubles writes them: any finite
// double as an initial value or a parameter's value, in the model file and
// on the command line, arrives exactly (no exact-coefficient overflow).
import { describe, expect, it } from 'vitest';
import { initialState, type ModelSpec } from '../../src/model/index.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { parameterValues, runStart } from '../../src/pipeline/run-values.js';
import { rng, uniform } from '../helpers/random.js';

/** A mass m falling under g: T = m ẏ²/2 stays finite for |ẏ| ≤ 1e150, V = m g y for any m and y up to 1e300. */
const falling = (y0: number, v0: number, m: number): ModelSpec => ({
  name: 'falling-mass',
  coordinates: ['y'],
  parameters: { m, g: 9.81 },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  initial: { q: { y: y0 }, qd: { y: v0 }, t1: 1 },
});

// sin(1) as a script prints it (17 significant digits; its shortest decimal's denominator 10¹⁶ is past 2⁵³), the extremes, and random doubles of every magnitude.
const r = rng(25);
const doubles = [0.8414709848078965, 0.12345678901234568, 1e-300, 1e300, 5e-324, ...Array.from({ length: 20 }, () => 10 ** uniform(r, -300, 300) * (1 + r()))];

describe('a falling mass whose numbers are any doubles', () => {
  it.each(doubles)('takes %s as the initial height, the initial speed and the mass, in the model and on the command line', (x) => {
    // One number at a time: m·g·y and m·ẏ² of two such numbers may exceed the doubles (a named error, not this one).
    const speed = Math.min(x, 1e150);
    const defaults = { m: 1, g: 9.81 };
    const mass = compileModel(falling(1, 0, x), loadGenerated);
    expect(mass.model.parameters.find((p) => p.name === 'm')!.default).toBe(x);
    expect(mass.loaded.model.parameters.find((p) => p.name === 'm')!.default).toBe(x);
    expect(initialState(compileModel(falling(x, 0, 1), loadGenerated).model, defaults).q0[0]).toBe(x);
    expect(initialState(compileModel(falling(1, -speed, 1), loadGenerated).model, defaults).qd0[0]).toBe(-speed);
    const cli = compileModel(falling(1, 0, 1), loadGenerated).model;
    const given = parameterValues(cli, [{ name: 'm', value: String(x) }]);
    expect(given.m).toBe(x);
    expect(runStart(cli, given, { q0: [], qd0: [] }).q0[0]).toBe(1);
    expect(runStart(cli, defaults, { q0: [{ name: 'y', value: String(x) }], qd0: [] }).q0[0]).toBe(x);
    expect(runStart(cli, defaults, { q0: [], qd0: [{ name: 'y', value: `-${speed}` }] }).qd0[0]).toBe(-speed);
  });
});
