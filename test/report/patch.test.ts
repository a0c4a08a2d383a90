// The "Distributed contact law" section (src/report/patch.ts) for the disk of
// derivations/viscoelastic-disk.ts: present only for models with patches; the
// density, the regimes with their ends and conditions, compression's F_y
// (5.3), the restitution patch inside the arc, the same for motion along the
// normal with restitution (5.4) and the separation condition q + νq̇/k = 0, ϑ₀ = (3/2)^{1/3}ε (4.7), the friction law
// and what it does to the slip (src/report/slip.ts); every formula valid KaTeX (strict). The titles write the
// paper's depth q; the model names it ζ (q are the generalized coordinates).
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/model.js';
import { deriveSystem } from '../../src/derive/system.js';
import type { Block, Inline } from '../../src/report/document.js';
import { patchForceTerms, patchSection } from '../../src/report/patch.js';
import { patchHistoryBlocks } from '../../src/report/patch-history.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import disk from '../../derivations/viscoelastic-disk.js';
import ball from '../../derivations/bouncing-ball.js';

const diskSystem = deriveSystem(buildModel(disk));
const section = patchSection(diskSystem)!;
const tex = renderLatexBody({ title: 'disk', model: 'viscoelastic-disk', sections: [section] } as unknown as Parameters<typeof renderLatexBody>[0]).replace(
  / &(?=\S)/g,
  ' ',
);

function formulas(blocks: readonly Block[]): string[] {
  const inline = (xs: readonly Inline[]): string[] => xs.flatMap((x) => (typeof x === 'object' && 'math' in x ? [x.math] : []));
  return blocks.flatMap((b): string[] => {
    switch (b.kind) {
      case 'paragraph':
        return inline(b.content);
      case 'list':
        return b.items.flatMap(inline);
      case 'equations':
        return b.rows.flatMap((r) => r.lines.map((l) => `${l.before} ${l.after}`));
      default:
        return [];
    }
  });
}

