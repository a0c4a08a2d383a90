// One symbol, one meaning per report (docs/notation.md): the letter a
// report gives the gaps of the unilateral constraints never names a
// parameter of the model (Kugushev–Sorokina's g_j ≤ 0 beside gravity g is
// printed as the gap f_j = −g_j ≥ 0), the forcing then leaves f, and the
// linearization writes the mass matrix with the report's letter.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { freeSymbols, type Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { loadModels } from '../../src/pipeline/model-file.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import type { Inline } from '../../src/report/document.js';
import { gapForm, math, mechanicsSymbol, reportSymbols, tidy } from '../../src/report/notation.js';
import { linearizationSection } from '../../src/report/periodic.js';
import { linearizationStudy } from '../../src/studies/linearization.js';
import { rng } from '../core/random-expr.js';
import { ROOT } from './reports.js';

const models = (await loadModels(join(ROOT, 'derivations'))).map((f) => buildModel(f.spec));
const head = (name: string): string => /^(\\[A-Za-z]+|[A-Za-z])/.exec(mechanicsSymbol(name))?.[0] ?? '';

describe('the gaps’ letter', () => {
  it('is never the letter of a parameter or coordinate, in any model of derivations/', () => {
    const unilateral = models.filter((m) => m.unilateral.length > 0);
    expect(unilateral.length).toBeGreaterThan(10);
    for (const model of unilateral) {
      const heads = [...model.parameters, ...model.coordinates].map((x) => head(x.name));
      for (const c of model.unilateral) expect(heads, `${model.name}: ${c.name}`).not.toContain(gapForm(model, c).letter);
    }
  });

  it('prints the pendulum at a wall, written g ≤ 0 beside gravity g, as the gap f = −g ≥ 0 (the same function, the sign turned)', () => {
    const model = models.find((m) => m.name === 'pendulum-wall')!;
    const wall = model.unilateral[0]!;
    expect(wall.author.sense).toBe('<=');
    const form = gapForm(model, wall);
    expect(form.letter).toBe('f');
    // f = d − l₁ sin q₁ − l₂ sin q₂ = −(author's g) at a random configuration.
    const env = { l1: 0.9, l2: 1.3, d: 0.5, q1: 0.37, q2: -1.1, t: 0 };
    expect(evaluate(form.expr, env)).toBeCloseTo(-evaluate(wall.author.expr, env), 12);
    expect(evaluate(form.expr, env)).toBeCloseTo(0.5 - 0.9 * Math.sin(0.37) - 1.3 * Math.sin(-1.1), 12);
  });

  it('keeps the author’s form where it clashes with nothing: Kozlov’s f ≥ 0 and, without a parameter g, g ≤ 0', () => {
    for (const model of models.filter((m) => m.unilateral.length > 0 && !m.parameters.some((p) => head(p.name) === 'g'))) {
      for (const c of model.unilateral) expect(gapForm(model, c).letter, model.name).toBe(c.author.sense === '>=' ? 'f' : 'g');
    }
  });

  it('moves the forcing off f where the gaps are printed f_j (the pendulum at a wall: h), f_s (a compliant line: h) or φ (a realized rod: h)', () => {
    const wall = deriveSystem(models.find((m) => m.name === 'pendulum-wall')!);
    expect(reportSymbols(wall).forcing).toBe('h');
    const line = deriveSystem(models.find((m) => m.name === 'kozlov-release-kelvin-voigt')!);
    expect(reportSymbols(line).forcing).toBe('h');
    // A retaining constraint realized by Kozlov's Theorem 1, his f = 0 printed φ_s: the forcing is h, as beside a compliant line.
    const pendulum = deriveSystem(models.find((m) => m.name === 'kozlov-realized-pendulum')!);
    expect(pendulum.compliant?.terms.map((t) => t.source)).toEqual(['realization']);
    expect(reportSymbols(pendulum).forcing).toBe('h');
  });
});

