// The section on constraints realized by forces (src/report/compliant.ts):
// present exactly for Kozlov's realizations, printing the derived force and,
// side by side, each region and switching surface with the rigid model it
// tends to; a realization's Rayleigh function only where there is one;
// every formula valid KaTeX (strict).
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { ZERO } from '../../src/core/expr.js';
import { compliantForceTerms, compliantSection } from '../../src/report/compliant.js';
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
      case 'paragraph':
        return inline(b.content);
      case 'list':
        return b.items.flatMap(inline);
      case 'equations':
        return b.rows.flatMap((r) => r.lines.map((l) => `${l.before} ${l.after}`));
      case 'table':
        return b.rows.flatMap((r) => r.flatMap(inline));
      default:
        return [];
    }
  });
}

describe('section on constraints realized by forces', () => {
  it("appears for Kozlov's realizations and no other example", () => {
    // From the derivation alone: building every example's whole report (simulation, study) takes minutes on a loaded machine.
    const realized = models
      .filter((m) => compliantSection(deriveSystem(buildModel(m.spec))))
      .map((m) => m.spec.name)
      .sort();
    expect(realized).toEqual([
      'kozlov-birkhoff-stiff',
      'kozlov-impact',
      'kozlov-realized-pendulum',
      'kozlov-release-added-mass',
      'kozlov-release-elastic',
      'kozlov-release-kelvin-voigt',
      'kozlov-release-viscous',
      'kozlov-stiff-bouncing',
    ]);
  });

  it("Hamilton's rows carry each realizing force on exactly the coordinates its generalized force moves", () => {
    const scaled: string[] = [];
    for (const m of models) {
      const system = deriveSystem(buildModel(m.spec));
      const terms = (system.compliant?.terms ?? []).filter((t) => !t.everywhere);
      system.model.coordinates.forEach((c, i) => {
        const moved = terms.filter((t) => t.generalizedForce[i] !== ZERO).length;
        const rows = compliantForceTerms(system, i, c.q.name);
        expect(rows, `${m.spec.name} ${c.q.name}`).toHaveLength(moved);
        // A force along a curved wall enters as F ∂f/∂q: TeX commands, never bare words.
        for (const row of rows) {
          expect(row, `${m.spec.name} ${c.q.name}`).toMatch(/^[+-] F_\{\\mathrm\{\w+\}\}(\\,\\partial f_\{\\mathrm\{\w+\}\}\/\\partial \w+)?$/);
          if (!/^[+-] F_\{[^}]*\}\}$/.test(row)) scaled.push(m.spec.name);
        }
      });
    }
    expect(scaled).toContain('kozlov-birkhoff-stiff');
    expect(tex('kozlov-release-kelvin-voigt')).toContain('\\dot{p}_{y} = g \\operatorname{sgn} x + F_{\\mathrm{line}}');
  });

  it('the Kelvin–Voigt medium prints its force F = c²N δ − (νN + 2k√N) ḟ, the contact region and the switching surface; adhesion has no clamp', () => {
    const t = tex('kozlov-release-kelvin-voigt');
    expect(t).toContain('F_{\\mathrm{line}}');
    expect(t).toMatch(/f_\{\\mathrm\{line\}\} \\le 0/);
    expect(t).not.toContain('separating');
    expect(t).toContain('Theorem 3');
    // Kozlov cited as the References cite him, not by a title in the text.
    expect(t).toMatch(/realized by forces, after Kozlov \\cite\{[^}]*kozlov1988\}/);
    expect(t).not.toContain('PMM 1988');
  });

  it('the Kelvin–Voigt limit displays r = γ/ω_d, e = exp(−πr) and the duration τ = π/ω_d as numbered equations, not inline text (kozlov1988 Theorem 3)', () => {
    const s = section('kozlov-release-kelvin-voigt')!;
    const rows = s.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    const row = (label: string) => rows.find((r) => r.label === label);
    expect(row('rigid-ratio-line')?.lines[0]).toMatchObject({ before: 'r', after: expect.stringMatching(/^= \\gamma\/\\omega_d = \\frac/) });
    expect(row('rigid-restitution-line')?.lines[0]).toEqual({ before: 'e', after: '= \\exp(-\\pi r)' });
    // Theorem 3's duration δ_N = π g₁₁/(ω√N), here 2π/√(N(4(c² − k²) − …)): N under the root.
    expect(row('rigid-duration-line')?.lines[0]).toMatchObject({
      before: '\\tau',
      after: expect.stringMatching(/^= \\pi\/\\omega_d = \\frac\{2 \\pi\}\{\\sqrt\{N/),
    });
    const text = s.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.content : [])).flatMap((x) => (typeof x === 'object' && 'math' in x ? [x.math] : []));
    expect(text.filter((t) => t.includes('\\omega_d ='))).toEqual([]);
    // Where they hold: ζ = (2k√N + νN)/(2√(c²N)) < 1, typed from the medium's force; overdamped beyond, no rebound.
    expect(text).toContain('\\zeta = \\gamma/\\sqrt{\\gamma^{2} + \\omega_d^{2}} = \\frac{2 k + \\sqrt{N} \\nu}{2 c} < 1');
    expect(text).toContain('e = 0');
  });

  it('the realized rod prints kozlov1988 (1.2)’s T_N − T = α₀Nu̇²/2 and V_N − V = β₀Nu²/2 apart, then D = γ₀Nu̇²/2', () => {
    const spec = models.find((m) => m.spec.name === 'kozlov-realized-pendulum')!.spec;
    const s = compliantSection(deriveSystem(buildModel(spec)))!;
    const rows = s.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : [])).filter((r) => r.label?.startsWith('realization-'));
    expect(rows.map((r) => [r.lines[0]!.before, r.lines[0]!.after])).toEqual([
      ['T_{\\mathrm{rod}}', '= \\frac{1}{2} N \\alpha_{0} \\dot{u}^{2}'],
      ['V_{\\mathrm{rod}}', '= \\frac{1}{2} N \\beta_{0} u^{2}'],
      ['D_{\\mathrm{rod}}', '= \\frac{1}{2} N \\gamma_{0} \\dot{u}^{2}'],
      ['F_{\\mathrm{rod}}', '= -N (\\beta_{0} u + \\gamma_{0} \\dot{u})'],
    ]);
  });

  it('the viscous line (2.7) in the limit: held bilaterally, λ = g while pressed, λ = −g pulling until τ = 2, free after', () => {
    // Typed from the paper's limit motion: ÿ = 0 on the line with Q_y = −g for x = t − 1 ≤ 0 and +g after, so
    // λ = −Q_y; the impulse −N Δy of 1 < t < 2 vanishes in the limit, which fixes τ = 2.
    const t = tex('kozlov-release-viscous');
    expect(t).toContain(
      'held bilaterally: $M\\,\\ddot{q} = h + \\lambda_{\\mathrm{line}}\\,G^{\\top}$, $G\\ddot{q} + \\beta_{\\mathrm{line}} = 0$, with $\\lambda_{\\mathrm{line}} = g$ ($0 < t < 1$) and $\\lambda_{\\mathrm{line}} = -g$, tensile ($1 < t < 2$); free after $\\tau = 2$',
    );
    expect(t).not.toContain('(the delayed release)');
  });

  it('the added mass prints T = ½Nḟ², (M + N GᵀG) q̈ and the delayed release', () => {
    const t = tex('kozlov-release-added-mass');
    expect(t).toContain('T_{\\mathrm{line}}');
    expect(t).toContain('G^{\\top}G');
    expect(t).toContain('delayed');
    // Its force vanishes (no stiffness, no damping): the regions are the gap's, in contact where f ≤ 0, with no sign of F to switch on.
    expect(t).toContain('in contact, $f_{\\mathrm{line}} \\le 0$');
    expect(t).not.toContain('F_{\\mathrm{line}} > 0');
    expect(t).not.toContain('before the gap reopens');
    expect(t).toContain('No constraint is held rigidly');
  });

  it('without adhesion: the separating region and both switching surfaces beside the rigid contact phase, release and Newton’s law with Theorem 3’s clamped e', () => {
    const spec: ModelSpec = {
      name: 'ball',
      coordinates: ['y'],
      parameters: { m: 2, k: 100, c: 3 },
      kinetic: "m*y'^2/2",
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { compliant: { stiffness: 'k', damping: 'c' } } }],
      initial: { q: { y: 1 } },
    };
    const sys = deriveSystem(buildModel(spec));
    const s = compliantSection(sys)!;
    const all = formulas(s).join('\n');
    expect(all).toContain('F_{\\mathrm{floor}} \\le 0');
    expect(all).toContain('\\arctan r');
    // m_n = m for a single coordinate of mass m.
    expect(all).toContain('m_n = 1/(G M^{-1} G^{\\top}) = m');
    const table = s.blocks.find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('no table of the regions');
    // inside, penetrating, separating, f = 0 closing, F = 0: the realized equations (left) beside the rigid model (right).
    expect(table.rows).toHaveLength(5);
    const row = (k: number): string[] => table.rows[k]!.map((c) => c.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join(''));
    // The forcing is h: f is the contact's gap f_floor (notation.ts).
    expect(row(1)[0]).toContain('M\\,\\ddot{q} = h + F_{\\mathrm{floor}}\\,G^{\\top}');
    expect(row(1)[1]).toContain('M\\,\\ddot{q} = h + \\lambda_{\\mathrm{floor}}\\,G^{\\top}');
    expect(row(2)[0]).toContain('F_{\\mathrm{floor}} \\le 0');
    expect(row(2)[1]).toContain('\\lambda_{\\mathrm{floor}} = 0');
    expect(row(3)[0]).toContain('f_{\\mathrm{floor}} = 0');
    expect(row(3)[1]).toContain('e = \\exp(-r(\\pi - 2\\arctan r))');
    expect(row(4)[0]).toContain('F_{\\mathrm{floor}} = 0');
    for (const f of formulas(s)) expect(() => katex.renderToString(f, { strict: 'error', throwOnError: true })).not.toThrow();
  });

  it('a spring alone presses wherever the gap is closed: no separating region, its terms switch off as the gap reopens (kozlov1988 §2)', () => {
    const table = section('kozlov-release-elastic')!.blocks.find((b) => b.kind === 'table');
    if (table?.kind !== 'table') throw new Error('no table of the regions');
    const cells = table.rows.map((r) => r[0]!.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join(''));
    // F = −Ny ≥ 0 for y ≤ 0: inside, penetrating, f = 0 closing, f = 0 opening.
    expect(cells).toHaveLength(4);
    expect(cells.some((c) => c.startsWith('separating'))).toBe(false);
    expect(cells[3]).toContain('f_{\\mathrm{line}} = 0');
  });

  it('a retaining constraint realized by stiffness alone prints no Rayleigh function D; with viscosity it does', () => {
    const pendulum = (realization: Record<string, string>): ModelSpec => ({
      name: 'soft-pendulum',
      coordinates: ['x', 'y'],
      parameters: { m: 1, g: 9.81, l: 1, N: 100 },
      kinetic: "m*(x'^2 + y'^2)/2",
      potential: 'm*g*y',
      holonomic: [{ name: 'rod', expr: 'x^2 + y^2 - l^2', realization }],
    });
    const ids = (spec: ModelSpec): string[] =>
      compliantSection(deriveSystem(buildModel(spec)))!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows.map((r) => r.label ?? '') : []));
    expect(ids(pendulum({ stiffness: 'N' }))).not.toContain('realization-rayleigh-rod');
    expect(ids(pendulum({ stiffness: 'N', viscosity: 'N' }))).toContain('realization-rayleigh-rod');
  });

  it('every formula of the examples’ sections is valid KaTeX (strict)', () => {
    for (const name of ['kozlov-release-added-mass', 'kozlov-release-elastic', 'kozlov-release-kelvin-voigt', 'kozlov-release-viscous']) {
      for (const f of formulas(section(name)!))
        expect(() => katex.renderToString(f.replace(/&/g, ''), { strict: 'error', throwOnError: true }), f).not.toThrow();
    }
  });
});
