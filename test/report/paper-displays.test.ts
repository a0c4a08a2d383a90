// The displays the paper check's rows refer to (src/report/paper-displays.ts):
// a result two rows give is printed once, and its left side names every
// row's quantity, so that no row points to a display of another quantity
// that merely has the same value (smirnov1981 (3.4): g₃₃ under g₁₁).
import { describe, expect, it } from 'vitest';
import hingedCompass from '../../derivations/hinged-compass.js';
import kozlovImpact from '../../derivations/kozlov-impact.js';
import particleInCorner from '../../derivations/particle-in-corner.js';
import prismPlanar from '../../derivations/prism-in-guides-planar.js';
import roughHinge from '../../derivations/rough-hinge-pendulum.js';
import type { ModelSpec } from '../../src/model/index.js';
import { TOOLKIT } from '../../src/codegen/module.js';
import type { Inline } from '../../src/report/document.js';
import { resultDisplays } from '../../src/report/paper-displays.js';
import { buildReport } from '../../src/report/report.js';
import { paperCheck } from '../../src/studies/paper-check.js';
import { derived } from '../helpers/examples.js';

/** Whether a left side names the quantity: as one of its terms between "=", or as its whole (the paper's numbers dropped from both). */
const names = (lhs: string, quantity: string): boolean => {
  const bare = (tex: string): string => tex.replace(/\\ \\text\{[^}]*\}/g, '');
  return ` = ${bare(lhs)} = `.includes(` = ${bare(quantity)} = `);
};

const models: readonly [string, ModelSpec][] = [
  ['hinged-compass', hingedCompass],
  ['kozlov-impact', kozlovImpact],
  ['particle-in-corner', particleInCorner],
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
  it('names each row’s quantity on the left side of its display', () => {
    for (const d of displays) {
      for (const k of d.rows) {
        const r = check.rows[k]!;
        expect(names(d.lhs, r.formula.name), `${r.formula.name} in ${d.lhs}`).toBe(true);
      }
    }
  });
  it('refers each table row to the display that names its quantity', () => {
    const doc = buildReport(system, { source: `derivations/${name}.ts`, toolkit: TOOLKIT, paper: check });
    const lefts = new Map(
      doc.sections
        .filter((s) => s.id === 'paper-results' || s.id === 'own-results')
        .flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : [])))
        .map((e) => [e.label, e.lines[0]!.before]),
    );
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const rows = table?.kind === 'table' ? table.rows : [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const quantity = (row[1]![0] as Extract<Inline, { math: string }>).math;
      const left = lefts.get((row[3]!.find((x) => typeof x === 'object' && 'ref' in x) as Extract<Inline, { ref: string }>).ref);
      expect(left).toBeDefined();
      expect(names(left!, quantity), `${quantity} in ${left}`).toBe(true);
    }
  });
});

describe('the shared left sides, as the paper writes them', () => {
  const lhsOf = (spec: ModelSpec, name: string): string => {
    const check = paperCheck(derived(spec), spec.paper!);
    const displays = resultDisplays(check.rows);
    return displays.find((d) => d.rows.some((k) => check.rows[k]!.formula.name === name))!.lhs;
  };
  it('smirnov1981 (3.4): g₁₁ = g₃₃ and g₂₂ = g₄₄, one paper number after both', () => {
    expect(lhsOf(hingedCompass, 'g_{33}')).toBe('g_{11} = g_{33}\\ \\text{(3.4)}');
    expect(lhsOf(hingedCompass, 'g_{44}')).toBe('g_{22} = g_{44}\\ \\text{(3.4)}');
  });
  it('smirnov1981 (3.11), (3.18): one quantity the paper gives twice is named once, with both numbers', () => {
    expect(lhsOf(hingedCompass, 'E_{R_{2x}}')).toBe('E_{R_{2x}}\\ \\text{(3.11), (3.18)}');
  });
  it('kugushev2002 (8.11): a name that is itself a relation (ÿ, g₂ = 0) is displayed alone, not chained as ÿ, g₂ = 0 = Δẏ', () => {
    expect(lhsOf(particleInCorner, '\\ddot{y},\\ g_2 = 0')).toBe('\\ddot{y},\\ g_2 = 0\\ \\text{(8.11)}');
  });
  it('kozlov1988 (3.3), (3.4): ẍ₂ and x₂″, each with its own number', () => {
    expect(lhsOf(kozlovImpact, 'x_2^{\\prime\\prime}')).toBe('\\ddot{x}_2\\ \\text{(3.3)} = x_2^{\\prime\\prime}\\ \\text{(3.4)}');
  });
});
