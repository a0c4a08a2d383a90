// The displays the paper check's rows refer to (src/report/paper-displays.ts):
// a result two rows give is printed once, and its left side names every
// row's quantity, so that no row points to a display of another quantity
// that merely has the same value (rubanovich1981 (3.4): g₃₃ under g₁₁), and
// quantities whose value is a plain number (0) are not one result: each is
// displayed alone (rubanovich1981 (1.19), kugushev2002 §1 and (9.5)).
import { describe, expect, it } from 'vitest';
import compass from '../../derivations/compass.js';
import hingedCompass from '../../derivations/hinged-compass.js';
import kozlovImpact from '../../derivations/kozlov-impact.js';
import particleInCorner from '../../derivations/particle-in-corner.js';
import pendulumWall from '../../derivations/pendulum-wall.js';
import prismPlanar from '../../derivations/prism-in-guides-planar.js';
import roughHinge from '../../derivations/rough-hinge-pendulum.js';
import type { ModelSpec } from '../../src/model/index.js';
import { TOOLKIT } from '../../src/codegen/module.js';
import type { Inline } from '../../src/report/document.js';
import { heldWhere, resultDisplays, splitCondition } from '../../src/report/paper-displays.js';
import { buildReport } from '../../src/report/report.js';
import { paperCheck } from '../../src/studies/paper-check.js';
import { MEASURED } from '../../src/model/validate/paper.js';
import { derived } from '../helpers/examples.js';

/** Whether a left side names the quantity: as one of its terms between "=", or as its whole (the paper's numbers dropped from both). */
const names = (lhs: string, quantity: string): boolean => {
  const bare = (tex: string): string => tex.replace(/\\ \\text\{[^}]*\}/g, '');
  // "q\ (\text{also } Q)" names q and its qualified "q,\ Q".
  const also = (tex: string): string =>
    tex
      .split(' = ')
      .flatMap((piece) => {
        const m = /^(.*)\\ \(\\text\{also \} (.*)\)$/.exec(piece);
        return m ? [m[1]!, ...m[2]!.split(',\\ ').map((q) => `${m[1]},\\ ${q}`)] : [piece];
      })
      .join(' = ');
  // "(a = b)|_{c}" names a|_{c} and b|_{c}: the restriction they share is written once, after them.
  const spread = (tex: string): string => {
    const m = /^\\bigl\((.*)\\bigr\)(\|_\{.*\})$/.exec(tex);
    return m
      ? m[1]!
          .split(' = ')
          .map((piece) => `${piece}${m[2]}`)
          .join(' = ')
      : tex;
  };
  return ` = ${also(bare(spread(lhs)))} = `.includes(` = ${bare(quantity)} = `);
};

/** The model with its rows on numbers the report measures left out (kozlov1988 §3's study over N): the displays of the derived ones. */
const derivedOnly = (spec: ModelSpec): ModelSpec => ({
  ...spec,
  paper: { ...spec.paper!, formulas: spec.paper!.formulas.filter((f) => !MEASURED.test(f.derived ?? '')) },
});

const models: readonly [string, ModelSpec][] = [
  ['hinged-compass', hingedCompass],
  ['kozlov-impact', derivedOnly(kozlovImpact)],
  ['particle-in-corner', particleInCorner],
  ['pendulum-wall', pendulumWall],
  ['compass', compass],
  ['prism-in-guides-planar', prismPlanar],
  ['rough-hinge-pendulum', roughHinge],
];

