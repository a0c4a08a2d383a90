// One meaning per symbol in each report: every letter the printed LaTeX
// gives a meaning — a parameter or coordinate of the model, or a generic
// object the text names (the mass matrix, the contact measures, the period
// of an orbit, Euler's number…) — is read off the model and the printed
// body, independently of how notation.ts chose it, and no letter may carry
// two meanings in one report (μ a friction coefficient and a contact
// measure, e a restitution and Euler's number, T the kinetic energy and a
// period, q the coordinates and a depth).
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import type { Model } from '../../src/model/types.js';
import { mechanicsSymbol } from '../../src/report/notation.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { models, report } from './reports.js';

interface Meaning {
  readonly symbol: string;
  readonly meaning: string;
}

/**
 * The letter a printed symbol starts with, decorations kept (\mathsf{M} is not M), a multi-letter name whole
 * (\mathit{thR} is not \mathit{lam}), accents dropped (\dot{q}_1 is q).
 */
function headOf(tex: string): string {
  const bare = tex.replace(/^\\(?:dot|ddot)\{([^{}]*)\}/, '$1');
  return /^\\(?:mathsf|mathcal|mathit|tilde)\{\\?[A-Za-z]+\}/.exec(bare)?.[0] ?? /^(\\[A-Za-z]+|[A-Za-z])/.exec(bare)?.[0] ?? '';
}

/**
 * The model's own symbols: restitution and friction coefficients by their role, coordinates as coordinates, other
 * parameters as parameters, a contact patch's depth as a depth.
 */
function modelMeanings(model: Model): Meaning[] {
  const restitution = new Set(model.unilateral.flatMap((c) => (c.law.kind === 'newton' ? [c.law.e.name] : c.law.kind === 'w-law' ? [c.law.W.name] : [])));
  const friction = new Set(model.unilateral.flatMap((c) => (c.friction ? [c.friction.kinetic.name, c.friction.static.name] : [])));
  return [
    ...model.coordinates.map((c) => ({ symbol: headOf(mechanicsSymbol(c.name)), meaning: 'generalized coordinate' })),
    ...model.parameters.map((p) => ({
      symbol: headOf(mechanicsSymbol(p.name)),
      // θ₀ for a coordinate θ: its value at the start (kozlov1988 Theorem 1's pendulum), the coordinate's letter in that meaning.
      meaning: restitution.has(p.name)
        ? 'restitution coefficient'
        : friction.has(p.name)
          ? 'friction coefficient'
          : model.coordinates.some((c) => p.name === `${c.name}0`)
            ? 'generalized coordinate'
            : 'parameter',
    })),
    ...(model.patches ?? []).map((c) => ({ symbol: headOf(mechanicsSymbol(c.depth)), meaning: 'contact depth' })),
    // The resultants a patch integrates (the disk's F_x, F_y and moment M, kuleshov2011 (3.1)–(3.2)).
    ...(model.patches ?? []).flatMap((c) => [...c.resultants.keys()].map((r) => ({ symbol: headOf(mechanicsSymbol(r)), meaning: 'patch resultant' }))),
  ];
}

