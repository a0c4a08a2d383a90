// The parameter assumptions behind sign decisions (src/derive/proofs/assumptions.ts):
// declared open ranges as declared, positive defaults read as (0, ∞), any
// other parameter free — and the domain the proofs search.
import { describe, expect, it } from 'vitest';
import cartSpec from '../../../derivations/pendulum-on-cart.js';
import { defineModel } from '../../../src/model/index.js';
import { toText } from '../../../src/core/print.js';
import { assumptionDomain, parameterAssumptions, positiveParameters } from '../../../src/derive/proofs/assumptions.js';
import { derived } from '../../helpers/examples.js';

const summary = (spec: Parameters<typeof derived>[0]) =>
  parameterAssumptions(derived(spec).model).map(
    (a) => `${a.parameter} ∈ (${a.lower ? toText(a.lower) : '-∞'}, ${a.upper ? toText(a.upper) : '∞'}) ${a.source}`,
  );

describe('parameter assumptions', () => {
  it('read positive defaults as (0, ∞) and leave a parameter whose default is 0 free (the cart’s force amplitude F)', () => {
    expect(summary(cartSpec)).toEqual([
      'M ∈ (0, ∞) positive default',
      'm ∈ (0, ∞) positive default',
      'l ∈ (0, ∞) positive default',
      'g ∈ (0, ∞) positive default',
      'w ∈ (0, ∞) positive default',
    ]);
  });

  it('take a declared range as declared, and drop an end that depends on another parameter', () => {
    const spec = defineModel({
      name: 'bead',
      title: 'Bead',
      coordinates: [{ name: 'x' }],
      parameters: { a: { default: 1 }, b: { default: -0.5, range: [-1, 'a'] }, c: { default: 0.2, range: [0, 'pi/4'] } },
      kinetic: "x'^2/2",
      initial: { q: { x: 0 }, t1: 1 },
    });
    expect(summary(spec)).toEqual([
      'a ∈ (0, ∞) positive default',
      'b ∈ (-1, ∞) declared',
      `c ∈ (0, ${toText(derived(spec).model.parameters[2]!.range![1]!)}) declared`,
    ]);
  });

  it('give a domain that encloses each range, with the exact ends for the endpoint rule', () => {
    const d = assumptionDomain(parameterAssumptions(derived(cartSpec).model));
    const m = d.variables.get('m')!;
    expect(m.bounds).toEqual({ lo: 0, hi: Infinity });
    expect(m.lower && toText(m.lower)).toBe('0');
    expect(m.upper).toBeUndefined();
    expect(d.variables.has('F')).toBe(false);
  });

  it('name as positive the parameters whose range excludes 0 and lies above it: positive defaults and (0, π/4] closed at 0 do not count', () => {
    const spec = defineModel({
      name: 'bead',
      title: 'Bead',
      coordinates: [{ name: 'x' }],
      parameters: { a: { default: 1 }, b: { default: 0.5, range: [0.1, 1] }, c: { default: 0.2, range: [0, 'pi/4'] }, d: { default: 0 } },
      kinetic: "x'^2/2",
      initial: { q: { x: 0 }, t1: 1 },
    });
    expect([...positiveParameters(derived(spec).model)]).toEqual(['a', 'b']);
  });

  it('bound an end in other parameters by its enclosure over their assumptions: I > m l² gives I > 0, I ≥ m l² only I ≥ 0', () => {
    const spec = (open: boolean) =>
      defineModel({
        name: 'hinged-body',
        title: 'Hinged body',
        coordinates: [{ name: 'phi' }],
        parameters: {
          m: { default: 1 },
          l: { default: 0.5 },
          I: { default: 0.3, range: ['m*l^2', null], ...(open ? { open: 'lower' as const } : {}) },
          J: { default: -1, range: [null, '-m'] },
        },
        kinetic: "(I - m*l^2)*phi'^2/2",
        initial: { q: { phi: 0 }, t1: 1 },
      });
    expect(summary(spec(true))).toEqual(['m ∈ (0, ∞) positive default', 'l ∈ (0, ∞) positive default', 'I ∈ (0, ∞) declared', 'J ∈ (-∞, 0) declared']);
    expect([...positiveParameters(derived(spec(true)).model)]).toEqual(['m', 'l', 'I']);
    expect([...positiveParameters(derived(spec(false)).model)]).toEqual(['m', 'l']);
  });
});