describe('the linearization', () => {
  const text = (xs: readonly Inline[]): string => xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('');

  it('writes the mass matrix with the report’s letter: G beside the cart’s mass M', () => {
    const system = deriveSystem(models.find((m) => m.name === 'pendulum-on-cart')!);
    expect(reportSymbols(system).mass).toBe('G');
    const section = linearizationSection({ system, linearization: linearizationStudy(system)! })!;
    const intro = section.blocks[0]!;
    if (intro.kind !== 'paragraph') throw new Error('no introduction');
    expect(text(intro.content)).toContain('G\\,\\delta\\ddot{q} + C\\,\\delta\\dot{q} + K\\,\\delta q = 0');
    expect(text(intro.content)).toContain('\\partial G/\\partial q');
    // G is the mass matrix of Lagrange's equations, named, not printed again.
    expect(text(intro.content)).toContain('Here G is the mass matrix of Section');
    const display = section.blocks[1]!;
    if (display.kind !== 'equations') throw new Error('no matrices');
    expect(display.rows.map((r) => r.lines[0]!.before)).not.toContain('G');
  });
});

describe('the first-kind form’s Cartesian coordinates and applied force', () => {
  it('are x and F, or r and 𝓕 beside a coordinate x and a parameter F (the alternating load F cos ωt)', () => {
    const letters = (name: string) => reportSymbols(deriveSystem(models.find((m) => m.name === name)!));
    expect(letters('point-between-planes-switching')).toMatchObject({ cartesian: 'r', applied: '\\mathcal{F}' });
    expect(letters('simple-pendulum')).toMatchObject({ cartesian: 'x', applied: 'F' });
  });
});

describe('the mass matrix’s and the Hamiltonian’s letters', () => {
  it('are G beside Smirnov’s prism’s moments M_x, whose first-kind text then has no contacts’ G (no sans-serif M)', async () => {
    const { lagrange1Section } = await import('../../src/report/lagrange1.js');
    for (const name of ['prism-in-guides', 'prism-in-guides-planar']) {
      const system = deriveSystem(models.find((m) => m.name === name)!);
      expect(reportSymbols(system).mass, name).toBe('G');
      const intro = lagrange1Section(system)!.blocks[0]!;
      if (intro.kind !== 'paragraph') throw new Error('no introduction');
      const text = intro.content.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('');
      // r, not x, for the points' Cartesian coordinates: x is the prism's coordinate.
      expect(text).toContain('G_r\\,\\mathrm{d}\\dot{r} = F\\,\\mathrm{d}t + A_r^{\\top}\\mathrm{d}\\eta,');
      expect(text).not.toContain('G^{\\top}');
    }
  });

  it('moves the mass matrix off M and the Hamiltonian off H where the disk’s patch has a moment M and a restitution law H (Kuleshov et al.)', () => {
    const disk = deriveSystem(models.find((m) => m.name === 'viscoelastic-disk')!);
    expect([reportSymbols(disk).mass, reportSymbols(disk).hamiltonian]).toEqual(['G', '\\mathcal{H}']);
    const ball = deriveSystem(models.find((m) => m.name === 'bouncing-ball')!);
    expect([reportSymbols(ball).mass, reportSymbols(ball).hamiltonian]).toEqual(['M', 'H']);
  });
});

describe('the printed reports', () => {
  it('never print a gap with the letter of a parameter or coordinate (every model of derivations/ where f or g names one)', async () => {
    const { unilateralConstraintBlocks } = await import('../../src/report/unilateral.js');
    const clashing = models.filter((m) => m.unilateral.length > 0 && [...m.parameters, ...m.coordinates].some((x) => ['f', 'g'].includes(head(x.name))));
    expect(clashing.map((m) => m.name)).toContain('pendulum-wall');
    for (const model of clashing) {
      const heads = [...model.parameters, ...model.coordinates].map((x) => head(x.name));
      const blocks = unilateralConstraintBlocks(deriveSystem(model))!;
      const gaps = blocks.flatMap((b) => (b.kind === 'equations' ? b.rows.filter((r) => r.label?.startsWith('unilateral-')) : []));
      expect(gaps.length, model.name).toBe(model.unilateral.length);
      for (const r of gaps) expect(heads, `${model.name}: ${r.lines[0]!.before}`).not.toContain(r.lines[0]!.before[0]);
    }
  });
});

