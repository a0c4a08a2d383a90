// A sum repeated across a block of printed equations is named once: the
// pendulum at a wall divides every row of its contact phase and its impact
// map by m₁cos²q₂ + m₂sin²(q₁ − q₂), printed as D with "where D = …".
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { children, freeSymbols, type Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { subsRecord } from '../../src/core/subs.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import type { Block, Inline } from '../../src/report/document.js';
import { nameRepeated } from '../../src/report/repeats.js';
import { contactPhasesSection, impactMapsSection } from '../../src/report/unilateral.js';
import pendulumWall from '../../derivations/pendulum-wall.js';
import simplePendulum from '../../derivations/simple-pendulum.js';
import fallingRod from '../../derivations/falling-rod.js';
import compassWalker from '../../derivations/compass-walker.js';
import hingedCompass from '../../derivations/hinged-compass.js';
import { inName } from '../../src/report/repeats.js';

const model = buildModel(pendulumWall);
const system = deriveSystem(model);
const SUM = 'm_{1} \\cos^{2} q_{2} + m_{2} \\sin^{2}(q_{1} - q_{2})';

function formulas(blocks: readonly Block[]): string[] {
  const inline = (xs: readonly Inline[]): string[] => xs.flatMap((x) => (typeof x === 'object' && 'math' in x ? [x.math] : []));
  return blocks.flatMap((b) => (b.kind === 'paragraph' ? inline(b.content) : b.kind === 'equations' ? b.rows.flatMap((r) => r.lines.map((l) => l.after)) : []));
}

describe('a repeated sum named once', () => {
  it.each([
    ['contact phase', contactPhasesSection(system)!.blocks],
    ['impact map', impactMapsSection(system)!.blocks],
  ])('the pendulum at a wall’s %s: D = m₁cos²q₂ + m₂sin²(q₁ − q₂) defined under the rows, which use D and never the sum', (_, blocks) => {
    // The paragraph defining D and the block of rows above it (a mode's conditions follow in a block of their own).
    const where = blocks.findIndex((b) => formulas([b]).some((f) => f.startsWith('D = ')));
    expect(blocks[where - 1]?.kind).toBe('equations');
    const printed = formulas(blocks.slice(where - 1, where + 1));
    expect(printed.filter((f) => f === `D = ${SUM}`)).toHaveLength(1);
    expect(printed.filter((f) => f.includes(SUM))).toHaveLength(1);
    expect(printed.filter((f) => /(^|[^A-Za-z\\])D\b/.test(f)).length).toBeGreaterThanOrEqual(3);
  });

  it('a mode’s conditions over the D₁ of its equations: the falling rod’s sliding strike, not its sum 1 + 3(cos θ + μ sgn ṡ sin θ) cos θ again', () => {
    const blocks = impactMapsSection(deriveSystem(buildModel(fallingRod)))!.blocks;
    const conditions = blocks
      .flatMap((b) => (b.kind === 'equations' ? b.rows.filter((r) => r.label?.includes('-condition-')) : []))
      .map((r) => r.lines.map((l) => l.after).join(' '));
    const sum = '1 + 3 (\\cos\\theta + \\mu \\operatorname{sgn}\\dot{s}_{A} \\sin\\theta) \\cos\\theta';
    expect(formulas(blocks)).toContain(`D_{1} = ${sum}`);
    // The other end's strike divides by the same sum in its own sliding direction: one letter, numbered by the contact
    // as its σ̇₂ and Λ₂ are, and no second letter (Z) for it.
    expect(formulas(blocks)).toContain(`D_{2} = ${sum.replace('{A}', '{B}')}`);
    expect(formulas(blocks).filter((f) => /^[A-Z] = /.test(f))).toEqual([]);
    expect(conditions.filter((c) => c.includes('{D_{1}}')).length).toBeGreaterThanOrEqual(1);
    expect(conditions.filter((c) => c.includes('{D_{2}}')).length).toBeGreaterThanOrEqual(1);
    expect(conditions.filter((c) => c.includes(sum))).toEqual([]);
  });

  it('keeps every expression’s value: the rows with D put back agree with the derivation at a random state', () => {
    const phase = system.unilateral!.phases.find((p) => p.explicit)!;
    const exprs = [...phase.explicit!.qdd, ...phase.explicit!.multipliers];
    const named = nameRepeated(model, exprs);
    expect(named.name).toBeDefined();
    const env = { m1: 1.3, m2: 0.7, l1: 0.9, l2: 1.1, g: 9.81, d: 0.5, e: 0.8, q1: 0.4, q2: -0.3, "q1'": 0.2, "q2'": -1.1, t: 0 };
    const back = (e: Expr): Expr => subsRecord(e, { D: named.name!.value });
    exprs.forEach((e, i) => expect(evaluate(back(named.exprs[i]!), env)).toBeCloseTo(evaluate(e, env), 10));
  });

  it('writes a sum’s negation as −D too, and keeps its value: the compass walker’s second condition divides by l(2mb − …) − mb²', () => {
    const walker = deriveSystem(buildModel(compassWalker));
    const mode = walker.unilateral!.impactMaps[0]!.modes[0]!;
    const n = walker.model.coordinates.length;
    const named = nameRepeated(walker.model, [...mode.qdPlus.slice(0, n), ...mode.impulses.values()]);
    const conditions = mode.conditions.map((c) => c.expr);
    const written = inName(named, conditions);
    const D = named.name!.value;
    // Every condition divides by ±D: none holds the sum (nor its negation) any more once written with the name.
    const holds = (e: Expr, x: Expr): boolean => e === x || (e.kind !== 'num' && e.kind !== 'sym' && children(e).some((c) => holds(c, x)));
    for (const w of written) expect(holds(w, named.name!.symbol)).toBe(true);
    // Every symbol at a value of its own (a leg angle of 0.3 + …, masses and lengths alike positive).
    const env = Object.fromEntries([...new Set(conditions.flatMap((c) => [...freeSymbols(c)]))].map((name, k) => [name, 0.3 + 0.17 * k]));
    conditions.forEach((c, i) => expect(evaluate(subsRecord(written[i]!, { D }), env)).toBeCloseTo(evaluate(c, env), 10));
  });

  it('names nothing where no long sum repeats (the simple pendulum’s rows), nor as D where D names a parameter', () => {
    const pendulum = buildModel(simplePendulum);
    const one = [parseExpr('g*sin(theta)/l')];
    expect(nameRepeated(pendulum, one).name).toBeUndefined();
    const rows = ['1/(m1*cos(q2)^2 + m2*sin(q1 - q2)^2)', 'g/(m1*cos(q2)^2 + m2*sin(q1 - q2)^2)', 'l1/(m1*cos(q2)^2 + m2*sin(q1 - q2)^2)'].map((s) =>
      parseExpr(s),
    );
    expect(nameRepeated(model, rows).name?.value).toBe(parseExpr('m1*cos(q2)^2 + m2*sin(q1 - q2)^2'));
    const withD = { ...model, parameters: [...model.parameters, { ...model.parameters[0]!, name: 'D' }] };
    expect(nameRepeated(withD, rows).name).toBeUndefined();
  });

  it('takes no letter the model’s prose names: the hinged compass’s foot D and matrix G (rubanovich1981 §3)', () => {
    const hinged = deriveSystem(buildModel(hingedCompass));
    const wheres = [contactPhasesSection(hinged)!.blocks, impactMapsSection(hinged)!.blocks].map((b) =>
      formulas(b)
        .filter((f) => /^[A-Z] = /.test(f))
        .map((f) => f[0]),
    );
    // The contact phase's 2ȧ₂² − 3ȧ₁² cos(a₁ − a₂) is Z (its mirror image, foot 2's phase, Z′), the impact's
    // 2ȧ₁⁻ − 9ȧ₂⁻ cos 2β the next letter, Y.
    expect(wheres).toEqual([['Z'], ['Y']]);
    expect(JSON.stringify(contactPhasesSection(hinged)!.blocks)).toContain("Z' = 2 \\\\dot{a}_{1}^{2} - 3 \\\\dot{a}_{2}^{2}");
  });
});
