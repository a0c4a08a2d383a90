// The seed examples' paper checks (src/studies/paper-check.ts): every formula
// a model file declares agrees with the fact the engine derives, and a wrong
// formula is reported as disagreeing (symbolically and numerically).
import { describe, expect, it } from 'vitest';
import compass from '../../derivations/compass.js';
import hingedCompass from '../../derivations/hinged-compass.js';
import rimlessWheel from '../../derivations/rimless-wheel.js';
import fallingRod from '../../derivations/falling-rod.js';
import { linearizationStudy } from '../../src/studies/linearization.js';
import { evaluate } from '../../src/core/evaluate.js';
import type { PaperSpec } from '../../src/model/spec.js';
import { checkPaperFormulas, type PaperCheck, paperCheck } from '../../src/studies/paper-check.js';
import planes from '../../derivations/point-between-planes.js';
import planesSwitching from '../../derivations/point-between-planes-switching.js';
import pendulumWall from '../../derivations/pendulum-wall.js';
import particleInCorner from '../../derivations/particle-in-corner.js';
import { parseExpr } from '../../src/core/parse.js';
import { fn, num, type Expr } from '../../src/core/expr.js';
import type { PaperFormula } from '../../src/model/validate/paper.js';
import { derived } from '../helpers/examples.js';
import { rng, uniform } from '../helpers/random.js';
import { hand } from '../helpers/hand.js';
import { sym } from '../../src/core/expr.js';
import { subs } from '../../src/core/subs.js';
import { preImpactName } from '../../src/model/names.js';
import prismInGuides from '../../derivations/prism-in-guides.js';
import planarPrism from '../../derivations/prism-in-guides-planar.js';
import planarFixed from '../../derivations/prism-in-guides-planar-fixed.js';
import planarSweep from '../../derivations/prism-in-guides-planar-sweep.js';
import roughHinge from '../../derivations/rough-hinge-pendulum.js';
import parabolicBilliard from '../../derivations/parabolic-billiard.js';
import releaseElastic from '../../derivations/kozlov-release-elastic.js';
import ellipse from '../../derivations/kozlov-ellipse-oscillator.js';
import viscoelasticDisk from '../../derivations/viscoelastic-disk.js';
import { buildModel } from '../../src/model/model.js';
import { checkNotDerived, checkPaper } from '../../src/model/validate/paper.js';

const checks = new Map<typeof compass, PaperCheck>();
/** A model's check against its paper, made once: several blocks read the same one (the rimless wheel's derives its general model). */
const report = (spec: typeof compass): PaperCheck => {
  let check = checks.get(spec);
  if (!check) {
    check = paperCheck(derived(spec), spec.paper!);
    checks.set(spec, check);
  }
  return check;
};

describe.each([
  ['compass', compass, 18],
  // 11 of the paper's formulas and 3 of the report's own (the pivot phase, its λ², the rolling friction's c).
  ['rimless-wheel', rimlessWheel, 14],
  ['hinged-compass', hingedCompass, 41],
  ['point-between-planes', planes, 1],
  ['point-between-planes-switching', planesSwitching, 1],
  ['prism-in-guides', prismInGuides, 10],
  ['prism-in-guides-planar', planarPrism, 17],
  // The printed a₁₂ = a₂ + x of pair 2 fixed on the guides disagrees; its corrected a₂ − x is counted apart.
  ['prism-in-guides-planar-fixed', planarFixed, 19, ['a_{12}']],
  ['prism-in-guides-planar-sweep', planarSweep, 17],
] as const)('%s against its paper', (_, spec, compared, disagree: readonly string[] = []) => {
  const rows = report(spec).rows;
  it(`compares ${compared} formulas and every one agrees but the printed readings the model corrects`, () => {
    const checked = rows.filter((r) => r.agrees !== undefined);
    expect(checked).toHaveLength(compared);
    expect(checked.filter((r) => !r.agrees).map((r) => r.formula.name)).toEqual(disagree);
    expect(checked.filter((r) => !r.agrees).every((r) => !r.formula.origin)).toBe(true);
  });
});

describe('the random points take signs of pre-impact velocities only where the model has impacts', () => {
  it('the compass strikes the ground; the point between two planes never strikes anything', () => {
    expect(report(compass).impacts).toBe(true);
    expect(report(planes).impacts).toBe(false);
  });
});

describe('rigid compass §1', () => {
  const rows = report(compass).rows;
  const row = (eq: string) => rows.find((r) => r.formula.eq === eq)!;
  it('(1.16) and (1.18) agree symbolically: ψ̇⁺ = ψ̇⁻(1 − 3 sin²α)/(1 + 3 sin²α), α₀ = arcsin(1/√3)', () => {
    expect(row('(1.16)').how).toBe('symbolic');
    expect(evaluate(row('(1.18)').derived, {})).toBeCloseTo(Math.asin(1 / Math.sqrt(3)), 14);
  });
  it('at α = α₀ the standing foot takes no vertical impulse (1.19): the derived fact is 0 with sin(arcsin u) = u', () => {
    expect(rows.filter((r) => r.formula.eq === '(1.19)').map((r) => r.derived.kind === 'num' && r.derived.value.n)).toEqual([0, 0]);
  });
  it('rocking ends in finite time: 2|ψ̇⁻| r/(a(1 − r)) with a = 3g sin α/(l(1 + 3 sin²α)), r of (1.16)', () => {
    const env = { m: 1, l: 0.8, g: 9.81, alpha: 0.3, "psi'-": -1.3 };
    const s = Math.sin(0.3) ** 2;
    const r = (1 - 3 * s) / (1 + 3 * s);
    const a = (3 * 9.81 * Math.sin(0.3)) / (0.8 * (1 + 3 * s));
    expect(evaluate(rows.find((x) => x.formula.eq === '§1')!.derived, env)).toBeCloseTo((2 * 1.3 * r) / (a * (1 - r)), 12);
  });
});

describe('rigid compass: which mode occurs, (1.17)–(1.20) proved', () => {
  const { claims } = report(compass);
  it('E_R1y > 0 in both modes; below α₀ ψ̇⁺ < 0 and (1.13) < 0 (B leaves), above it both > 0 (B stays); |ψ̇⁺| < |ψ̇⁻|', () => {
    expect(claims.map((c) => [c.claim.eq, c.proof.holds])).toEqual(
      ['(1.17)', '(1.17)', '(1.18)', '(1.18)', '(1.19)', '(1.19)', '(1.20)'].map((eq) => [eq, true]),
    );
  });
  it('(1.20) reduces to 1 − r² = 12 sin²α/(1 + 3 sin²α)² with r of (1.16)', () => {
    const [reduced] = claims.at(-1)!.proof.positive;
    const r = (a: number) => (1 - 3 * Math.sin(a) ** 2) / (1 + 3 * Math.sin(a) ** 2);
    for (const alpha of [0.2, 0.9, 1.4]) expect(evaluate(reduced!, { alpha })).toBeCloseTo(1 - r(alpha) ** 2, 13);
  });
  it('the same signs on the wrong side of α₀ are not proved', () => {
    const spec = compass.paper!;
    const swapped = [2, 4]
      .map((i) => spec.claims![i]!)
      .map((c) => ({ ...c, on: { alpha: c.on!.alpha === '(0, asin(1/sqrt(3)))' ? '(asin(1/sqrt(3)), pi/2)' : '(0, asin(1/sqrt(3)))' } }));
    expect(paperCheck(derived(compass), { ...spec, formulas: [], claims: swapped }).claims.map((c) => c.proof.holds)).toEqual([false, false]);
  });
});