describe('the distributed contact law section', () => {
  it("gives Hamilton's rows the disk's resultants (F_x, F_y, M) on (x, y, φ), kuleshov2011 (7.2), and none to the bouncing ball", () => {
    expect([0, 1, 2].map((i) => patchForceTerms(diskSystem, i))).toEqual([['+ F_{x}'], ['+ F_{y}'], ['+ M']]);
    const b = deriveSystem(buildModel(ball));
    expect(b.model.coordinates.map((_, i) => patchForceTerms(b, i))).toEqual(b.model.coordinates.map(() => []));
  });

  it('appears for a model with patches only', () => {
    expect(section.title).toBe('Distributed contact law');
    expect(patchSection(deriveSystem(buildModel(ball)))).toBeUndefined();
  });
  it('prints the expanded density and the arc |ϑ| ≤ √(2q)', () => {
    // kuleshov2011 writes the angle along the arc ϑ, as its (4.7) ϑ₀: one letter for it in the section and the paper's rows.
    expect(tex).not.toMatch(/\\theta\b/);
    expect(tex).toContain('\\Phi(\\vartheta) = \\frac{1}{2} r (k r (2 \\zeta - \\vartheta^{2}) + 2 \\nu (r \\dot{\\zeta} + u_{x} \\vartheta))');
    expect(tex).toContain('$-\\sqrt{2 \\zeta} \\le \\vartheta \\le \\sqrt{2 \\zeta}$');
  });
  it('compression on the whole arc: F_y = (2/3)√(2q) r²(2kq + 3νq̇), i.e. (4√2/3)kr²q^{3/2} + 2√2νr²q^{1/2}q̇ (5.3)', () => {
    expect(tex).toContain('Regime whole');
    expect(tex).toContain('F_{y} = \\frac{2}{3} r^{2} \\sqrt{2 \\zeta} (2 k \\zeta + 3 \\nu \\dot{\\zeta})');
  });
  it('restitution inside the arc, F_y = 2Δ^{3/2}/(3k²r) with the discriminant Δ = 2kr²(kq + νq̇) + ν²uₓ² named once, and the separation where it vanishes', () => {
    expect(tex).toContain('Regime both-inner');
    expect(tex).toContain('\\Delta = 2 k r^{2} (k \\zeta + \\nu \\dot{\\zeta}) + \\nu^{2} u_{x}^{2}');
    expect(tex).toContain('F_{y} = \\frac{2 \\Delta^{3/2}}{3 k^{2} r}');
    expect(tex).toContain('$\\frac{\\nu u_{x} - \\sqrt{\\Delta}}{k r} \\le \\vartheta \\le \\frac{\\sqrt{\\Delta} + \\nu u_{x}}{k r}$');
    expect(tex).toContain('where $\\Delta = 0$');
    // Nowhere else in full: the definition is its only occurrence.
    expect(tex.split('2 k r^{2} (k \\zeta + \\nu \\dot{\\zeta}) + \\nu^{2} u_{x}^{2}').length - 1).toBe(1);
  });
  it('motion along the normal (uₓ = 0), as §5 prints it: compression (5.3) while q̇ ≥ 0, restitution (4√2/3)kr²(q + νq̇/k)^{3/2} (5.4) inside |ϑ| ≤ √(2(q + νq̇/k)), separation at kq + νq̇ = 0', () => {
    expect(tex).toContain('For motion along the normal only ($u_{x} = 0$');
    expect(tex).toContain('whole: $-\\sqrt{2 \\zeta} \\le \\vartheta \\le \\sqrt{2 \\zeta}$ where $\\dot{\\zeta} \\ge 0$');
    expect(tex).toContain(
      'both-inner: $-\\frac{\\sqrt{2 (k \\zeta + \\nu \\dot{\\zeta})}}{\\sqrt{k}} \\le \\vartheta \\le \\frac{\\sqrt{2 (k \\zeta + \\nu \\dot{\\zeta})}}{\\sqrt{k}}$ where $\\dot{\\zeta} < 0$, $k \\zeta + \\nu \\dot{\\zeta} > 0$',
    );
    expect(tex).toContain('F_{y} = \\frac{4 \\sqrt{2} r^{2} (k \\zeta + \\nu \\dot{\\zeta})^{3/2}}{3 \\sqrt{k}}');
    expect(tex).toContain('separates where $k \\zeta + \\nu \\dot{\\zeta} = 0$');
  });
  it('the equilibrium: the rest depth ζ₀ = (9/32)^{1/3}ε², ϑ₀ = (3/2)^{1/3}ε with ε = (mg/(kr²))^{1/3} (4.7)', () => {
    expect(tex).toContain('\\zeta_{0} = \\frac{\\sqrt[3]{\\frac{9}{32}} m^{2/3} g^{2/3}}{k^{2/3} r^{4/3}}');
    expect(tex).toContain('\\vartheta_{0} = \\frac{\\sqrt[3]{\\frac{3}{2}} \\sqrt[3]{m} \\sqrt[3]{g}}{\\sqrt[3]{k} r^{2/3}}');
  });
  it('the friction moment M = −σλr F_y and the sliding and rolling laws', () => {
    expect(tex).toContain('M = -\\frac{2}{3} \\lambda r^{3} \\sigma \\sqrt{2 \\zeta} (2 k \\zeta + 3 \\nu \\dot{\\zeta})');
    // The slip velocity u_s, not s: s is the paper's scaled depth (kuleshov2011 §8).
    expect(tex).toContain('\\sigma = \\operatorname{sgn} u_{s}');
    expect(tex).toContain('u_{s} = \\dot{x} + r \\dot{\\varphi}');
    expect(tex).not.toMatch(/\$s = \\dot\{x\}/);
    // The state the law is written in, from the coordinates: ζ = 1 − y/r, u_x = ẋ.
    expect(tex).toContain('$\\zeta = 1 - \\frac{y}{r}$');
    expect(tex).toContain('$u_{x} = \\dot{x}$');
    expect(tex).toContain('rolling without slip');
  });
  it('what the friction does to the slip: an impact changes it by 3λr per depth rate (7.5), conserves ẋ − rφ̇/2 (Prop. 9), the incline holds it with tan α/(3λ) (2.3), rolling resists', () => {
    expect(tex).toContain('\\rho = 3 \\lambda r');
    expect(tex).toContain('\\ell = \\frac{1}{2} (2 \\dot{x}^{-} - r \\dot{\\varphi}^{-})');
    // The paper's row of the same first integral (Prop. 9) carries the same letter, printed as its name.
    expect(disk.paper!.formulas!.filter((f) => f.derived === 'patch.foundation.impact.invariant').map((f) => f.name)).toEqual(['\\ell']);
    expect(tex).toContain('\\dot{x}^+ = \\frac{1}{3} (S + 2 \\dot{x}^{-} - r \\dot{\\varphi}^{-})');
    expect(tex).toContain('\\sigma_* = \\frac{\\sin\\alpha}{3 \\lambda \\cos\\alpha}');
    expect(tex).toContain('\\ddot{x} = \\frac{2}{3} g \\sin\\alpha + \\left(-\\frac{2 g \\nu \\cos\\alpha}{3 k r}\\right) u_{x}');
    expect(tex).toContain('u_{x} = \\frac{k r \\sin\\alpha}{\\nu \\cos\\alpha}');
    // What is not derived is said so: the paper's rolling resistance as printed, its second order, the constant
    // part of Proposition 14's forcing (its relaxation measured in the paper check).
    expect(tex).toContain('Not derived or not compared here');
    expect(tex).toContain("the constant part of Proposition 14's forcing");
    expect(tex).toContain('(3.1)--(3.2): the source text has lost their formulas; in the paper check their terms linear in the speed');
    expect(tex).toContain('linear in the speed and through the steady speed they give (\\S{}2, (12.5))');
  });
  it('every formula is valid KaTeX (strict)', () => {
    for (const f of formulas(section.blocks)) expect(() => katex.renderToString(f, { strict: 'error', throwOnError: true }), f).not.toThrow();
  });
});