/** Generic letters, each where the printed body shows it in that role. */
const GENERIC: readonly { readonly meaning: string; readonly found: (tex: string) => string[] }[] = [
  { meaning: 'generalized coordinate', found: () => ['q'] },
  { meaning: 'kinetic energy', found: (tex) => (/(^|[^\\\w{])T = |T\(-0\)/m.test(tex) ? ['T'] : []) },
  { meaning: 'potential energy', found: (tex) => (/(^|[^\\\w{])V = /m.test(tex) ? ['V'] : []) },
  { meaning: 'total energy', found: (tex) => (tex.includes('E = T + V') ? ['E'] : []) },
  // M q̈ = f: the letters before (q,t)\,\ddot{q} and of the forcing's entries.
  { meaning: 'mass matrix', found: (tex) => [...tex.matchAll(/([\\A-Za-z{}]+)\(q,t\)\\,\\ddot\{q\}/g)].map((x) => headOf(x[1]!)) },
  // The normal measures dμ_j and their atoms Δμ_j (the tangential ones are ν's).
  {
    meaning: 'contact measure',
    found: (tex) => [...tex.matchAll(/\\(?:mathrm\{d\}|Delta)(\\[A-Za-z]+)_(?:j|\{\d+\})/g)].map((x) => x[1]!).filter((s) => s !== '\\nu'),
  },
  { meaning: 'tangential contact measure', found: (tex) => (/\\(?:mathrm\{d\}|Delta)\\nu_(?:j|\{\d+\})/.test(tex) ? ['\\nu'] : []) },
  { meaning: 'friction coefficient', found: (tex) => (/\\mu_j \\operatorname\{sgn\}|\\le \\mu_\{s\}\\,\\sigma/.test(tex) ? ['\\mu'] : []) },
  // The period as the periodic-orbit section names it, or as Lyapunov's criterion τ∫₀^τ p dt ≤ 4 (kozlov1988 (4.4)) does.
  {
    meaning: 'period of the orbit',
    found: (tex) => [...tex.matchAll(/its period is \$([^$]+)\$|((?:\\math[a-z]+\{)?[\\A-Za-z]+\}?(?:_\w)?)\\int_0\^/g)].map((x) => headOf(x[1] ?? x[2]!)),
  },
  // |μ| = 1 of the periodic-orbit section, or a paper's result row |μ| (eq) = 1.
  { meaning: 'Floquet multiplier', found: (tex) => [...tex.matchAll(/\|(\\[A-Za-z]+)\|(?:\\ \\text\{[^}]*\})? = 1/g)].map((x) => x[1]!) },
  { meaning: 'decrement per revolution', found: (tex) => [...tex.matchAll(/(\\[A-Za-z]+)\\ \\text\{\(2\.9\)\}/g)].map((x) => x[1]!) },
  { meaning: 'retaining constraint', found: (tex) => (/\\varphi_\{?[\dk]/.test(tex) ? ['\\varphi'] : []) },
  { meaning: 'multiplier of a retaining constraint', found: (tex) => (/A\^\{\\top\}\\lambda|\\lambda_\{?[\dk]/.test(tex) ? ['\\lambda'] : []) },
  // e^{x} with a non-numeric exponent: the exponential (e² is a restitution squared).
  { meaning: 'Euler’s number', found: (tex) => (/(^|[^\\A-Za-z])e\^\{(?!\d+\})/m.test(tex) ? ['e'] : []) },
  { meaning: 'restitution coefficient', found: (tex) => (/= -e\\,\\dot/.test(tex) ? ['e'] : []) },
  // The kinematics of a model described by its geometry (src/report/kinematics.ts).
  { meaning: 'rotation matrix', found: (tex) => (/R_\{[xyz]\}\(/.test(tex) ? ['R'] : []) },
  { meaning: 'angular velocity', found: (tex) => (/\\omega_\{[^}]*\} &?= /.test(tex) ? ['\\omega'] : []) },
  { meaning: 'position vector', found: (tex) => (/(^|[^\\\w{])r_\{[^}]*\} &?= /m.test(tex) ? ['r'] : []) },
  { meaning: 'velocity of a point', found: (tex) => (/v_\{[^}]*\} = \|?\\dot\{r\}/.test(tex) ? ['v'] : []) },
  { meaning: 'quaternion rate matrix', found: (tex) => (/2\\,G\\,/.test(tex) ? ['G'] : []) },
  { meaning: 'rate of a quaternion’s squared norm', found: (tex) => (/quaternion.s squared norm/.test(tex) ? ['\\nu'] : []) },
  { meaning: 'normal of the rolling plane', found: (tex) => (/n \\times v_/.test(tex) ? ['n'] : []) },
  { meaning: 'Hamiltonian', found: (tex) => [...tex.matchAll(/((?:\\math[a-z]+\{)?[A-Za-z]\}?)\(q,p,t\) = p\^/g)].map((x) => headOf(x[1]!)) },
  // Kuleshov et al.'s universal restitution law H(h'_-) of Proposition 11.
  { meaning: 'universal restitution law', found: (tex) => [...tex.matchAll(/([A-Za-z])\(h'_-\) = -h'/g)].map((x) => x[1]!) },
  // The time of Kuleshov et al.'s universal problem, t = bτ (§6).
  { meaning: 'time of the universal problem', found: (tex) => [...tex.matchAll(/\$t = b (\\?[A-Za-z]+)\$/g)].map((x) => x[1]!) },
  // Smirnov's support system (1.1) Σ aᵢⱼ Nᵢ = bⱼ: its columns a_i^± and its right side b.
  {
    meaning: 'column of the support system',
    found: (tex) => [...tex.matchAll(/(?:^|[^\\\w{])((?:\\tilde\{)?a\}?)(?:_\{\d+\})?\^\{[+-]\} = \\begin\{pmatrix\}/gm)].map((x) => headOf(x[1]!)),
  },
  {
    meaning: 'right side of the support system',
    found: (tex) => [...tex.matchAll(/(?:^|[^\\\w{])((?:\\tilde\{)?b\}?|\\beta) = \\begin\{pmatrix\}/gm)].map((x) => headOf(x[1]!)),
  },
  // M q̈ = f of the second-kind equations, and the gaps: f_j ≥ 0 of the one-sided contacts, a compliant contact's f_s.
  { meaning: 'forcing', found: (tex) => [...tex.matchAll(/\(q,t\)\\,\\ddot\{q\} &?= ([\\A-Za-z{}]+?)\(q,/g)].map((x) => headOf(x[1]!)) },
  {
    meaning: 'gap of a contact',
    found: (tex) => [...tex.matchAll(/(?:its gap \$|\$)([fg])_(?:j \\(?:ge|le) 0|\{\\mathrm\{[^}]*\}\} \\le 0)/g)].map((x) => x[1]!),
  },
  { meaning: 'generalized force', found: () => ['Q'] },
  { meaning: 'momentum', found: () => ['p'] },
];

/** Every letter of the report with its meanings. */
function meanings(model: Model, tex: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = ({ symbol, meaning }: Meaning): void => {
    if (!out.has(symbol)) out.set(symbol, new Set());
    out.get(symbol)!.add(meaning);
  };
  modelMeanings(model).forEach(add);
  for (const g of GENERIC) for (const symbol of g.found(tex)) add({ symbol, meaning: g.meaning });
  return out;
}

const clashes = (ms: Map<string, Set<string>>): string[] => [...ms].filter(([, s]) => s.size > 1).map(([k, s]) => `${k}: ${[...s].join(' / ')}`);

describe('one meaning per symbol', () => {
  it('finds a clash where one is printed: a friction coefficient μ beside the contact measures dμ_j, Euler’s e beside a restitution e', () => {
    const model = buildModel(models.find((m) => m.spec.name === 'falling-rod')!.spec);
    const ball = buildModel(models.find((m) => m.spec.name === 'bouncing-ball')!.spec);
    expect(clashes(meanings(model, 'the measures $\\mathrm{d}\\mu_j \\ge 0$'))).toEqual(['\\mu: friction coefficient / contact measure']);
    expect(clashes(meanings(model, '$\\dot{f}^{+} = -e\\,\\dot{f}^{-}$, $e^{-\\pi r}$'))).toEqual(['e: restitution coefficient / Euler’s number']);
    expect(clashes(meanings(model, '$\\dot{f}^{+} = -e\\,\\dot{f}^{-}$, $e^{2}$'))).toEqual([]);
    expect(
      clashes(meanings(model, 'admissible while $|\\Delta\\nu_j| \\le \\mu_s \\Delta\\mu_j$, the cone $|\\sigma_{t}| \\le \\mu_{s}\\,\\sigma_{n}$')),
    ).toEqual(['\\mu: friction coefficient / contact measure']);
    expect(clashes(meanings(ball, '$T\\int_0^T p\\,dt \\le 4$, $T = \\frac{1}{2} m \\dot{x}^{2}$'))).toEqual(['T: kinetic energy / period of the orbit']);
    expect(clashes(meanings(ball, '$\\mathcal{T}\\int_0^{\\mathcal{T}} p\\,dt \\le 4$, $T = \\frac{1}{2} m \\dot{x}^{2}$'))).toEqual([]);
    expect(meanings(ball, '$\\mathcal{T}\\int_0^{\\mathcal{T}} p\\,dt$').get('\\mathcal{T}')).toEqual(new Set(['period of the orbit']));
    expect(clashes(meanings(ball, '$|\\mu|\\ \\text{(4.1)} = 1$, $\\mathrm{d}\\mu_j \\ge 0$'))).toEqual(['\\mu: contact measure / Floquet multiplier']);
    expect(clashes(meanings(ball, '$\\nu\\ \\text{(2.9)} = r^{k}$, $\\Delta\\nu_{1} = 0$'))).toEqual([
      '\\nu: tangential contact measure / decrement per revolution',
    ]);
    expect([headOf('\\mathit{thR}_{1}'), headOf('\\mathit{lam}')]).toEqual(['\\mathit{thR}', '\\mathit{lam}']);
    const prism = buildModel(models.find((m) => m.spec.name === 'prism-in-guides')!.spec);
    expect(clashes(meanings(prism, '$a_{1}^{+} = \\begin{pmatrix} 1 \\end{pmatrix}$, $b = \\begin{pmatrix} -P_{y} \\end{pmatrix}$'))).toEqual([
      'a: parameter / column of the support system',
      'b: parameter / right side of the support system',
    ]);
    expect(clashes(meanings(prism, '$\\tilde{a}_{1}^{+} = \\begin{pmatrix} 1 \\end{pmatrix}$, $\\tilde{b} = \\begin{pmatrix} -P_{y} \\end{pmatrix}$'))).toEqual(
      [],
    );
    const diskSpec = models.find((m) => m.spec.name === 'viscoelastic-disk')!.spec;
    const disk = buildModel(diskSpec);
    const withTau = buildModel({ ...diskSpec, parameters: { ...diskSpec.parameters, tau: 1 } });
    expect(clashes(meanings(withTau, 'the time $t = b \\tau$'))).toEqual(['\\tau: parameter / time of the universal problem']);
    expect(clashes(meanings(disk, '$M(q,t)\\,\\ddot{q} = f$'))).toEqual(['M: patch resultant / mass matrix']);
    expect(clashes(meanings(ball, '$M(q,t)\\,\\ddot{q} &= f(q,\\dot{q},t)$, where its gap $f_{\\mathrm{line}} \\le 0$'))).toEqual([
      'f: forcing / gap of a contact',
    ]);
    expect(clashes(meanings(ball, '$M(q,t)\\,\\ddot{q} &= h(q,\\dot{q},t)$, where its gap $f_{\\mathrm{line}} \\le 0$'))).toEqual([]);
    expect(clashes(meanings(disk, "$H(q,p,t) = p^{\\top}\\dot{q} - L$, $H(h'_-) = -h'$"))).toEqual(['H: Hamiltonian / universal restitution law']);
    expect(clashes(meanings(disk, "$\\mathcal{H}(q,p,t) = p^{\\top}\\dot{q} - L$, $H(h'_-) = -h'$"))).toEqual([]);
  });

  it.each(models.map((m) => [m.spec.name] as const))('%s: no letter has two meanings', (name) => {
    const file = models.find((m) => m.spec.name === name)!;
    const tex = renderLatexBody(report(file).doc).replace(/ &(?=\S)/g, ' ');
    expect(clashes(meanings(buildModel(file.spec), tex))).toEqual([]);
  });
});