/** A form typed by hand, w standing for ψ̇⁻. */
const typed = (text: string) => subs(hand(text), new Map([['w', sym(preImpactName('psi'))]]));

describe('the derived results print in the papers’ forms', () => {
  const compassRows = report(compass).rows;
  const at = (rows: typeof compassRows, eq: string, k = 0) => rows.filter((r) => r.formula.eq === eq)[k]!.derived;
  it('compass: (1.7) [ẋc] = 3lw cos α sin²α/(1 + 3sin²α), [ẏc] = −2lw sin α/(1 + 3sin²α), (1.20) 4ml²w² sin²α/(1 + 3sin²α)', () => {
    expect(at(compassRows, '(1.7)')).toBe(typed('3*l*w*cos(alpha)*sin(alpha)^2/(1 + 3*sin(alpha)^2)'));
    expect(at(compassRows, '(1.7)', 1)).toBe(typed('-2*l*w*sin(alpha)/(1 + 3*sin(alpha)^2)'));
    expect(at(compassRows, '(1.20)')).toBe(typed('4*m*l^2*w^2*sin(alpha)^2/(1 + 3*sin(alpha)^2)'));
  });
  it('rimless wheel: the loss 4ml²w² sin²α (I* + cos²α)/(1 + I*)', () => {
    expect(at(report(rimlessWheel).rows, '§2')).toBe(typed('4*m*l^2*w^2*sin(alpha)^2*(Istar + cos(alpha)^2)/(1 + Istar)'));
  });
});

describe('rimless wheel §2 for every k', () => {
  const rows = report(rimlessWheel).rows;
  const row = (eq: string) => rows.find((r) => r.formula.eq === eq)!;
  it('(2.9): ν per revolution at k = 6, I* = 1/4 is [(1/4 + 1/2)/(5/4)]⁶ = 0.6⁶', () => {
    expect(evaluate(row('(2.9)').derived, { Istar: 0.25, alpha: Math.PI / 6 })).toBeCloseTo(0.6 ** 6, 14);
  });
  it('(2.1), (2.2): the impulse–momentum equations hold in both modes, symbolically, with only E_{R1x} + E_{R2x} entering when B stays', () => {
    const eqs = rows.filter((r) => r.formula.eq === '(2.1)' || r.formula.eq === '(2.2)');
    expect(eqs.map((r) => [r.formula.eq, r.formula.derivedText, r.how, r.agrees])).toEqual([
      ['(2.1)', 'impact1.leaves.spoke2.t', 'symbolic', true],
      ['(2.2)', "impact1.leaves.[psi']", 'symbolic', true],
      ['(2.1)', 'impact1.stays.spoke2.t + impact1.stays.spoke1.t', 'symbolic', true],
      ['(2.2)', "impact1.stays.[psi']", 'symbolic', true],
    ]);
  });
  it('lists the paper’s conclusion from F = cψ̇², that a round wheel rolls for ever, as not derived: no model of the round wheel', () => {
    expect(report(rimlessWheel).notDerived.map((r) => [r.eq, r.name])).toEqual([['§2', '\\text{the round wheel rolls for ever}']]);
  });
  it('(2.8): α₀ = π/2 − ½ arccos I*, π/3 at I* = 1/2, symbolically (the kernel writes arccos(−I*) as π − arccos I*)', () => {
    expect(evaluate(row('(2.8)').derived, { Istar: 0.5 })).toBeCloseTo(Math.PI / 3, 14);
    expect(row('(2.8)').how).toBe('symbolic');
  });
});

describe('rimless wheel §2: the pivot phase, its λ² and the rolling friction’s c, the report’s own', () => {
  const rows = report(rimlessWheel).rows;
  const own = (name: string) => rows.find((r) => r.formula.origin === 'own' && r.formula.name.startsWith(name))!;
  it('ψ̈ on spoke 1 and λ² agree symbolically with the forms typed by hand (I about the foot 2ml²(1 + I*), weight 2mg)', () => {
    expect([own('\\ddot{\\psi}'), own('\\lambda^2')].map((r) => [r.how, r.agrees])).toEqual([
      ['symbolic', true],
      ['symbolic', true],
    ]);
  });
  it('λ² is the square of the rate the linearization finds numerically at the six-spoke wheel’s rest on one spoke', () => {
    const study = linearizationStudy(derived(rimlessWheel))!;
    const rate = Math.max(...study.equilibria.find((e) => e.held.length === 1)!.eigenvalues.map((z) => z.re));
    expect(evaluate(own('\\lambda^2').derived, { g: 9.81, l: 1, Istar: 0.5 })).toBeCloseTo(rate ** 2, 6);
  });
  it('c = −ml ln r/α gives the paper’s (2.9) per revolution, κ = e^(−πc/(ml)), typed from the paper', () => {
    const c = own('c\\ ');
    expect(c.agrees).toBe(true);
    for (const [k, Istar] of [
      [6, 0.25],
      [5, 0.75],
      [12, 0.5],
    ] as const) {
      const [m, l] = [1.3, 0.8];
      const value = evaluate(c.derived, { m, l, Istar, alpha: Math.PI / k });
      expect(Math.exp((-Math.PI * value) / (m * l))).toBeCloseTo(((Istar + Math.cos((2 * Math.PI) / k)) / (Istar + 1)) ** k, 12);
    }
  });
});

describe('falling rod §3: the phase on a sticking end and its λ², the report’s own', () => {
  const check = paperCheck(derived(fallingRod), fallingRod.paper!);
  it('prints no formula as the paper’s: every row is the report’s own, each agreeing with a form typed by hand', () => {
    expect(check.rows.map((r) => [r.formula.origin, r.how, r.agrees])).toEqual([
      ['own', 'symbolic', true],
      ['own', 'symbolic', true],
    ]);
  });
  it('λ² = 3g/(4l) is the square of the rate the linearization finds numerically with the rod upright on a sticking end', () => {
    const study = linearizationStudy(derived(fallingRod))!;
    const rate = Math.max(...study.equilibria.find((e) => e.held.length === 1)!.eigenvalues.map((z) => z.re));
    const lambda2 = check.rows.find((r) => r.formula.name === '\\lambda^2')!.derived;
    expect(evaluate(lambda2, { g: 9.81, l: 1 })).toBeCloseTo(rate ** 2, 6);
    expect(rate ** 2).toBeCloseTo((3 * 9.81) / 4, 6);
  });
});