describe('the patch along the simulated motion (kuleshov2011 §2’s stages)', () => {
  // A made-up history: the section prints its numbers and draws its slip and its depth; without one, no figure.
  const t = [0, 0.1, 0.2, 0.3, 0.4];
  const history = {
    name: 'foundation',
    t,
    slip: [-1.5, -1, -0.4, 0, 0],
    depth: [-0.2, 0.002, 0.0013, 0.0013, 0.0013],
    contact: 0.1,
    stop: { time: 0.3, rate: 5.9 },
  };
  const blocks = patchSection(diskSystem, [history])!.blocks;
  it('names the first contact, the slip’s rate and its stop, then the two figures', () => {
    const text = blocks.flatMap((b) => (b.kind === 'paragraph' ? b.content : [])).map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : ''));
    expect(text).toContain('t = 0.1000');
    expect(text).toContain('\\dot{u}_{s} = 5.900\\ \\mathrm{m/s^2}');
    expect(text).toContain('t = 0.3000');
    const figures = blocks.flatMap((b) => (b.kind === 'figure' ? [b] : []));
    expect(figures.map((f) => f.id)).toEqual(['plot-patch-slip-foundation', 'plot-patch-depth-foundation']);
    expect(patchSection(diskSystem)!.blocks.filter((b) => b.kind === 'figure')).toEqual([]);
  });
});

describe('the patch along the run: the slip’s measured rate beside the rate at rest depth', () => {
  it('prints both, with 3 decimals, and only the measured one where the study has no rest-depth rate', () => {
    const term = diskSystem.patches!.terms[0]!;
    const history = { name: term.name, t: [0, 1], slip: [-1, 0], depth: [0, 0], contact: 0.0639 };
    const text = (stop: { time: number; rate: number; atRest?: number }): string => JSON.stringify(patchHistoryBlocks(term, { ...history, stop })[0]);
    const both = text({ time: 0.2625, rate: 5.7191, atRest: 5.886 });
    expect(both).toContain('5.719\\\\ \\\\mathrm{m/s^2}');
    expect(both).toContain('(against ');
    expect(both).toContain('5.886\\\\ \\\\mathrm{m/s^2}');
    expect(text({ time: 0.2625, rate: 5.7191 })).not.toContain('against');
  });
});