describe.each(models)('the %s paper check’s displays', (name, spec) => {
  const system = derived(spec);
  const check = paperCheck(system, spec.paper!);
  const displays = resultDisplays(check.rows);
  it('puts every row in exactly one display, of rows with one derived result', () => {
    expect(displays.flatMap((d) => d.rows).sort((a, b) => a - b)).toEqual(check.rows.map((_, i) => i));
    for (const d of displays) for (const k of d.rows) expect(check.rows[k]!.derived).toBe(check.rows[d.rows[0]!]!.derived);
  });
  it('names each agreeing row’s quantity on the left side of its display, and no disagreeing one beside an agreeing one', () => {
    for (const d of displays) {
      const agreeing = d.rows.some((k) => check.rows[k]!.agrees !== false);
      for (const k of d.rows) {
        const r = check.rows[k]!;
        const shouldName = r.agrees !== false || !agreeing;
        // A condition the name ends with (ÿ, f₂ = 0) is printed after the result, not on the left side.
        expect(names(d.lhs, heldWhere(r).name), `${r.formula.name} in ${d.lhs}`).toBe(shouldName);
      }
    }
  });
  it('refers each table row to the display that names its quantity, or, where the paper’s formula disagrees, to the derived one beside it unnamed', () => {
    const doc = buildReport(system, { source: `derivations/${name}.ts`, toolkit: TOOLKIT, paper: check });
    const lefts = new Map(
      doc.sections
        .filter((s) => s.id === 'paper-results' || s.id === 'own-results')
        .flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : [])))
        .map((e) => [e.label, e.lines[0]!.before]),
    );
    // A result the realized contact's section already displays (kozlov1988 Th. 3: δ_N, the law's τ) is referred there.
    // So is Smirnov's Φ, the friction section's switched sum Σ_ε χ(ε)Φ^ε.
    const law = new Set(
      doc.sections
        .filter((s) => s.id === 'compliant' || s.id === 'friction')
        .flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows.map((e) => e.label) : []))),
    );
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const rows = table?.kind === 'table' ? table.rows : [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const quantity = (row[1]![0] as Extract<Inline, { math: string }>).math;
      const target = (row[3]!.find((x) => typeof x === 'object' && 'ref' in x) as Extract<Inline, { ref: string }>).ref;
      if (law.has(target)) continue;
      const left = lefts.get(target);
      expect(left).toBeDefined();
      // The one disagreeing row of these checks (smirnov1981's Δᵢ as printed) shares its display with agreeing rows.
      expect(names(left!, splitCondition(quantity).name), `${quantity} in ${left}`).toBe(row[4]![0] !== 'no');
    }
  });
});