describe('rimless wheel §2: the statements after (2.9), proved for k > 4 (ν) and k ≥ 5 (the impulses), every I*', () => {
  const { claims, figures } = report(rimlessWheel);
  it('each impact lowers the speed, |ψ̇(+0)| < |ψ̇(−0)| by (2.6), for every α and I* (the energy loss the paper states in words, §2)', () => {
    expect(claims.slice(10, 11).map((c) => [c.claim.eq, c.claim.name, c.proof.holds])).toEqual([['§2', '|\\dot{\\psi}(+0)| < |\\dot{\\psi}(-0)|', true]]);
  });
  it('κ increases with I* for every k > 4: d ln κ/dI* = 2π sin²α/(α(1 + I*)(I* + cos 2α)) > 0, from the derived ratio', () => {
    const claim = claims[11]!;
    expect([claim.claim.name, claim.proof.holds, claim.proof.via]).toEqual(['d\\kappa/dI^* > 0', true, 'logarithms']);
    for (const [alpha, Istar] of [
      [0.3, 0.5],
      [0.7, 0.1],
    ] as const)
      expect(evaluate(claim.proof.positive[0]!, { alpha, Istar })).toBeCloseTo(
        (2 * Math.PI * Math.sin(alpha) ** 2) / (alpha * (1 + Istar) * (Istar + Math.cos(2 * alpha))),
        12,
      );
  });
  it('κ increases with I* for k = 4 (every I* > 0) and k = 3 (every I* > 1/2), where the wheel rolls: the rate is (2.9)’s typed d ln ν/dI*', () => {
    expect(claims.slice(12, 14).map((c) => [c.claim.name, c.proof.holds, c.proof.via])).toEqual([
      ['d\\kappa/dI^* > 0,\\ k = 4', true, 'logarithms'],
      ['d\\kappa/dI^* > 0,\\ k = 3', true, 'logarithms'],
    ]);
    const nu = (Istar: number, k: number) => ((Istar + Math.cos((2 * Math.PI) / k)) / (Istar + 1)) ** k;
    const h = 1e-6;
    for (const [i, k, Istar] of [
      [12, 4, 0.05],
      [12, 4, 0.9],
      [13, 3, 0.55],
      [13, 3, 1],
    ] as const) {
      const rate = (Math.log(nu(Istar + h, k)) - Math.log(nu(Istar - h, k))) / (2 * h);
      expect(evaluate(claims[i]!.proof.positive[0]!, { alpha: Math.PI / k, Istar })).toBeCloseTo(rate, 5);
    }
  });
  it('(2.8): π/4 ≤ α₀ ≤ π/2 for every I* ∈ [0, 1], on the derived critical angle', () => {
    expect(claims.slice(14).map((c) => [c.claim.name, c.proof.holds, c.proof.strict])).toEqual([
      ['\\alpha_0 \\ge \\pi/4', true, false],
      ['\\alpha_0 \\le \\pi/2', true, false],
    ]);
  });
  it('the impulses (2.3), (2.5) > 0 and, for k ≥ 5, (2.4) < 0 and (2.6) < 0: spoke 1 lifts off for every I*; (2.7) < 0', () => {
    expect(claims.slice(0, 5).map((c) => [c.claim.eq, c.proof.holds])).toEqual(['(2.3)', '(2.5)', '(2.4)', '(2.6)', '(2.7)'].map((eq) => [eq, true]));
  });
  it('κ < 1 and dκ/dk > 0 are proved on α = π/k ∈ (0, π/4), I* ∈ [0, 1], and on (0, π/3), I* ∈ (1/2, 1]; κ > exp(−16π/k) (so κ → 1) on (0, π/5]', () => {
    expect(claims.slice(5, 10).map((c) => [c.claim.name, c.proof.holds, c.proof.via])).toEqual([
      ['\\kappa < 1', true, 'logarithms'],
      ['d\\kappa/dk > 0', true, 'logarithm bound'],
      ['\\kappa < 1,\\ k > 3,\\ I^* > 1/2', true, 'logarithms'],
      ['d\\kappa/dk > 0,\\ k > 3,\\ I^* > 1/2', true, 'logarithm bound'],
      ['\\kappa > \\exp(-16\\pi/k)', true, 'logarithms'],
    ]);
    const alpha = (c: (typeof claims)[number]) => c.assumptions.find((a) => a.parameter === 'alpha')!;
    expect([5, 6, 7, 8, 9].map((i) => [alpha(claims[i]!).upper && evaluate(alpha(claims[i]!).upper!, {}), alpha(claims[i]!).upperOpen])).toEqual([
      [Math.PI / 4, true],
      [Math.PI / 4, true],
      [Math.PI / 3, true],
      [Math.PI / 3, true],
      [Math.PI / 5, false],
    ]);
    expect(claims[8]!.assumptions.find((a) => a.parameter === 'Istar')).toMatchObject({ lowerOpen: true, upperOpen: false });
    expect(claims[6]!.assumptions.find((a) => a.parameter === 'Istar')).toMatchObject({ lowerOpen: false, upperOpen: false });
  });
  it('dν/dk > 0 near k = 4, I* = 0, where ν → 0: ln r bounded by 1 − 1/r leaves (2α sin 2α − 2 sin²α)/(I* + cos 2α), x sin x > 1 − cos x with x = 2π/k', () => {
    const target = claims[6]!.proof.positive[0]!;
    for (const [alpha, Istar] of [
      [0.3, 0.5],
      [Math.PI / 4 - 1e-3, 1e-3],
      [0.05, 1],
    ] as const) {
      const x = 2 * alpha;
      expect(evaluate(target, { alpha, Istar })).toBeCloseTo((x * Math.sin(x) - (1 - Math.cos(x))) / (Istar + Math.cos(x)), 9);
    }
  });
  it('Fig. 4: ν(k) at I* = 1/4 and 3/4 from the derived ratio equals (2.9) as typed, and rises with k', () => {
    const [figure] = figures;
    const nu = (Istar: number, k: number) => ((Istar + Math.cos((2 * Math.PI) / k)) / (Istar + 1)) ** k;
    expect(figure!.curves.map((c) => c.value)).toEqual([0.25, 0.75]);
    for (const c of figure!.curves) {
      figure!.x.forEach((k, i) => expect(c.y[i]).toBeCloseTo(nu(c.value, k), 12));
      expect(c.y.every((y, i) => i === 0 || y > c.y[i - 1]!)).toBe(true);
    }
    expect(figure!.x[0]).toBe(4);
    expect(figure!.x.at(-1)).toBeCloseTo(100, 12);
  });
});

