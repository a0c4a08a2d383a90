// Admissibility of impact modes decided in the derivation
// (src/derive/unilateral/admissibility.ts): the compass's (1.17) case, where for
// ψ̇⁻ < 0 and α ∈ (0, π/2) the standing foot lifts off iff α ≤ α₀ =
// arcsin(1/√3) (Rubanovich–Formalsky §1), and every example's verdicts
// against dense sampling of the assumption box: "always" and "never" are
// proofs and must never meet a contradicting sample, and the reduced
// conditions must hold exactly where the original ones do.
import { describe, expect, it } from 'vitest';
import compassSpec from '../../../derivations/compass.js';
import { num, type Expr } from '../../../src/core/expr.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { toText } from '../../../src/core/print.js';
import { reduceCondition } from '../../../src/derive/unilateral/admissibility.js';
import { assumptionDomain, type ParameterAssumption } from '../../../src/derive/proofs/assumptions.js';
import type { DerivedSystem } from '../../../src/derive/system.js';
import type { ImpactMap, ImpactMode, Verdict } from '../../../src/derive/unilateral/unilateral-types.js';
import { canonical, hand } from '../../helpers/hand.js';
import { derived, hasContacts, loadExamples } from '../../helpers/examples.js';
import { rng, uniform, type Rng } from '../../helpers/random.js';

const ALPHA0 = Math.asin(1 / Math.sqrt(3));
const text = (v: Verdict): string | readonly string[] => (typeof v === 'string' ? v : v.conditions.map(toText));

describe('rigid compass, D strikes while B stands (Rubanovich–Formalsky (1.17))', () => {
  const sys = derived(compassSpec);
  const im = sys.unilateral!.impactMaps[0]!;
  const [leaves, stays] = im.modes as [ImpactMode, ImpactMode];

  it('decides per sign of ψ̇⁻ with α ∈ (0, π/2): B leaves iff 1 − 3 sin²α ≥ 0, B stays iff 3 sin²α − 1 ≥ 0', () => {
    expect(leaves.stays).toEqual([]);
    expect(stays.stays).toEqual([1]); // footB, contact 2 of R–F §1
    expect(leaves.admissibility?.velocity).toBe("psi'-");
    expect(text(leaves.admissibility!.negative)).toEqual([toText(canonical('1 - 3*sin(alpha)^2'))]);
    expect(text(stays.admissibility!.negative)).toEqual([toText(canonical('3*sin(alpha)^2 - 1'))]);
  });

  it('proves that for ψ̇⁻ > 0 (D moving away from the line) no mode is admissible', () => {
    expect(leaves.admissibility!.positive).toBe('never');
    expect(stays.admissibility!.positive).toBe('never');
  });

  it('switches at α₀ = arcsin(1/√3): the reduced conditions hold for mode 1 exactly below α₀ and for mode 2 exactly above', () => {
    const [c1] = (leaves.admissibility!.negative as { conditions: readonly Expr[] }).conditions;
    const [c2] = (stays.admissibility!.negative as { conditions: readonly Expr[] }).conditions;
    for (let k = 1; k < 1000; k++) {
      const alpha = (k / 1000) * (Math.PI / 2);
      if (Math.abs(alpha - ALPHA0) < 1e-9) continue;
      expect(evaluate(c1!, { alpha }) >= 0).toBe(alpha < ALPHA0);
      expect(evaluate(c2!, { alpha }) >= 0).toBe(alpha > ALPHA0);
    }
  });

  it('rests on α ∈ (0, π/2) as declared and m, l, g > 0 read from their positive defaults', () => {
    const a = sys.unilateral!.assumptions;
    expect(a.map((x) => [x.parameter, x.source, x.lower && toText(x.lower), x.upper && toText(x.upper)])).toEqual([
      ['m', 'positive default', '0', undefined],
      ['l', 'positive default', '0', undefined],
      ['alpha', 'declared', '0', toText(canonical('pi/2'))],
      ['g', 'positive default', '0', undefined],
    ]);
  });

  it('keeps sin α as a condition when α may be any real number (no range declared)', () => {
    const free: ParameterAssumption[] = [
      { parameter: 'l', lower: num(0), lowerOpen: true, upperOpen: false, source: 'positive default' },
      { parameter: 'm', lower: num(0), lowerOpen: true, upperOpen: false, source: 'positive default' },
    ];
    const r = reduceCondition(canonical('4*l*m*sin(alpha)/(1 + 3*sin(alpha)^2)'), assumptionDomain(free));
    expect(typeof r === 'string' ? r : toText(r)).toBe('sin(alpha)');
  });
});