describe('double angles in print', () => {
  it('are written contracted, as rubanovich1981 (2.7) prints E_R1x: 4ml cos α sin²α/(1 + I*) as 2ml sin α sin 2α/(1 + I*)', () => {
    const tex = math(parseExpr('4*m*l*cos(alpha)*sin(alpha)^2/(1 + Istar)'));
    expect(tex).toContain('\\sin\\alpha \\sin 2 \\alpha');
    expect(tex).not.toContain('\\cos');
    expect(math(parseExpr('m*cos(beta)^2 - m*sin(beta)^2'))).toBe('m \\cos 2 \\beta');
  });
});

/** Whether e and f agree at 5 random points (every symbol in [0.2, 1.2]). */
const agree = (e: Expr, f: Expr, seed: number): boolean => {
  const random = rng(seed);
  for (let k = 0; k < 5; k++) {
    const env = Object.fromEntries([...freeSymbols(e)].map((s) => [s, 0.2 + random()]));
    const [a, b] = [evaluate(e, env), evaluate(f, env)];
    if (!(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)))) return false;
  }
  return true;
};

describe('Pythagorean factors in print', () => {
  it('are written as a journal does: 1 − sin²x as cos²x, c − c cos²x as c sin²x, in sums and in factors; 1 + 3 sin²α stays', () => {
    expect(math(parseExpr('m*l*(1 - sin(phi)^2)*v'))).toBe('m l v \\cos^{2}\\varphi');
    expect(math(parseExpr('a + k - k*cos(x)^2'))).toBe('a + k \\sin^{2} x');
    expect(math(parseExpr('m*(1 + 3*sin(alpha)^2)'))).toBe('m (1 + 3 \\sin^{2}\\alpha)');
  });

  it('leave the bicycle’s front contact with no (1 − sin²φ) under its root, the cos φ collected, and equal to the derived one', () => {
    const bicycle = models.find((m) => m.name === 'bicycle')!;
    const contact = bicycle.holonomic.find((h) => h.name === 'frontContact_n')!;
    const tex = math(contact.phi);
    expect(tex).not.toMatch(/1 - \\(sin|cos)\^\{2\}\\varphi/);
    const root = /\\sqrt\{(.*?)\} \+/.exec(tex)?.[1];
    expect(root).toContain('\\cos\\varphi \\sin\\delta \\sin(\\mathit{lam} - \\theta)');
    expect(agree(contact.phi, tidy(contact.phi), 31)).toBe(true);
  });
});