describe('hinged compass §3', () => {
  const rows = report(hingedCompass).rows;
  it('G of (3.4) agrees entry by entry with the paper’s closed forms, (1, 2) read as −(m/2)/sin 2α', () => {
    const g = rows.filter((r) => r.formula.eq === '(3.4)');
    expect(g.map((r) => r.formula.name)).toEqual(['11', '12', '13', '14', '22', '23', '24', '33', '34', '44'].map((k) => `g_{${k}}`));
    expect(g.every((r) => r.agrees && r.how === 'symbolic')).toBe(true);
  });
  it('the stay and lift-off impulses (3.10)–(3.13) and Carnot’s loss (3.14) agree symbolically', () => {
    expect(rows.filter((r) => /^\(3\.1[0-4]\)$/.test(r.formula.eq)).map((r) => `${r.formula.eq} ${r.how} ${r.agrees}`)).toEqual(
      ['(3.10)', '(3.10)', '(3.11)', '(3.11)', '(3.12)', '(3.12)', '(3.13)', '(3.13)', '(3.14)', '(3.14)', '(3.14)', '(3.14)'].map(
        (eq) => `${eq} symbolic true`,
      ),
    );
  });
  it('(3.14): the loss equals the work of R₁, ½[z₁]ᵀE₁, in both modes: the derived loss beside the derived impulse at D', () => {
    const work = rows.filter((r) => r.formula.name.startsWith('\\tfrac{1}{2}[z_1]'));
    expect(work.map((r) => [r.formula.eq, r.how, r.agrees])).toEqual([
      ['(3.14)', 'symbolic', true],
      ['(3.14)', 'symbolic', true],
    ]);
    // The impulses named as the paper names them, E_{R₁ₓ}, E_{R₁y} (no placeholder letters for the loss).
    expect(work.map((r) => [r.formula.derivedText, [...r.formula.where.keys()].filter((k) => k.startsWith('E')).join()])).toEqual([
      ['impact1.stays.ΔT', 'E_R1x,E_R1y'],
      ['impact1.leaves.ΔT', 'E_R1x,E_R1y'],
    ]);
    // Each mode's loss labelled by the mode it is in, ΔT|_{…}, not chained to it with a comma, and next to its work of R₁.
    const losses = rows.filter((r) => r.formula.eq === '(3.14)').map((r) => r.formula.name);
    expect(losses).toEqual([
      '\\Delta T|_{z_2(+0) = 0}',
      '\\tfrac{1}{2}[z_1]^{\\top} E_1|_{z_2(+0) = 0}',
      '\\Delta T|_{E_2 = 0}',
      '\\tfrac{1}{2}[z_1]^{\\top} E_1|_{E_2 = 0}',
    ]);
    expect(work.flatMap((r) => [...r.formula.where.values()].flatMap((b) => ('fact' in b ? [b.fact] : [])))).toEqual([
      'impact1.foot1.t-',
      'impact1.foot1.n-',
      'impact1.stays.foot1.t',
      'impact1.stays.foot1.n',
      'impact1.foot1.t-',
      'impact1.foot1.n-',
      'impact1.leaves.foot1.t',
      'impact1.leaves.foot1.n',
    ]);
  });
  it('(3.1): G′ and L typed from the paper agree entry by entry with the derived M and contact rows at the impact, symbolically', () => {
    const g = rows.filter((r) => r.formula.eq === '(3.1)');
    expect(g.map((r) => r.formula.name)).toEqual([
      ...['11', '12', '13', '14', '22', '23', '24', '33', '34', '44'].map((k) => `g'_{${k}}`),
      ...['31', '32', '43', '44'].map((k) => `l_{${k}}`),
    ]);
    expect(g.every((r) => r.agrees && r.how === 'symbolic')).toBe(true);
  });
  it('(3.3): G′ = L G Lᵀ with the derived G′, G typed from (3.4) and L from (3.1), for every velocity; a sign of L misread fails it', () => {
    const row = rows.find((r) => r.formula.eq === '(3.3)')!;
    expect([row.how, row.agrees]).toEqual(['symbolic', true]);
    // No derived G in it: G′'s entries are the only facts the row names (the derived G would compare G with itself through L).
    const facts = [...row.formula.where.values()].flatMap((b) => ('fact' in b ? [b.fact] : []));
    expect(facts.filter((f) => !/^impact1\.M\d\d$/.test(f))).toEqual([]);
    expect(facts).toHaveLength(10);
    const spec = hingedCompass.paper!;
    const transformed = spec.formulas.find((f) => f.eq === '(3.3)')!;
    const misread = { ...transformed, where: { ...transformed.where!, z4: "y' + l*sin(beta)*a2'" } };
    expect(paperCheck(derived(hingedCompass), { ...spec, formulas: [misread], claims: [] }).rows[0]!.agrees).toBe(false);
  });
  it('(3.15), (3.16): B (foot 2) sliding on a line turned smooth, against the derived impact with foot 2’s tangent free, symbolically', () => {
    expect(rows.filter((r) => /^\(3\.1[56]\)$/.test(r.formula.eq)).map((r) => [r.formula.eq, r.formula.derivedText, r.how, r.agrees])).toEqual([
      ['(3.15)', 'impact1.smooth.foot2.n', 'symbolic', true],
      ['(3.16)', 'impact1.smooth.foot2.t+', 'symbolic', true],
    ]);
  });
  it('(3.10)–(3.18) are the paper’s formulas in the entries g_ij of G typed from (3.4) and ẋ₁, ẏ₁ alone: no derived G, velocity or impulse', () => {
    const typed = rows.filter((r) => /^\(3\.1[0-8]\)$/.test(r.formula.eq) && !r.formula.name.startsWith('\\tfrac{1}{2}[z_1]'));
    const facts = typed.flatMap((r) => [...r.formula.where.values()].flatMap((b) => ('fact' in b ? [b.fact] : [])));
    expect(facts.filter((f) => !/^impact1\.foot1\.[tn]-$/.test(f))).toEqual([]);
    // The scalar entries as (3.15)–(3.18) name them, g_ij; the paper's G₁₁, G₁₂, G₂₁, G₂₂ are 2×2 blocks (3.6).
    const symbols = new Set(typed.flatMap((r) => [...r.formula.where.keys()]));
    expect([...symbols].filter((s) => /^G/.test(s))).toEqual([]);
    expect(symbols.has('g21') && symbols.has('g43')).toBe(true);
    // g₂₁ = g₁₂ = −(m/2)/sin 2α and g₄₃ = g₃₄ = (m/2)/sin 2α of (3.4), at m = 1.5, α = 0.4.
    const value = (name: string): number => {
      const b = typed.find((r) => r.formula.where.has(name))!.formula.where.get(name)!;
      expect('expr' in b).toBe(true);
      return evaluate((b as { readonly expr: Expr }).expr, { m: 1.5, beta: 0.4 });
    };
    expect(value('g21')).toBeCloseTo(-0.75 / Math.sin(0.8), 12);
    expect(value('g43')).toBeCloseTo(0.75 / Math.sin(0.8), 12);
  });
});

