// The seed examples' paper checks (src/studies/paper-check.ts): every formula
// a model file declares agrees with the fact the engine derives, and a wrong
// formula is reported as disagreeing (symbolically and numerically).
import { describe, expect, it } from 'vitest';
import compass from '../../derivations/compass.js';
import hingedCompass from '../../derivations/hinged-compass.js';
import rimlessWheel from '../../derivations/rimless-wheel.js';
import { evaluate } from '../../src/core/evaluate.js';
import type { PaperSpec } from '../../src/model/spec.js';
import { checkPaperFormulas, paperCheck } from '../../src/studies/paper-check.js';
import planes from '../../derivations/point-between-planes.js';
import pendulumWall from '../../derivations/pendulum-wall.js';
import { parseExpr } from '../../src/core/parse.js';
import { fn, type Expr } from '../../src/core/expr.js';
import type { PaperFormula } from '../../src/model/validate/paper.js';
import { derived } from '../helpers/examples.js';
import prismInGuides from '../../derivations/prism-in-guides.js';
import planarPrism from '../../derivations/prism-in-guides-planar.js';
import roughHinge from '../../derivations/rough-hinge-pendulum.js';

const report = (spec: typeof compass) => paperCheck(derived(spec), spec.paper!);

describe.each([
  ['compass', compass, 13],
  ['rimless-wheel', rimlessWheel, 8],
  ['hinged-compass', hingedCompass, 20],
  ['point-between-planes', planes, 2],
  ['prism-in-guides', prismInGuides, 5],
  ['prism-in-guides-planar', planarPrism, 31],
] as const)('%s against its paper', (_, spec, compared) => {
  const rows = report(spec).rows;
  it(`compares ${compared} formulas and every one agrees`, () => {
    const checked = rows.filter((r) => r.agrees !== undefined);
    expect(checked).toHaveLength(compared);
    expect(checked.filter((r) => !r.agrees).map((r) => r.formula.eq)).toEqual([]);
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

describe('rimless wheel §2 for every k', () => {
  const rows = report(rimlessWheel).rows;
  const row = (eq: string) => rows.find((r) => r.formula.eq === eq)!;
  it('(2.9): ν per revolution at k = 6, I* = 1/4 is [(1/4 + 1/2)/(5/4)]⁶ = 0.6⁶', () => {
    expect(evaluate(row('(2.9)').derived, { Istar: 0.25, alpha: Math.PI / 6 })).toBeCloseTo(0.6 ** 6, 14);
  });
  it('(2.8): α₀ = π/2 − ½ arccos I*, π/3 at I* = 1/2, and numeric, not symbolic (arccos(−I*)/2 is derived)', () => {
    expect(evaluate(row('(2.8)').derived, { Istar: 0.5 })).toBeCloseTo(Math.PI / 3, 14);
    expect(row('(2.8)').how).toBe('numeric');
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
      ['(3.10)', '(3.10)', '(3.11)', '(3.11)', '(3.12)', '(3.12)', '(3.13)', '(3.13)', '(3.14)', '(3.14)'].map((eq) => `${eq} symbolic true`),
    );
  });
  it('(3.12)–(3.14) are the paper’s formulas in G and x₁, y₁ alone: no derived velocity or impulse stands for a symbol of the paper', () => {
    const facts = rows
      .filter((r) => /^\(3\.1[2-4]\)$/.test(r.formula.eq))
      .flatMap((r) => [...r.formula.where.values()].flatMap((b) => ('fact' in b ? [b.fact] : [])));
    expect(facts.filter((f) => !/^impact1\.(G\d\d|foot2\.[tn]-)$/.test(f))).toEqual([]);
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

describe('the double pendulum at a wall against Kugushev–Sorokina (1.4)', () => {
  const rows = report(pendulumWall).rows;
  it('the impulse (1 + e) ġ⁻/(∂gᵀB⁻¹∂g), Newton’s reversal and the loss (1 − e²) ġ⁻²/(2 ∂gᵀB⁻¹∂g) agree', () => {
    expect(rows.map((r) => [r.formula.eq, r.agrees])).toEqual([
      ['(1.4)', true],
      ['(1.4)', true],
      ['§1', true],
    ]);
  });
  it('∂gᵀB⁻¹∂g is (m₁ cos²q₂ + m₂ sin²(q₁ − q₂))/(m₂(m₁ + m₂ sin²(q₁ − q₂))), from B⁻¹ by hand', () => {
    const k = rows[0]!.bindings.get('k')!;
    for (const [q1, q2, m1, m2, l1, l2] of [
      [0.3, -0.8, 1, 2, 0.7, 1.3],
      [-1.1, 0.4, 2.5, 0.5, 1, 0.4],
    ] as const) {
      const s2 = Math.sin(q1 - q2) ** 2;
      expect(evaluate(k, { q1, q2, m1, m2, l1, l2 })).toBeCloseTo((m1 * Math.cos(q2) ** 2 + m2 * s2) / (m2 * (m1 + m2 * s2)), 13);
    }
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
        formula: parseExpr('a2 - a1 - (f12*w*(-1)^1 - f11*w*(-1)^1)*sgn'),
        derivedText: 'supports.(-,-).Δ',
        derived: [{ fact: 'supports.(-,-).Δ' }],
        where: new Map([['sgn', sgn(planar)]]),
      },
    ]);
    expect(delta!.agrees).toBe(false);
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
  });
});

describe('Smirnov example 3: the n-gon journal (2.4) and the threshold (2.5)', () => {
  const rows = report(roughHinge).rows;
  it('the determinant of (2.4) as typed agrees at random points, Δᵢ as printed does not (2π/n, no sgn φ̇ on the moment), f_r* = I√(1 + f²)/(r m l) symbolically', () => {
    expect(rows.map((r) => [r.formula.name, r.agrees, r.how])).toEqual([
      ['\\det (2.4)', true, 'numeric'],
      ['\\Delta_i', false, 'numeric'],
      ['f_r^{*}', true, 'symbolic'],
    ]);
  });
});
