// The section on constraints realized by forces (src/report/compliant.ts):
// present exactly for Kozlov's realizations, printing the derived force,
// regions, switching surfaces and rigid limit; a rigid-limit study as a
// table with its fitted orders; every formula valid KaTeX (strict).
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { compliantSection } from '../../src/report/compliant.js';
import type { Block, Inline, Section } from '../../src/report/document.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { models, report } from './reports.js';

const doc = (name: string) => report(models.find((m) => m.spec.name === name)!).doc;
const section = (name: string) => doc(name).sections.find((s) => s.id === 'compliant');
const tex = (name: string): string => renderLatexBody(doc(name)).replace(/ &(?=\S)/g, ' ');

/** Every math string of a section: inline math and equation lines. */
function formulas(s: Section): string[] {
  const inline = (xs: readonly Inline[]): string[] => xs.flatMap((x) => (typeof x === 'object' && 'math' in x ? [x.math] : []));
  return s.blocks.flatMap((b: Block): string[] => {
    switch (b.kind) {
      case 'paragraph': return inline(b.content);
      case 'list': return b.items.flatMap(inline);
      case 'equations': return b.rows.flatMap((r) => r.lines.map((l) => `${l.before} ${l.after}`));
      case 'table': return b.rows.flatMap((r) => r.flatMap(inline));
      default: return [];
    }
  });
}

describe('section on constraints realized by forces', () => {
  it("appears for Kozlov's realizations and no other example", () => {
    const realized = models.filter((m) => section(m.spec.name)).map((m) => m.spec.name).sort();
    expect(realized).toEqual(['kozlov-release-added-mass', 'kozlov-release-elastic', 'kozlov-release-kelvin-voigt', 'kozlov-release-viscous']);
  }, 120_000);

  it('the Kelvin–Voigt medium prints its force F = c²N δ − (νN + k√N) ḟ, the contact region and the switching surface; adhesion has no clamp', () => {
    const t = tex('kozlov-release-kelvin-voigt');
    expect(t).toContain('F_{\\mathrm{line}}');
    expect(t).toMatch(/f_\{\\mathrm\{line\}\} \\le 0/);
    expect(t).not.toContain('separating');
    expect(t).toContain('Theorem 3');
  });

  it('the added mass prints T = ½Nḟ², (M + N GᵀG) q̈ and the delayed release', () => {
    const t = tex('kozlov-release-added-mass');
    expect(t).toContain('T_{\\mathrm{line}}');
    expect(t).toContain('G^{\\top}G');
    expect(t).toContain('delayed');
  });

  it('without adhesion: the separating region and both switching surfaces; Theorem 3’s limit with the clamp; a study as a table with its orders', () => {
    const spec: ModelSpec = {
      name: 'ball', coordinates: ['y'], parameters: { m: 2, k: 100, c: 3 }, kinetic: "m*y'^2/2",
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k', damping: 'c' } } }],
      initial: { q: { y: 1 } },
    };
    const sys = deriveSystem(buildModel(spec));
    const study = {
      parameter: 'N',
      rows: [{ value: 10, release: 2.1, duration: 1.1, restitution: NaN, distance: 1.6 }, { value: 100, release: 2.01, duration: 1.01, restitution: NaN, distance: 1.51 }],
      orders: { release: 1, duration: 0.5, restitution: NaN, distance: 0 },
    };
    const s = compliantSection(sys, study)!;
    const all = formulas(s).join('\n');
    expect(all).toContain('F_{\\mathrm{floor}} \\le 0');
    expect(all).toContain('\\arctan r');
    // m_n = m for a single coordinate of mass m.
    expect(all).toContain('m_n = 1/(G M^{-1} G^{\\top}) = m');
    const table = s.blocks.find((b) => b.kind === 'table');
    expect(table && table.kind === 'table' && table.rows.length).toBe(3);
    expect(JSON.stringify(table)).toContain('fitted order');
    for (const f of formulas(s)) expect(() => katex.renderToString(f, { strict: 'error', throwOnError: true })).not.toThrow();
  });

  it('every formula of the examples’ sections is valid KaTeX (strict)', () => {
    for (const name of ['kozlov-release-added-mass', 'kozlov-release-elastic', 'kozlov-release-kelvin-voigt', 'kozlov-release-viscous']) {
      for (const f of formulas(section(name)!)) expect(() => katex.renderToString(f.replace(/&/g, ''), { strict: 'error', throwOnError: true }), f).not.toThrow();
    }
  });
});