describe('hinged compass: the sign facts after (3.14)–(3.18), (3.14) proved from G alone, (3.15)–(3.18) on the derived impacts', () => {
  const { claims } = report(hingedCompass);
  it('ΔT > 0 and ż₁⁻·E₁ < 0 in both modes and E₂·ż₂⁺ < 0 are quadratic forms proved definite; (3.15)/(3.17) and (3.16)/(3.18) are negative', () => {
    expect(claims.map((c) => [c.claim.eq, c.proof.via, c.proof.holds])).toEqual([
      ['(3.14)', 'quadratic form', true],
      ['(3.14)', 'quadratic form', true],
      ['(3.14)', 'quadratic form', true],
      ['(3.14)', 'quadratic form', true],
      ['(3.11), (3.13)', 'quadratic form', true],
      ['(3.15), (3.17)', 'difference', true],
      ['(3.16), (3.18)', 'difference', true],
    ]);
  });
  it('(3.16)/(3.18) reduces to 1/g₃₃ > 0 with g₃₃ = (m/2)(3cos²α + 1)/(3cos²α) of (3.4)', () => {
    const ratio = claims.at(-1)!.proof.positive[0]!;
    for (const [m, beta] of [
      [1, 0.3],
      [2.5, 1.2],
    ] as const) {
      const c2 = Math.cos(beta) ** 2;
      expect(evaluate(ratio, { m, l: 1, beta })).toBeCloseTo(1 / ((m / 2) * ((3 * c2 + 1) / (3 * c2))), 12);
    }
  });
  it('the claims negated are not proved: ΔT < 0 when B stays, and the two ratios positive', () => {
    const spec = hingedCompass.paper!;
    const negated = [0, 5, 6]
      .map((i) => spec.claims![i]!)
      .map((c) => ({ ...c, claim: c.claim.includes('>') ? c.claim.replace('>', '<') : c.claim.replace('<', '>') }));
    const rows = paperCheck(derived(hingedCompass), { ...spec, formulas: [], claims: negated }).claims;
    expect(rows.map((r) => r.proof.holds)).toEqual(negated.map(() => false));
  });
});

describe('Smirnov’s counts of support variants and the point’s Φ between planes', () => {
  it('§2, §3: the sum of C₅ʳ2ʳ, S = 3^{6ν−n} and s₀ = 2^{6ν−n} at the one prism, ν = 1, and n typed from the five pairs give the 243 and 32 variants enumerated', () => {
    const rows = report(prismInGuides).rows.filter((r) => ['§2', '§3'].includes(r.formula.eq));
    expect(rows.map((r) => [r.formula.name, r.how, r.agrees, r.formula.origin])).toEqual([
      ['\\sum_{r=0}^{5} C_5^r 2^r', 'symbolic', true, undefined],
      ['S = 3^{6\\nu - n}', 'symbolic', true, undefined],
      ['s_0 = 2^{6\\nu - n}', 'symbolic', true, undefined],
    ]);
    // n is the paper's side's own, 6 − 5 typed from the declared pairs, not the derivation's degrees of freedom.
    for (const r of rows.slice(1)) expect(r.formula.where.get('n')).toEqual({ expr: num(1) });
    // §2's printed count: 243, the variants enumerated.
    expect(rows[0]!.paper).toBe(num(243));
    // The enumeration, not a closed form: the paper's side is the only formula in each row.
    const [all, full] = rows.slice(1).map((r) => r.derived);
    expect([all, full]).toEqual([num(243), num(32)]);
  });
  it('§3 with the exponent misread (3^{6ν−n+1}, 2^{6ν+n}) disagrees', () => {
    const misread = prismInGuides.paper!.formulas.map((f) =>
      f.formula === '3^(6*nu - n)' ? { ...f, formula: '3^(6*nu - n + 1)' } : f.formula === '2^(6*nu - n)' ? { ...f, formula: '2^(6*nu + n)' } : f,
    );
    const rows = checkPaperFormulas(derived(prismInGuides), checkPaper(misread, buildModel(prismInGuides))).filter((r) => r.formula.eq === '§3');
    expect(rows.map((r) => r.agrees)).toEqual([false, false]);
  });
  it('(2.3), §3’s self-locking with skew, two tries, continuity and maximal sum, §2’s incomplete support and the points fixed on the guides are listed as not derived, beside the five pairs it derives', () => {
    const check = report(prismInGuides);
    expect(check.notDerived.map((r) => r.eq)).toEqual(['(2.3)', '§3', '§2', '§3', '§3', '§3', '§2']);
    expect(check.notDerived.slice(1).map((r) => r.name)).toEqual([
      '\\Delta^{\\varepsilon} = 0',
      '2^{5 - r} \\text{ components of } 2^{r - 5}',
      '\\text{a full variant in at most two tries}',
      '\\text{the friction force continuous across a switch}',
      '\\max \\sum_s N_s',
      'a = a^0 + x',
    ]);
    // (2.3) holds only without self-locking, which is decided at the defaults alone.
    expect(check.notDerived[0]!.reason).toContain('only without self-locking');
  });
  it('example 1 prints one formula, Φ, which agrees symbolically; with the planes’ roughness swapped (f₁ ↔ f₂) it disagrees', () => {
    const rows = report(planes).rows;
    expect(rows.map((r) => [r.formula.name, r.how, r.agrees])).toEqual([['\\Phi', 'symbolic', true]]);
    const swapped = planes.paper!.formulas.map((f) => ({ ...f, formula: f.formula!.replace('f2*', 'F1*').replace('f1*', 'f2*').replace('F1*', 'f1*') }));
    expect(checkPaperFormulas(derived(planes), checkPaper(swapped, buildModel(planes))).map((r) => r.agrees)).toEqual([false]);
  });
});

describe('a wrong formula', () => {
  const wrong = (formula: string): PaperSpec => ({
    source: 'rubanovich1981',
    formulas: [{ eq: '(1.16)', name: 'x', formula, derived: "impact1.leaves.psi'+", where: { w: "impact1.psi'-" } }],
  });
  it('disagrees: a sign slip in (1.16) and the compass’s ratio with cos for sin', () => {
    const system = derived(compass);
    expect(paperCheck(system, wrong('w*(1 + 3*sin(alpha)^2)/(1 - 3*sin(alpha)^2)')).rows[0]!.agrees).toBe(false);
    expect(paperCheck(system, wrong('w*(1 - 3*cos(alpha)^2)/(1 + 3*cos(alpha)^2)')).rows[0]!.agrees).toBe(false);
  });
  it('is refused where it names no fact or uses an unbound symbol', () => {
    const system = derived(compass);
    expect(() => paperCheck(system, { source: 'rubanovich1981', formulas: [{ eq: '(1)', name: 'x', formula: '0', derived: 'impact1.nothing' }] })).toThrow(
      /no fact 'impact1.nothing'/,
    );
    expect(() =>
      paperCheck(system, { source: 'rubanovich1981', formulas: [{ eq: '(1)', name: 'x', formula: 'q*m', derived: "impact1.leaves.psi'+" }] }),
    ).toThrow(/q: neither a parameter nor bound in where/);
  });
});