describe('the shared left sides, as the paper writes them', () => {
  // The left side and the paper's numbers of its tag column, "lhs | tag".
  const lhsOf = (spec: ModelSpec, name: string): string => {
    const check = paperCheck(derived(spec), spec.paper!);
    const d = resultDisplays(check.rows).find((e) => e.rows.some((k) => check.rows[k]!.formula.name === name))!;
    return `${d.lhs} | ${d.tag}`;
  };
  it('rubanovich1981 (3.4): g₁₁ = g₃₃ and g₂₂ = g₄₄, one paper number after both', () => {
    expect(lhsOf(hingedCompass, 'g_{33}')).toBe('g_{11} = g_{33} | \\text{(3.4)}');
    expect(lhsOf(hingedCompass, 'g_{44}')).toBe('g_{22} = g_{44} | \\text{(3.4)}');
  });
  it('rubanovich1981 (3.11), (3.18): one quantity the paper gives twice is named once, with both numbers', () => {
    expect(lhsOf(hingedCompass, 'E_{R_{2x}}')).toBe('E_{R_{2x}} | \\text{(3.11), (3.18)}');
  });
  it('rubanovich1981 (3.14): the loss and the work of R₁ in one display for each mode, the mode’s condition written once', () => {
    const work = '\\tfrac{1}{2}[z_1]^{\\top} E_1';
    expect(lhsOf(hingedCompass, `${work}|_{z_2(+0) = 0}`)).toBe(`\\bigl(\\Delta T = ${work}\\bigr)|_{z_2(+0) = 0} | \\text{(3.14)}`);
    expect(lhsOf(hingedCompass, `${work}|_{E_2 = 0}`)).toBe(`\\bigl(\\Delta T = ${work}\\bigr)|_{E_2 = 0} | \\text{(3.14)}`);
  });
  it('kugushev2002 (8.11): a name that is itself a relation (ÿ, f₂ = 0) is displayed alone, not chained as ÿ, f₂ = 0 = Δẏ', () => {
    expect(lhsOf(particleInCorner, '\\ddot{y},\\ f_2 = 0')).toBe('\\ddot{y},\\ f_2 = 0 | \\text{(8.11)}');
  });
  it('kozlov1988 (2.4): a piece of the motion reads y(t) = 0 for t ≤ 1, not y(t), t ≤ 1 = 0; a qualifier that is no condition stays', () => {
    expect(splitCondition('y(t),\\ 1 \\le t \\le \\tau')).toEqual({ name: 'y(t)', on: '1 \\le t \\le \\tau' });
    expect(splitCondition('\\lim_{N \\to \\infty} y(t),\\ t > 2')).toEqual({ name: '\\lim_{N \\to \\infty} y(t)', on: 't > 2' });
    expect(splitCondition('\\max_t |y_N - y|,\\ \\text{no adhesion}')).toEqual({ name: '\\max_t |y_N - y|,\\ \\text{no adhesion}' });
    expect(splitCondition('\\max_{t \\le t_1} |y_N - y|,\\ t_1 = 4')).toEqual({ name: '\\max_{t \\le t_1} |y_N - y|', on: 't_1 = 4' });
    // A phase's condition (kugushev2002 (8.11): ÿ, f₂ = 0) is no piece of the motion in time: the name stays whole.
    expect(splitCondition('\\ddot{y},\\ f_2 = 0')).toEqual({ name: '\\ddot{y},\\ f_2 = 0' });
    expect(splitCondition('\\tau,\\ \\text{damping } \\nu N,\\ N \\to \\infty')).toEqual({ name: '\\tau,\\ \\text{damping } \\nu N,\\ N \\to \\infty' });
    // A name that is itself a relation keeps its qualifier: |I_k| ≤ c N^{…}, k ≥ 3 is one statement.
    expect(splitCondition('|I_k| \\le c,\\ k \\ge 3')).toEqual({ name: '|I_k| \\le c,\\ k \\ge 3' });
  });
  it('rubanovich1981 (1.19): E_{R_{2y}} and ψ̇⁺ at α₀, both 0, are two results with two displays', () => {
    expect(lhsOf(compass, 'E_{R_{2y}}|_{\\alpha = \\alpha_0}')).toBe('E_{R_{2y}}|_{\\alpha = \\alpha_0} | \\text{(1.19)}');
    expect(lhsOf(compass, '\\dot{\\psi}(+0)|_{\\alpha = \\alpha_0}')).toBe('\\dot{\\psi}(+0)|_{\\alpha = \\alpha_0} | \\text{(1.19)}');
  });
  it('kozlov1988 (3.2): ẋ₂ on leaving under c²Nf²/2 and under exp(−Nf), both v₂, are two results with two displays', () => {
    expect(lhsOf(derivedOnly(kozlovImpact), '\\dot{x}_2(\\delta_N)')).toBe('\\dot{x}_2(\\delta_N) | \\text{(3.2)}');
    expect(lhsOf(derivedOnly(kozlovImpact), '\\dot{x}_2^{*}(\\delta_N^{*})')).toBe('\\dot{x}_2^{*}(\\delta_N^{*}) | \\text{(3.2)}');
  });
  it('kozlov1988 Th. 3: a left side names the quantity alone, the paper number in the tag column (not δ_N Th. 3 = …)', () => {
    expect(lhsOf(derivedOnly(kozlovImpact), '\\delta_N')).toBe('\\delta_N | \\text{Th. 3}');
    expect(lhsOf(derivedOnly(kozlovImpact), '\\lim_{N \\to \\infty} \\delta_N^{*}')).toBe('\\lim_{N \\to \\infty} \\delta_N^{*} | \\text{Th. 3}');
  });
  it('kugushev2002 §1, (9.5): the elastic energy loss and the plastic normal velocity, both 0, are displayed apart', () => {
    expect(lhsOf(pendulumWall, 'T^{-} - T^{+},\\ e = 1')).toBe('T^{-} - T^{+},\\ e = 1 | \\text{(\\S 1)}');
  });
  it('kugushev2002 (8.13), (10.15): Δẏ and p_y⁺ of the corner, both 0, apart; Carnot’s loss labelled with its W = 0', () => {
    expect(lhsOf(particleInCorner, '\\Delta\\dot{y}')).toBe('\\Delta\\dot{y} | \\text{(8.13)}');
    expect(lhsOf(particleInCorner, 'p_{y}^{+}')).toBe('p_{y}^{+} | \\text{(10.15)}');
    expect(lhsOf(particleInCorner, 'T^{-} - T^{+},\\ W = 0')).toBe('T^{-} - T^{+},\\ W = 0 | \\text{(\\S 9)}');
  });
  it('kozlov1988 (3.3), (3.4): ẍ₂ and x₂″, both numbers in the tag column', () => {
    expect(lhsOf(derivedOnly(kozlovImpact), 'x_2^{\\prime\\prime}')).toBe('\\ddot{x}_2 = x_2^{\\prime\\prime} | \\text{(3.3), (3.4)}');
  });
});