describe('A sum and its negation in one product', () => {
  it('join into one power with the sign outside: X^(−1/2)·(−X) is −√X, X⁻¹(−X)² is X', () => {
    expect(math(parseExpr('r*(2 - a*b)^(-1/2)*(a*b - 2)'))).toBe('-r \\sqrt{2 - a b}');
    expect(math(parseExpr('r*(2 - a*b)^(-1)*(a*b - 2)^2'))).toBe('r (2 - a b)');
    expect(math(parseExpr('q*r*(2 - a*b)^(-3)*(a*b - 2)^3'))).toBe('-q r');
  });

  it('leave the bicycle’s front contact height with r_F √(…) in place of r_F (…)/√(…), equal to the derived one', () => {
    const bicycle = models.find((m) => m.name === 'bicycle')!;
    const height = bicycle.geometry!.rolling.find((c) => c.name === 'frontContact')!.contact[2]!;
    const tex = math(height);
    expect(tex).toMatch(/r_\{F\} \\sqrt\{/);
    expect(tex).not.toMatch(/\\frac\{r_\{F\}\}\{\\sqrt/);
    expect(agree(height, tidy(height), 37)).toBe(true);
  });
});

describe('Functions of an argument that prints with a minus', () => {
  it('take the sign out as the parity of the function says: arctan, sin, tan and arcsin odd, cos even; a mixed sum stays', () => {
    // (x − 2)⁻¹ prints −1/(2 − x): the argument's minus is the printed one, not the kernel's.
    const cases: [string, string, (x: number, y: number) => number][] = [
      ['atan(y/(x - 2))', '-\\arctan\\left(\\frac{y}{2 - x}\\right)', (x, y) => Math.atan(y / (x - 2))],
      ['sin(y/(x - 2))', '-\\sin\\left(\\frac{y}{2 - x}\\right)', (x, y) => Math.sin(y / (x - 2))],
      ['tan(y/(x - 2))', '-\\tan\\left(\\frac{y}{2 - x}\\right)', (x, y) => Math.tan(y / (x - 2))],
      ['asin(y/(x - 2))', '-\\arcsin\\left(\\frac{y}{2 - x}\\right)', (x, y) => Math.asin(y / (x - 2))],
      ['cos(y/(x - 2))', '\\cos\\left(\\frac{y}{2 - x}\\right)', (x, y) => Math.cos(y / (x - 2))],
      ['atan(x - y)', '\\arctan(x - y)', (x, y) => Math.atan(x - y)],
    ];
    for (const [text, tex, value] of cases) {
      const e = parseExpr(text);
      expect(math(e), text).toBe(tex);
      for (const [x, y] of [
        [0.3, 0.8],
        [1.1, 0.45],
      ] as const)
        expect(evaluate(tidy(e), { x, y }), text).toBeCloseTo(value(x, y), 13);
    }
  });

  it('are tidied where that shortens them: Smirnov’s (2.4) angle 2iπ/n + π/n as one fraction; the rimless wheel’s π/3 + ψ stays', () => {
    const cases: [string, string, (i: number, n: number, psi: number) => number][] = [
      ['cos(2*i*pi/n + pi/n)', '\\cos\\left(\\frac{\\pi (1 + 2 i)}{n}\\right)', (i, n) => Math.cos(((2 * i + 1) * Math.PI) / n)],
      ['sin(pi/3 + psi)', '\\sin\\left(\\frac{\\pi}{3} + \\psi\\right)', (_i, _n, psi) => Math.sin(Math.PI / 3 + psi)],
    ];
    for (const [text, tex, value] of cases) {
      const e = parseExpr(text);
      expect(math(e), text).toBe(tex);
      expect(evaluate(tidy(e), { i: 2, n: 7, psi: 0.4, pi: Math.PI }), text).toBeCloseTo(value(2, 7, 0.4), 13);
    }
  });

  it('print kozlov1988 §2’s elastic release as 1 + 2 arctan u/√N, u over 3 − cos √N, at the value of the half-angle root', () => {
    // The derivation's kernel form, its denominators cos √N − 3.
    const tau = parseExpr('1 - 2*N^(-1/2)*atan(sin(N^(1/2))*(-3 + cos(N^(1/2)))^(-1) + 2*(1 - cos(N^(1/2)))^(1/2)*(-3 + cos(N^(1/2)))^(-1))');
    expect(math(tau)).toBe(
      '1 + \\frac{2 \\arctan\\left(\\frac{\\sin\\left(\\sqrt{N}\\right) + 2 \\sqrt{1 - \\cos\\left(\\sqrt{N}\\right)}}{3 - \\cos\\left(\\sqrt{N}\\right)}\\right)}{\\sqrt{N}}',
    );
    for (const N of [10, 100, 1000]) {
      // θ = √N(τ − 1) = 2 arctan u, u the positive root of (3 − cos √N)u² − 2u sin √N + cos √N − 1 = 0.
      const [c, s] = [Math.cos(Math.sqrt(N)), Math.sin(Math.sqrt(N))];
      const u = (s + Math.sqrt(s * s - (3 - c) * (c - 1))) / (3 - c);
      expect(evaluate(tidy(tau), { N })).toBeCloseTo(1 + (2 * Math.atan(u)) / Math.sqrt(N), 13);
    }
  });
});
