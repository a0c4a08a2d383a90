// The report's section on the disk's universal impact problem
// (src/report/universal.ts): the derived scales and equations (6.1)–(6.2)
// printed, the three figures (Fig. 2's H(v)/v, Fig. 3's H(v) and Fig. 4's
// duration) drawn from the study's numbers, Proposition 11's table with the study's verdicts, and the
// list of what is not derived; absent for a model without patches.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/model.js';
import type { Block, Figure, Inline, Table } from '../../src/report/document.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { speedPlots, universalSection } from '../../src/report/universal.js';
import { restitutionStudies, type RestitutionStudy } from '../../src/studies/restitution.js';
import ball from '../../derivations/bouncing-ball.js';
import disk from '../../derivations/viscoelastic-disk.js';

const system = deriveSystem(buildModel(disk));
const [study] = restitutionStudies(system);
const section = universalSection(system, [study!])!;
const tex = renderLatexBody({ title: 'disk', model: 'viscoelastic-disk', sections: [section] } as never).replace(/ &(?=\S)/g, ' ');
const figures = section.blocks.filter((b): b is Figure => b.kind === 'figure');
const table = section.blocks.find((b): b is Table => b.kind === 'table')!;
const text = (cells: readonly Inline[]): string => cells.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('');

describe('the universal impact problem section', () => {
  it('prints the scales a = (mk/(ν²r))², b = ν/k and the depth’s c = −1/(mr)', () => {
    expect(tex).toContain('a = \\frac{m^{2} k^{2}}{\\nu^{4} r^{2}}');
    expect(tex).toContain('b = \\frac{\\nu}{k}');
    expect(tex).toContain('$c = -\\frac{1}{m r}$');
  });
  it('prints (6.1) and (6.2) with their conditions, and the separation h + h′ = 0', () => {
    expect(tex).toContain("h'' = -\\frac{2}{3} \\sqrt{2 h} (2 h + 3 h^{\\prime})\\quad (h^{\\prime} \\ge 0)");
    expect(tex).toContain("h'' = -\\frac{4}{3} \\sqrt{2} (h + h^{\\prime})^{3/2}\\quad (h^{\\prime} < 0,\\ h + h^{\\prime} > 0)");
    expect(tex).toContain('where $h + h^{\\prime} = 0$');
  });
  it('draws Figs. 2, 3 and 4 from the study, one point per speed of its grid', () => {
    expect(figures.map((f) => f.id)).toEqual(['plot-restitution-foundation', 'plot-scattering-foundation', 'plot-duration-foundation']);
    for (const f of figures) {
      const points = /points="([^"]+)"/.exec(f.svg)![1]!.trim().split(/\s+/);
      expect(points.length).toBe(study!.grid.length);
      expect(f.tikz).toBeDefined();
    }
  });
  it('draws Fig. 3 as the paper shows H: rising from 0, below the elastic H = v, bending down to its v^{2/3} growth', () => {
    const [, scattering] = speedPlots('foundation', study!);
    const v = scattering!.plot.t;
    const H = scattering!.plot.series[0]!.values;
    expect(v[0]).toBe(0.25);
    expect(v.at(-1)).toBe(20);
    for (let i = 1; i < H.length; i++) expect(H[i]!).toBeGreaterThan(H[i - 1]!);
    H.forEach((h, i) => expect(h).toBeLessThan(v[i]!));
    // Concave on the grid: each chord's slope below the one before it.
    const slopes = H.slice(1).map((h, i) => (h - H[i]!) / (v[i + 1]! - v[i]!));
    for (let i = 1; i < slopes.length; i++) expect(slopes[i]!).toBeLessThan(slopes[i - 1]!);
    // Over the last doubling of the speed (10 → 20) it grows slower than v, faster than v^{1/2}.
    const growth = Math.log(H.at(-1)! / H[v.indexOf(10)]!) / Math.log(2);
    expect(growth).toBeGreaterThan(0.5);
    expect(growth).toBeLessThan(1);
  });
  it('tabulates Proposition 11 with the study’s verdicts and exponents', () => {
    expect(table.rows.map((r) => text(r[0]!))).toEqual(['Prop. 11.1', 'Prop. 11.2', 'Prop. 11.3', 'Prop. 11.4', 'Fig. 4']);
    expect(text(table.rows[0]![2]!)).toBe('yes, on the grid');
    expect(text(table.rows[2]![2]!)).toContain(`${Number(study!.lossExponent.value.toPrecision(4))}`);
    expect(text(table.rows[3]![2]!)).toContain(`${Number(study!.growthExponent.value.toPrecision(4))}`);
    const flipped: RestitutionStudy = { ...study!, monotone: { ...study!.monotone, duration: false } };
    const other = universalSection(system, [flipped])!.blocks.find((b): b is Table => b.kind === 'table')!;
    expect(text(other.rows[4]![2]!)).toBe('no, on the grid');
  });
  it('lists what is not derived: the paper’s own line for κ (the scales compared in its reading), the proofs', () => {
    expect(tex).toContain('Not derived here');
    expect(tex).toContain('illegible in the source text');
    expect(tex).toContain('\\delta_2 = (\\varepsilon^6\\kappa)^{1/5}');
  });
  it('is absent for a patch without a universal problem', () => {
    expect(universalSection(deriveSystem(buildModel(ball)), [study!])).toBeUndefined();
  });
  it('every formula is valid KaTeX (strict)', () => {
    const inline = (xs: readonly Inline[]): string[] => xs.flatMap((x) => (typeof x === 'object' && 'math' in x ? [x.math] : []));
    const all = section.blocks.flatMap((b: Block): string[] =>
      b.kind === 'paragraph'
        ? inline(b.content)
        : b.kind === 'equations'
          ? b.rows.flatMap((r) => r.lines.map((l) => `${l.before} ${l.after}`))
          : b.kind === 'list'
            ? b.items.flatMap(inline)
            : b.kind === 'table'
              ? b.rows.flatMap((r) => r.flatMap(inline))
              : [],
    );
    for (const f of all) expect(() => katex.renderToString(f, { strict: 'error', throwOnError: true }), f).not.toThrow();
  });
});