describe('a formula’s fact negated and its limit as a parameter grows', () => {
  const row = { eq: '(1.16)', name: 'x', derived: "-impact1.leaves.psi'+", where: { w: "impact1.psi'-" } };
  it('compares −ψ̇⁺ with the paper’s (1.16) negated, and refuses a limit in α, under sines, with a named error', () => {
    const system = derived(compass);
    const check = (formula: string, at?: Record<string, string>): PaperCheck =>
      paperCheck(system, { source: 'rubanovich1981', formulas: [{ ...row, formula, ...(at ? { at } : {}) }] });
    expect(check('-w*(1 - 3*sin(alpha)^2)/(1 + 3*sin(alpha)^2)').rows[0]!.agrees).toBe(true);
    expect(check('w*(1 - 3*sin(alpha)^2)/(1 + 3*sin(alpha)^2)').rows[0]!.agrees).toBe(false);
    expect(() => check('-w', { alpha: '∞' })).toThrow(/no finite limit as alpha grows/);
  });
});

describe('the double pendulum at a wall against Kugushev–Sorokina §1 and §9', () => {
  const rows = report(pendulumWall).rows;
  it('Appell (1.2), the impact equation (1.3), the quadratic (1.4) and its root at e = 1, energy kept at e = 1, the closing relation of §9 and its consequences, Carnot and (9.5) at e = 0, (10.15) and (9.5) along the wall agree', () => {
    expect(rows.map((r) => [r.formula.eq, r.agrees, r.how])).toEqual([
      ['(1.2)', true, 'symbolic'],
      ['(1.3)', true, 'symbolic'],
      ['(1.3)', true, 'symbolic'],
      ['(1.4)', true, 'symbolic'],
      ['(1.4)', true, 'symbolic'],
      ['§1', true, 'symbolic'],
      ['§9', true, 'symbolic'],
      ['§9', true, 'symbolic'],
      ['§9', true, 'symbolic'],
      ['§9', true, 'symbolic'],
      ['§9', true, 'symbolic'],
      ['(9.5)', true, 'symbolic'],
      ['(10.15)', true, 'symbolic'],
      ['(10.15)', true, 'symbolic'],
      ['(9.5)', true, 'symbolic'],
    ]);
  });
  it('(10.15) along the wall with the reaction’s sign reversed disagrees', () => {
    const spec = pendulumWall.paper!;
    const wrong = { ...spec.formulas[12]!, formula: spec.formulas[12]!.formula!.replace('= -l1', '= l1') };
    expect(paperCheck(derived(pendulumWall), { ...spec, formulas: [wrong], claims: [] }).rows[0]!.agrees).toBe(false);
  });
  it('Carnot at e = 0: T⁻ − T⁺ is ½(BΔq̇, Δq̇) with B typed by hand, and a B without the coupling disagrees', () => {
    const carnot = rows[10]!;
    expect(carnot.formula.at?.get('e')).toBeDefined();
    const spec = pendulumWall.paper!;
    const uncoupled = { ...spec.formulas[10]!, where: { ...spec.formulas[10]!.where, B12: '0' } };
    expect(paperCheck(derived(pendulumWall), { ...spec, formulas: [uncoupled], claims: [] }).rows[0]!.agrees).toBe(false);
  });
  it('the relations set their two sides, each typed from the paper: Appell’s p⁺·v beside p⁻·v', () => {
    const appell = rows[0]!;
    expect(appell.formula.left).toBeDefined();
    expect(appell.formula.derived).toEqual([]);
  });
  it('a wrong sign in (1.3) or in the printed closing relation of §9 disagrees', () => {
    const spec = pendulumWall.paper!;
    const wrong = [
      { ...spec.formulas[1]!, formula: 'P1m + mu*(-F1)' },
      { ...spec.formulas[6]!, formula: '(P1p - e*P1m)*(Q1p - Q1m) + (P2p - e*P2m)*(Q2p - Q2m) = 0' },
    ];
    expect(paperCheck(derived(pendulumWall), { ...spec, formulas: wrong, claims: [] }).rows.map((r) => r.agrees)).toEqual([false, false]);
  });
  it('∂gᵀB⁻¹∂g is (m₁ cos²q₂ + m₂ sin²(q₁ − q₂))/(m₂(m₁ + m₂ sin²(q₁ − q₂))), from B⁻¹ by hand', () => {
    const k = rows[4]!.bindings.get('k')!;
    for (const [q1, q2, m1, m2, l1, l2] of [
      [0.3, -0.8, 1, 2, 0.7, 1.3],
      [-1.1, 0.4, 2.5, 0.5, 1, 0.4],
    ] as const) {
      const s2 = Math.sin(q1 - q2) ** 2;
      expect(evaluate(k, { q1, q2, m1, m2, l1, l2 })).toBeCloseTo((m1 * Math.cos(q2) ** 2 + m2 * s2) / (m2 * (m1 + m2 * s2)), 13);
    }
  });
  it('Δμ ≥ 0 and Carnot’s T⁻ − T⁺ ≥ 0 on e ∈ [0, 1] are proved: (1 + e)/k ≥ 0 along w < 0, (1 − e²)/(2k) ≥ 0, where k ≠ 0', () => {
    const claims = report(pendulumWall).claims;
    expect(claims.map((c) => [c.proof.holds, c.proof.strict, c.proof.via, c.proof.nonzero.length])).toEqual([
      [true, false, 'arrival', 1],
      [true, false, 'arrival', 1],
    ]);
    // k = ∂gᵀB⁻¹∂g by hand, as above.
    const env = { q1: 0.3, q2: -0.8, m1: 1, m2: 2, l1: 0.7, l2: 1.3, e: 0.6 };
    const s2 = Math.sin(env.q1 - env.q2) ** 2;
    const k = (env.m1 * Math.cos(env.q2) ** 2 + env.m2 * s2) / (env.m2 * (env.m1 + env.m2 * s2));
    expect(claims.map((c) => evaluate(c.proof.positive[0]!, env))).toEqual([
      expect.closeTo((1 + env.e) / k, 12),
      expect.closeTo((1 - env.e ** 2) / (2 * k), 12),
    ]);
  });
  it('for e up to 2 the loss is not proved (1 + e > 0 keeps Δμ ≥ 0); strict, neither is (ΔT = 0 at e = 1; k ≥ 0 is no denominator of strict sign)', () => {
    const spec = pendulumWall.paper!;
    const holds = (claims: NonNullable<PaperSpec['claims']>) =>
      paperCheck(derived(pendulumWall), { ...spec, formulas: [], claims }).claims.map((c) => c.proof.holds);
    expect(holds(spec.claims!.map((c) => ({ ...c, on: { e: '[0, 2]' } })))).toEqual([true, false]);
    expect(holds(spec.claims!.map((c) => ({ ...c, claim: c.claim.replace('>=', '>') })))).toEqual([false, false]);
  });
});