describe('a single condition k ≥ 0', () => {
  const domain = assumptionDomain([
    { parameter: 'alpha', lower: num(0), upper: canonical('pi/2'), lowerOpen: true, upperOpen: true, source: 'declared' },
    { parameter: 'e', lower: num(0), upper: num(1), lowerOpen: true, upperOpen: true, source: 'declared' },
    { parameter: 'm', lower: num(0), lowerOpen: true, upperOpen: false, source: 'positive default' },
  ]);
  // As written (factored, the way together() leaves the derived conditions), not expanded.
  const reduce = (s: string): string => {
    const r = reduceCondition(hand(s), domain);
    return typeof r === 'string' ? r : toText(r);
  };
  it('always holds when every factor is proved positive: m(1 + e) cos α', () => expect(reduce('m*(1 + e)*cos(alpha)')).toBe('always'));
  it('never holds when the product is proved negative: −m(1 + e)', () => expect(reduce('-m*(1 + e)')).toBe('never'));
  it('flips the sense for a factor proved negative: (e − 1)(1 − 3 sin²α) ≥ 0 reads 3 sin²α − 1 ≥ 0', () =>
    expect(reduce('(e - 1)*(1 - 3*sin(alpha)^2)')).toBe(toText(canonical('3*sin(alpha)^2 - 1'))));
  it('keeps a factor whose sign is undecided, with its power: m sin(α − 1)³', () =>
    expect(reduce('m*sin(alpha - 1)^3')).toBe(toText(canonical('sin(alpha - 1)^3'))));
});

// ---------------------------------------------------------------- every example against sampling

/** A random point of the assumption box: parameters inside their open intervals (unbounded ones up to 10). */
function samplePoint(sys: DerivedSystem, assumptions: readonly ParameterAssumption[], r: Rng): Record<string, number> {
  const env: Record<string, number> = {};
  for (const p of sys.model.parameters) {
    const a = assumptions.find((x) => x.parameter === p.name);
    const lo = a?.lower ? evaluate(a.lower, {}) : -10;
    const hi = a?.upper ? evaluate(a.upper, {}) : lo + 10;
    env[p.name] = uniform(r, lo, hi);
  }
  // Coordinates left free by the scenario (general configurations) take any value.
  for (const c of sys.model.coordinates) env[c.name] = uniform(r, -3, 3);
  return env;
}

const holds = (conditions: readonly Expr[], env: Record<string, number>): boolean => conditions.every((c) => evaluate(c, env) >= 0);
/** Far enough from every condition's zero that rounding cannot flip a sign. */
const clear = (conditions: readonly Expr[], env: Record<string, number>): boolean => conditions.every((c) => Math.abs(evaluate(c, env)) > 1e-9);

function checkMode(sys: DerivedSystem, im: ImpactMap, mode: ImpactMode, r: Rng): number {
  const a = mode.admissibility!;
  const conditions = mode.conditions.map((c) => c.expr);
  let checked = 0;
  for (let k = 0; k < 400; k++) {
    const env = samplePoint(sys, sys.unilateral!.assumptions, r);
    for (const [sign, verdict] of [
      [-1, a.negative],
      [1, a.positive],
    ] as const) {
      const at = { ...env, [a.velocity]: sign * uniform(r, 0.01, 5) };
      if (!clear(conditions, at)) continue;
      const original = holds(conditions, at);
      if (verdict === 'always') expect({ scenario: im.scenario.name, sign, env: at, original }).toMatchObject({ original: true });
      else if (verdict === 'never') expect({ scenario: im.scenario.name, sign, env: at, original }).toMatchObject({ original: false });
      else if (clear(verdict.conditions, at))
        expect({ scenario: im.scenario.name, sign, env: at, reduced: holds(verdict.conditions, at) }).toMatchObject({ reduced: original });
      checked++;
    }
  }
  return checked;
}

describe('every example’s verdicts', () => {
  it('agree with the mode conditions at 400 random points of the assumption box per mode and sign', async () => {
    const r = rng(41);
    let modes = 0;
    // Impact maps exist only where there are contacts (sys.unilateral).
    for (const ex of (await loadExamples()).filter((e) => hasContacts(e.spec))) {
      const sys = derived(ex.spec);
      for (const im of sys.unilateral?.impactMaps ?? []) {
        for (const mode of im.modes) {
          if (!mode.admissibility) continue;
          modes++;
          expect(checkMode(sys, im, mode, r)).toBeGreaterThan(400);
        }
      }
    }
    // The compass (2), the rimless wheel (2), the bouncing ball and the particle models' single impacts.
    expect(modes).toBeGreaterThanOrEqual(5);
  });
});
