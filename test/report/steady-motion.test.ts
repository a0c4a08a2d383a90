// The report's steady-motion section (src/report/steady-motion.ts) for the
// heavy top: ψ and φ cyclic, θ held at its initial value, φ̇ swept and ψ̇
// solved for; both precessions printed with their nutation eigenvalues, and
// the fold where they cease to exist in the boundary table, a figure of
// their nutation frequencies, every formula typeset by KaTeX in strict mode; models without steady motions have no
// section.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import heavyTop from '../../derivations/heavy-top.js';
import simplePendulum from '../../derivations/simple-pendulum.js';
import type { Block, Inline } from '../../src/report/document.js';
import { steadyMotionSection } from '../../src/report/steady-motion.js';
import { steadyMotionStudy } from '../../src/studies/steady-motion.js';
import { derived } from '../helpers/examples.js';

const text = (content: readonly Inline[]): string => content.map((c) => (typeof c === 'string' ? c : 'math' in c ? `$${c.math}$` : '')).join('');
const blockText = (b: Block): string =>
  b.kind === 'paragraph' ? text(b.content) : b.kind === 'table' ? b.rows.map((r) => r.map(text).join(' | ')).join('\n') : '';

describe('the steady-motion section', () => {
  const system = derived(heavyTop);
  const section = steadyMotionSection({ system, steadyMotion: steadyMotionStudy(system)! })!;
  const all = section.blocks.map(blockText).join('\n');

  it('says what is cyclic, held, given and solved for', () => {
    expect(section.id).toBe('steady-motion');
    expect(all).toContain('The coordinates $\\psi,\\ \\varphi$ are cyclic');
    expect(all).toContain('$\\theta = 0.5$ (the declared initial configuration)');
    expect(all).toContain('$\\dot{\\varphi}$ is given and $\\dot{\\psi}$ solved for');
  });

  it('prints both precessions at the initial spin and the fold where they end', () => {
    const table = section.blocks.find((b) => b.kind === 'table' && b.id === 'steady-motions');
    expect(table && blockText(table)).toMatch(/^1 \| \$\\dot\{\\psi\} = 0\.5587,\\ \\theta = 0\.5,\\ \\dot\{\\varphi\} = 30\$ \| .*11\.22\\,i/);
    const bounds = section.blocks.find((b) => b.kind === 'table' && b.id === 'steady-boundaries');
    // (A₀ − C) cos θ₀ Ω² − C φ̇ Ω + m g l = 0 has a double root at φ̇ = 2√((A₀ − C) cos θ₀ m g l)/C.
    const fold = (2 * Math.sqrt((0.75 - 0.3) * Math.cos(0.5) * 9.81 * 0.5)) / 0.3;
    expect(bounds && blockText(bounds)).toContain(
      `$\\dot{\\varphi} = ${Number(fold.toPrecision(8))}$ | existence | no steady motion | linearly stable modulo the family`,
    );
  });

  it('draws each branch’s nutation frequency against the spin (both stable: no growth curve)', () => {
    const figure = section.blocks.find((b) => b.kind === 'figure');
    expect(figure?.kind === 'figure' && figure.legend.map((l) => l.label)).toEqual(
      [1, 2].map((k) => `\\text{branch ${k}: } \\max |\\operatorname{Im} \\lambda|`),
    );
  });

  it('typesets every formula in KaTeX’s strict mode', () => {
    const figure = section.blocks.find((b) => b.kind === 'figure');
    const legend = figure?.kind === 'figure' ? figure.legend.map((l) => l.label) : [];
    const formulas = [...[...all.matchAll(/\$([^$]+)\$/g)].map((x) => x[1]!), ...legend];
    expect(formulas.length).toBeGreaterThan(10);
    for (const tex of formulas) expect(() => katex.renderToString(tex, { throwOnError: true, strict: 'error' })).not.toThrow();
  });

  it('is absent where no steady motion was studied', () => {
    expect(steadyMotionStudy(derived(simplePendulum))).toBeUndefined();
    expect(steadyMotionSection({ system: derived(simplePendulum) })).toBeUndefined();
  });
});