describe('Smirnov example 1 against its support facts', () => {
  // Built directly: validate/paper.ts admits only impact facts in a model file so far.
  const formula = (name: string, text: string, fact: string): PaperFormula => ({
    eq: '§1',
    name,
    formula: parseExpr(text),
    derivedText: fact,
    derived: [{ fact }],
    where: new Map(),
  });
  const rows = checkPaperFormulas(derived(planes), [
    formula('\\Phi^{(+)}', '-f1*Fz', 'supports.(+).Φ'),
    formula('\\Phi^{(-)}', 'f2*Fz', 'supports.(-).Φ'),
    formula('\\Phi^{(-)}', 'f1*Fz', 'supports.(-).Φ'),
  ]);
  it('|Φ| = f₁|F_z| on the lower plane and f₂F_z on the upper one agree symbolically; the coefficients swapped do not', () => {
    expect(rows.map((r) => [r.agrees, r.how])).toEqual([
      [true, 'symbolic'],
      [true, 'symbolic'],
      [false, 'numeric'],
    ]);
  });
});

describe('Smirnov example 2: the checks can fail', () => {
  const sgn = (system: ReturnType<typeof derived>) => ({ expr: fn('sign', system.model.coordinates[0]!.qd) });
  it("the planar Δ₁₁ with the friction terms' sign flipped, and the spatial (2.1) row of M_y with its a-terms summed over s = 1…5 as printed, disagree", () => {
    const planar = derived(planarPrism);
    const [delta] = checkPaperFormulas(planar, [
      {
        eq: '§2',
        name: '\\Delta_{11}',
        formula: parseExpr('(a2 - g2*x) - (a1 - g1*x) - (f12*w*(-1)^1 - f11*w*(-1)^1)*sgn'),
        derivedText: 'supports.(-,-).Δ',
        derived: [{ fact: 'supports.(-,-).Δ' }],
        where: new Map([
          ['sgn', sgn(planar)],
          ['x', { expr: planar.model.coordinates[0]!.q }],
        ]),
      },
    ]);
    expect(delta!.agrees).toBe(false);
    // Pair 2 fixed on the guides with the paper's a⁰ + x as printed (§2): Δ₁₁ = a₂ + x − a₁ + w(f₁₁ − f₁₂) sgn ẋ disagrees.
    const fixed = derived(planarFixed);
    const [plusX] = checkPaperFormulas(fixed, [
      {
        eq: '§2',
        name: '\\Delta_{11}',
        formula: parseExpr('(a2 + x) - a1 + (f11*w - f12*w)*sgn'),
        derivedText: 'supports.(-,-).Δ',
        derived: [{ fact: 'supports.(-,-).Δ' }],
        where: new Map([
          ['sgn', sgn(fixed)],
          ['x', { expr: fixed.model.coordinates[0]!.q }],
        ]),
      },
    ]);
    expect(plusX!.agrees).toBe(false);
    const spatial = derived(prismInGuides);
    const printed = prismInGuides.paper!.formulas.find((f) => f.name === 'M_y')!;
    const ns = new Map([1, 2, 3, 4, 5].map((s) => [`N${s}`, { fact: `supports.(-,-,+,+,+).N${s}` }] as const));
    const [row] = checkPaperFormulas(spatial, [
      {
        eq: '(2.1)',
        name: 'M_y',
        // The model's row plus the printed a-terms of pairs 1, 2 (both on the faces p = 1): (−1)¹a₁N₁ + (−1)¹a₂N₂.
        formula: parseExpr(`${printed.formula} - a1*N1 - a2*N2`),
        derivedText: 'supports.load.theta',
        derived: [{ fact: 'supports.load.theta' }],
        where: new Map<string, { fact: string } | { expr: Expr }>([...ns, ['sgn', sgn(spatial)]]),
      },
    ]);
    expect(row!.agrees).toBe(false);
    // The model's own row: its print (the same a-terms over s = 1…5) differs, its reading and the moment of the reactions agree.
    const rows = report(prismInGuides).rows;
    const my = rows.find((r) => r.formula.name === 'M_y')!;
    expect([my.agrees, my.printed?.agrees]).toEqual([true, false]);
    const moment = rows.find((r) => r.formula.name.startsWith('M_y\\ (\\text{moment'))!;
    expect([moment.agrees, moment.how]).toEqual([true, 'symbolic']);
  });
  it('the moment of the reactions about y with pairs 1, 2 pushing along z, where the print’s a-terms would come from, disagrees', () => {
    const spatial = derived(prismInGuides);
    const typed = prismInGuides.paper!.formulas.find((f) => f.name.startsWith('M_y\\ (\\text{moment'))!;
    // Pairs 1, 2 bear on faces p = 1: their F_z read as (−1)¹N adds −(−a·(−N)) = −aN each, the print's a-terms.
    const wrong = { ...typed, formula: `${typed.formula} - a1*N1 - a2*N2` };
    const [row] = checkPaperFormulas(spatial, checkPaper([wrong], spatial.model));
    expect(row!.agrees).toBe(false);
  });
});

describe('results the papers state that are not derived, listed with the reason', () => {
  it('kugushev2002 §9’s γ ≡ 0, kuleshov2011 Prop. 9’s H and A, (3.1)–(3.2) and (12.3)’s correction: each model builds and lists them; kozlov1988 (4.5), Th. 2, (5.3), (5.6), §5’s focus passes and (6.1) and kuleshov2011 Props. 12–14 and Cors. 2–5, derived or measured, are listed by none', () => {
    const listed = [parabolicBilliard, releaseElastic, ellipse, particleInCorner, viscoelasticDisk].map((spec) => {
      buildModel(spec);
      return checkNotDerived(spec.paper!.notDerived, spec.name).map((r) => `${spec.paper!.source} ${r.eq}`);
    });
    // The ellipse lists three statements of §6 it does not follow (motions through a focus, Jacobi's limit, the major axis with h > 0), never (6.1).
    expect(listed).toEqual([
      ['kozlov1988 §5'],
      ['kozlov1988 Th. 2'],
      ['kozlov1988 §6', 'kozlov1988 §6', 'kozlov1988 §6'],
      ['kugushev2002 §9'],
      ['kuleshov2011 Prop. 9', 'kuleshov2011 Prop. 9', 'kuleshov2011 (3.1)–(3.2)', 'kuleshov2011 (12.3)'],
    ]);
  });
});

describe('Smirnov example 3: the n-gon journal (2.4) and the threshold (2.5)', () => {
  const rows = report(roughHinge).rows;
  it('the determinant of (2.4) as typed agrees symbolically for either sign of φ̇, Δᵢ read with π/n at random points, Δᵢ as printed (2π/n) does not; f_r* = I√(1 + f²)/(r m l) symbolically', () => {
    expect(rows.map((r) => [r.formula.name, r.agrees, r.how])).toEqual([
      ['\\det', true, 'symbolic'],
      ['\\Delta_i', false, 'numeric'],
      ['\\tilde{\\Delta}_i', true, 'numeric'],
      ['f_r^{*}', true, 'symbolic'],
      // §3: the same condition in example 4, the f_r below which the iteration (2.6) contracts.
      ['f_r^{*}\\ \\text{of (2.6)}', true, 'measured'],
      // Example 4: (2.6)'s three equations at the solution its iteration reached.
      ['N_1', true, 'measured'],
      ['N_2', true, 'measured'],
      ['\\ddot{\\varphi}', true, 'measured'],
    ]);
  });
  it('π/n, not 2π/n: the 2×2 determinant of (2.4) in floating point, beside both readings of Δᵢ at random states', () => {
    const r0 = rng(2406);
    for (let trial = 0; trial < 100; trial++) {
      const [m, l, I, r, f, fr] = [uniform(r0, 0.5, 2), uniform(r0, 0.2, 1), uniform(r0, 0.3, 2), uniform(r0, 0.01, 0.2), uniform(r0, 0, 1), uniform(r0, 0, 5)];
      const [phi, sgn, n] = [uniform(r0, -3, 3), r0() < 0.5 ? -1 : 1, 3 + Math.floor(r0() * 30)];
      const i = Math.floor(r0() * n);
      // Column k of (2.4), the friction moment's N-terms moved to the left.
      const kappa = (m * l * fr * r * sgn) / I;
      const column = (k: number) => {
        const a = phi + (2 * Math.PI * k) / n;
        return [Math.cos(a) - f * Math.sin(a) * sgn + kappa * Math.sin(phi), Math.sin(a) + f * Math.cos(a) * sgn - kappa * Math.cos(phi)];
      };
      const [[a11, a21], [a12, a22]] = [column(i), column(i + 1)];
      const det = a11! * a22! - a12! * a21!;
      const root = Math.sqrt(1 + f * f);
      const delta = (shift: number, moment: number) =>
        2 * root * (root * Math.cos(Math.PI / n) - moment * Math.sin((2 * Math.PI * i) / n + shift + Math.atan(f * sgn))) * Math.sin(Math.PI / n);
      expect(delta(Math.PI / n, kappa)).toBeCloseTo(det, 12);
      expect(Math.abs(delta((2 * Math.PI) / n, kappa) - det)).toBeGreaterThan(1e-9);
    }
  });
});

describe('a particle sliding into a leaning wall against Kugushev–Sorokina §8–§10: the corner', () => {
  const check = report(particleInCorner);
  it('(8.11) and (9.5) on the floor and on the wall, (8.13), (8.14), (10.15) over both constraints, the corner rule, (9.5) and Carnot at W = 0 agree', () => {
    expect(check.rows.map((r) => [r.formula.eq, r.agrees])).toEqual(
      ['(8.11)', '(9.5)', '(8.11)', '(8.11)', '(9.5)', '(8.13)', '(8.13)', '(8.14)', '(10.15)', '(10.15)', '§9', '(9.5)', '(9.5)', '§9'].map((eq) => [
        eq,
        true,
      ]),
    );
  });
  it('the phases’ reactions by hand: σ̇₂ = mg on the floor, σ̇₁ = −mgk/(1 + k²) on the wall', () => {
    const env = { m: 1.3, g: 9.81, k: 0.7 };
    expect(evaluate(check.rows[0]!.bindings.get('sigma')!, env)).toBeCloseTo(1.3 * 9.81, 12);
    expect(evaluate(check.rows[2]!.bindings.get('sigma')!, env)).toBeCloseTo((-1.3 * 9.81 * 0.7) / (1 + 0.49), 12);
  });
  it('the impulses by hand: Δμ₁ = m(1 + e)ẋ⁻ on the wall, Δη = kΔμ₁ on the floor', () => {
    const env = { m: 1.3, k: 0.7, e: 0.4, "x'-": 2.1 };
    const mu1 = 1.3 * 1.4 * 2.1;
    const eta = check.rows[7]!;
    expect(evaluate(eta.bindings.get('mu1')!, env)).toBeCloseTo(mu1, 12);
    expect(evaluate(eta.derived, env)).toBeCloseTo(0.7 * mu1, 12);
  });
  it('σ̇₂ ≥ 0 holds the floor, σ̇₁ ≤ 0 leaves the wall; the floor stays (Δμ₂ ≥ 0), leaving it would sink the particle (ẏ⁺ ≤ 0); the loss is not negative: all proved', () => {
    expect(check.claims.map((c) => c.proof.holds)).toEqual([true, true, true, true, true, true]);
  });
  it('σ̇₁ ≥ 0 on the wall is not proved', () => {
    const spec = particleInCorner.paper!;
    const held = { ...spec.claims![1]!, claim: 'sigma >= 0' };
    expect(paperCheck(derived(particleInCorner), { ...spec, formulas: [], claims: [held] }).claims[0]!.proof.holds).toBe(false);
  });
  it('an (8.14) with the wrong sign of G disagrees, and so does Carnot at e = 1/2', () => {
    const spec = particleInCorner.paper!;
    const wrong = [
      { ...spec.formulas[7]!, formula: 'eta = -k*mu1' },
      { ...spec.formulas[13]!, at: { e: '1/2' } },
    ];
    expect(paperCheck(derived(particleInCorner), { ...spec, formulas: wrong, claims: [] }).rows.map((r) => r.agrees)).toEqual([false, false]);
  });
  it('what is not derived is listed with why', () => {
    expect(check.notDerived.map((r) => r.eq)).toEqual(['§9']);
  });
});

describe('each result of a paper named once', () => {
  // Two rows "(3.14) ΔT" (B stays, B leaves) or "(8.11) ÿ" (on the floor, at the wall) read as one result with two values.
  it.each([
    ['hinged-compass', hingedCompass],
    ['particle-in-corner', particleInCorner],
    ['pendulum-wall', pendulumWall],
    ['compass', compass],
    ['rimless-wheel', rimlessWheel],
  ] as const)('%s: its formulas differ in equation number or name', (_, spec) => {
    const rows = spec.paper!.formulas.map((f) => `${f.eq} ${f.name}`);
    expect(rows.filter((r, i) => rows.indexOf(r) !== i)).toEqual([]);
  });
});

describe('a switched sum checked switch by switch (smirnov1981 §2)', () => {
  const system = derived(planarPrism);
  const typed = planarPrism.paper!.formulas.find((f) => f.name === '\\Phi' && f.derived === 'supports.Φ')!;
  // One variant's friction on its other face: the sums differ only where variant 11 is realized.
  const wrong = { ...typed, formula: (typed.formula as string).replace('f11*N111', 'f21*N111') };
  it('Φ typed over the four variants agrees symbolically; with one variant’s f₁₁ read as f₂₁ it disagrees', () => {
    expect(wrong.formula).not.toBe(typed.formula);
    const [right, changed] = checkPaperFormulas(system, checkPaper([typed, wrong], system.model));
    expect([right!.agrees, right!.how]).toEqual([true, 'symbolic']);
    expect(changed!.agrees).toBe(false);
  });
});
