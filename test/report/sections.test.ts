// What each report says, in the order of the papers, and only where it
// applies: checked on the systems whose equations are known by hand.
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { buildOutputs } from '../../src/pipeline/outputs.js';
import { numbering, type Table } from '../../src/report/document.js';
import { katexInputs } from '../../src/report/render-html.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { models, report } from './reports.js';
import { nLinkPendulum } from '../../derivations/n-link-pendulum.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import { lagrange2Section, modelSection } from '../../src/report/sections.js';
import { contactPhasesSection, impactMapsSection, unilateralConventions } from '../../src/report/unilateral.js';
import rimlessWheel from '../../derivations/rimless-wheel.js';
import parabolicBilliard from '../../derivations/parabolic-billiard.js';
import { derived } from '../helpers/examples.js';

const byName = (name: string) => {
  const file = models.find((m) => m.spec.name === name);
  if (!file) throw new Error(`no model ${name}`);
  return report(file);
};
/** Subsection ids: the parts of the derivation and the studies (paper-shape.test.ts checks the paper's sections around them). */
const ids = (name: string): string[] =>
  byName(name)
    .doc.sections.filter((s) => s.level === 2)
    .map((s) => s.id);
/** The LaTeX body with alignment points removed, so a formula reads the same in align and equation. */
const body = (name: string): string => renderLatexBody(byName(name).doc).replace(/ &(?=\S)/g, ' ');

const ORDER = [
  'model',
  'kinematics',
  'energy',
  'forces',
  'constraints',
  'lagrange2',
  'lagrange1',
  'hamilton',
  'contact-phases',
  'impact-maps',
  'friction',
  'compliant',
  'patch',
  'general-model',
  'general-energy',
  'general-constraints',
  'general-lagrange2',
  'general-contact-phases',
  'general-impact-maps',
  'rigid-limit',
  'realizations',
  'impact-outcomes',
  'linearization',
  'steady-motion',
  'periodic-orbit',
  'universal-impact',
  'incline-runs',
  'confocal',
  'paper-results',
  'own-results',
  'paper-check',
  'averaged-speed',
  'paper-claims',
  'paper-not-derived',
  'rolling-speeds',
  'simulation',
  'basin',
  'measure-form',
  'conventions',
];

/** The appendix in order: the general equations, the forms a model needs no more of (paper.ts secondary), the notation. */
const APPENDIX = ['measure-form', 'lagrange1', 'hamilton', 'linearization', 'conventions'];

describe('section order', () => {
  it.each(models.map((m) => [m.spec.name] as const))('%s: sections follow the papers’ order', (name) => {
    const all = ids(name);
    const appendix = byName(name)
      .doc.sections.filter((x) => x.level === 2 && x.appendix)
      .map((x) => x.id);
    const s = all.filter((id) => !appendix.includes(id));
    expect(s).toEqual([...s].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    expect(appendix).toEqual([...appendix].sort((a, b) => APPENDIX.indexOf(a) - APPENDIX.indexOf(b)));
    expect(appendix).toContain('hamilton');
    // A model described by its geometry has its kinematics between the two.
    const geometry = models.find((m) => m.spec.name === name)!.spec.geometry !== undefined;
    expect(s.slice(0, geometry ? 3 : 2)).toEqual(geometry ? ['model', 'kinematics', 'energy'] : ['model', 'energy']);
    expect(s).toContain('lagrange2');
    expect(appendix).toContain('conventions');
  });
});

describe('the parameters table', () => {
  const table = (parameters: ModelSpec['parameters']) =>
    modelSection({ system: derived({ name: 'hinged-body', coordinates: ['phi'], parameters, kinetic: "(I - m*l^2)*phi'^2/2" }) }).blocks.find(
      (b) => b.kind === 'table' && b.id === 'parameters',
    ) as Table;
  const cells = (t: Table): unknown[][] => t.rows.map((r) => r.map((cell) => cell.map((x) => (typeof x === 'string' ? x : (x as { math: string }).math))));

  it('adds a Range column where one is declared, stating one end as an inequality (I > m l²) and two as an interval', () => {
    const t = table({ m: 1, l: 0.5, I: { default: 0.3, range: ['m*l^2', null], open: 'lower' }, f: { default: 0.3, range: [0, 2] } });
    expect([t.columns, t.align]).toEqual([['Symbol', 'Description', 'Unit', 'Default', 'Range'], 'lplrl']);
    expect(cells(t).map((r) => r[4])).toEqual([[], [], ['I > m l^{2}'], ['f \\in [0, 2]']]);
  });

  it('has no Range column where no parameter declares a range', () => {
    expect(table({ m: 1, l: 0.5, I: 0.3 }).columns).toEqual(['Symbol', 'Description', 'Unit', 'Default']);
  });
});

describe('double pendulum', () => {
  it('has only the parts that apply: no forces, constraints, multipliers or contacts', () => {
    expect(ids('double-pendulum')).toEqual(['model', 'energy', 'lagrange2', 'linearization', 'simulation', 'measure-form', 'hamilton', 'conventions']);
  });

  it('prints T as a quadratic form in the velocities, M as a pmatrix and f with its factors pulled out', () => {
    const tex = body('double-pendulum');
    expect(tex).toContain(
      'T = \\frac{1}{2} l_{1}^{2} (m_{1} + m_{2}) \\dot{q}_{1}^{2} + m_{2} l_{1} l_{2} \\dot{q}_{1} \\dot{q}_{2} \\cos(q_{1} - q_{2}) + \\frac{1}{2} m_{2} l_{2}^{2} \\dot{q}_{2}^{2}',
    );
    expect(tex).toContain(
      'M = \\begin{pmatrix} l_{1}^{2} (m_{1} + m_{2}) & m_{2} l_{1} l_{2} \\cos(q_{1} - q_{2}) \\\\ m_{2} l_{1} l_{2} \\cos(q_{1} - q_{2}) & m_{2} l_{2}^{2} \\end{pmatrix}',
    );
    expect(tex).toContain('f_{1} = -l_{1} (g (m_{1} + m_{2}) \\sin q_{1} + m_{2} l_{2} \\dot{q}_{2}^{2} \\sin(q_{1} - q_{2}))');
  });

  it('gives the measure form and its reduction M q̈ = f, and the explicit canonical equations', () => {
    const tex = body('double-pendulum');
    expect(tex).toContain(
      '\\mathrm{d}\\biggl(\\frac{\\partial L}{\\partial \\dot{q}_i}\\biggr) - \\frac{\\partial L}{\\partial q_i}\\,\\mathrm{d}t = Q_i\\,\\mathrm{d}t',
    );
    expect(tex).toContain('M(q,t)\\,\\ddot{q} = f(q,\\dot{q},t)');
    expect(tex).toMatch(
      /\\dot\{q\}_\{1\} = \\frac\{l_\{2\} p_\{q_\{1\}\} - l_\{1\} p_\{q_\{2\}\} \\cos\(q_\{1\} - q_\{2\}\)\}\{l_\{1\}\^\{2\} l_\{2\} \(m_\{1\} \+ m_\{2\} \\sin\^\{2\}\(q_\{1\} - q_\{2\}\)\)\}/,
    );
  });

  it('numbers the equations of the HTML and the LaTeX report alike', () => {
    const { doc } = byName('double-pendulum');
    const labels = (body('double-pendulum').match(/\\label\{eq:/g) ?? []).length;
    const tags = katexInputs(doc).flatMap((x) => [...x.tex.matchAll(/\\tag\{(\d+)\}/g)].map((t) => Number(t[1])));
    expect(labels).toBe(numbering(doc, false).equations.size);
    // A display too wide for a phone comes twice, page-wide and broken for it (layout.ts), with the same numbers.
    expect([...new Set(tags)].sort((a, b) => a - b)).toEqual(Array.from({ length: labels }, (_, k) => k + 1));
  });
});

describe('pendulum on a cart', () => {
  it('lists the applied force on the cart and says the other one vanishes', () => {
    expect(ids('pendulum-on-cart')).toContain('forces');
    const tex = body('pendulum-on-cart');
    expect(tex).toContain('Q_{x} = F \\cos(w t)');
    expect(tex).toContain('Q_{\\theta} = 0');
  });
});

describe('knife edge', () => {
  it('gives the non-holonomic constraint, its velocity form and Lagrange’s equations of the first kind', () => {
    expect(ids('knife-edge')).toEqual(expect.arrayContaining(['constraints', 'lagrange1']));
    const tex = body('knife-edge');
    expect(tex).toContain('\\dot{x} \\sin\\theta - \\dot{y} \\cos\\theta = 0');
    expect(tex).toContain('\\sum_{k} M_{ik}\\,\\ddot{q}_k = f_i - \\frac{\\partial \\varphi_1}{\\partial q_i}\\,\\lambda_1');
    expect(tex).toContain('A = \\begin{pmatrix} \\sin\\theta & -\\cos\\theta & 0 \\end{pmatrix}');
  });
});

describe('n-link pendulum', () => {
  it('lists the entries of a mass matrix too wide for the page, and keeps M⁻¹ symbolic in Hamilton’s equations', () => {
    const tex = body('n-link-pendulum');
    expect(tex).toContain('M_{14} = m_{4} l_{1} l_{4} \\cos(q_{1} - q_{4})');
    expect(tex).toContain('\\dot{q} = M^{-1}p');
  });

  it('labels mass entries M_{12} up to 9 coordinates (the 3- and 9-link chains) and M_{10,11} beyond (the 12-link chain; M_{1011} would also read as entry (101, 1))', () => {
    const labels = (n: number): Map<string, string> => {
      const section = lagrange2Section({ system: deriveSystem(buildModel(nLinkPendulum(n))) });
      return new Map(
        section.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : [])).flatMap((r) => (r.label ? [[r.label, r.lines[0]!.before] as const] : [])),
      );
    };
    expect([...labels(3)].filter(([l]) => l.startsWith('mass'))).toEqual([
      ['mass-1-1', 'M_{11}'],
      ['mass-1-2', 'M_{12}'],
      ['mass-1-3', 'M_{13}'],
      ['mass-2-2', 'M_{22}'],
      ['mass-2-3', 'M_{23}'],
      ['mass-3-3', 'M_{33}'],
    ]);
    expect(labels(9).get('mass-8-9')).toBe('M_{89}');
    const twelve = labels(12);
    expect(twelve.get('mass-10-11')).toBe('M_{10,11}');
    expect(twelve.get('mass-1-2')).toBe('M_{1,2}');
    expect(twelve.get('mass-1-12')).toBe('M_{1,12}');
    // Single subscripts need no comma.
    expect(twelve.get('forcing-11')).toBe('f_{11}');
    // Every entry's subscript is its own: 78 labels, 78 different left-hand sides.
    const mass = [...twelve].filter(([l]) => l.startsWith('mass-'));
    expect(mass).toHaveLength(78);
    expect(new Set(mass.map(([, lhs]) => lhs)).size).toBe(78);
  });
});

describe.runIf(models.some((m) => m.spec.name === 'compass'))('rigid compass (Rubanovich–Formalsky §1)', () => {
  it('has the contact phases and the impact map', () => {
    expect(ids('compass')).toEqual(expect.arrayContaining(['constraints', 'contact-phases', 'impact-maps']));
  });

  it('keeps the author’s f ≥ 0 and adds the contact reactions to the measure form', () => {
    const tex = body('compass');
    expect(tex).toMatch(/f_\{1\} = .* \\ge 0/);
    expect(tex).toContain(
      'Q_i\\,\\mathrm{d}t + \\sum_{j=1}^{2} \\frac{\\partial f_{j}}{\\partial q_{i}}\\,\\mathrm{d}\\mu_{j} + \\sum_{j=1}^{2} \\frac{\\partial \\xi_{j}}{\\partial q_{i}}\\,\\mathrm{d}\\nu_{j}',
    );
  });

  it('prints ψ̇⁺ = ψ̇⁻(1 − 3 sin²α)/(1 + 3 sin²α) when B lifts off, and ψ̇⁺ = 0 when B stays', () => {
    const tex = body('compass');
    expect(tex).toContain('\\dot{\\psi}^{+} = \\frac{\\dot{\\psi}^{-} (1 - 3 \\sin^{2}\\alpha)}{1 + 3 \\sin^{2}\\alpha}');
    expect(tex).toContain('\\dot{\\psi}^{+} = 0');
  });

  it('gives Rubanovich–Formalsky’s impulses (1.12), (1.13), (1.15)', () => {
    const tex = body('compass');
    expect(tex).toContain('-\\frac{4 m l \\dot{\\psi}^{-} \\sin\\alpha}{1 + 3 \\sin^{2}\\alpha}');
    expect(tex).toContain('-\\frac{m l \\dot{\\psi}^{-} (1 + 3 \\sin^{2}\\alpha)}{3 \\sin\\alpha}');
    expect(tex).toContain('\\frac{m l \\dot{\\psi}^{-} (1 - 3 \\sin^{2}\\alpha)}{3 \\sin\\alpha}');
  });

  it('reduces the mode conditions for ψ̇⁻ < 0 to the sign of 1 − 3 sin²α (the α₀ = arcsin(1/√3) statement)', () => {
    const tex = body('compass');
    // sin α > 0 on the declared range α ∈ (0, π/2) is dropped, as in (1.17).
    expect(tex).toContain('$\\dot{\\psi}^{-} < 0$ this reads $1 - 3 \\sin^{2}\\alpha \\ge 0$');
    expect(tex).toContain('$\\dot{\\psi}^{-} < 0$ this reads $1 - 3 \\sin^{2}\\alpha \\le 0$');
    // ψ̇⁻ > 0 has no impact (D does not approach): said once, not as each mode being never admissible.
    expect(tex).toContain('approaches only for $\\dot{\\psi}^{-} < 0$');
    expect(tex).not.toContain('For $\\dot{\\psi}^{-} > 0$ the mode is never admissible');
    expect(tex).toContain("\\alpha_0 = \\arcsin\\left(\\frac{1}{\\sqrt{3}}\\right) \\approx 0.615480 \\approx 35^\\circ 16'");
    expect(tex).toContain('For $\\alpha < \\alpha_0$ only mode 1 (foot B leaves) is admissible, for $\\alpha > \\alpha_0$ only mode 2 (foot B stays)');
  });

  it('states what the mode verdicts assume of the parameters, and that α₀ is exact', () => {
    const tex = body('compass');
    expect(tex).toContain(
      'Signs are decided for $\\alpha \\in (0, \\frac{1}{2} \\pi)$ (its declared range) and $m, l, g > 0$ (no range declared; taken positive as their defaults are).',
    );
    expect(tex).toContain('The closed form is exact: $1 - 3 \\sin^{2}\\alpha = 0$ there, shown symbolically.');
  });

  it('says which restitution convention is used, of the laws the model has: plastic here, W only for a w-law contact', () => {
    const conventions = (spec: ModelSpec): string =>
      (unilateralConventions(derived(spec), spec.sources ?? []) ?? [])
        .map((item) => item.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join(''))
        .join('\n');
    const compass = conventions(byName('compass').file.spec);
    expect(compass).toContain('A sticking impact is plastic and leaves the contact point at rest, $\\dot{f}^{+} = 0$ and $\\dot{\\xi}^{+} = 0$.');
    expect(compass).not.toContain('W^{2}');
    expect(compass).not.toContain('Newton');
    // f ≥ 0 is attributed to Kozlov only where the model cites kozlov1988 (a mention alone would list it in the References).
    expect(compass).toContain('$f_j(q,t) \\ge 0$ or $g_j(q,t) \\le 0$ (Kugushev–Sorokina)');
    expect(conventions(byName('circle-billiard').file.spec)).toContain('$f_j(q,t) \\ge 0$ (Kozlov) or');
    const ball = byName('bouncing-ball').file.spec;
    expect(conventions(ball)).toContain('Restitution is Newton’s coefficient $e$');
    expect(conventions(ball)).not.toContain('W^{2}');
    const wBall: ModelSpec = {
      ...ball,
      parameters: { ...ball.parameters, W: { default: 0.8 } },
      unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { wLaw: 'W' } }],
    };
    expect(conventions(wBall)).toContain('$e = W^{2}$ for one contact');
    expect(conventions(wBall)).not.toContain('Restitution is Newton');
  });
});

describe('unilateral particle systems and the general single impact', () => {
  it('prints Lagrange’s first kind in measure form for Kozlov’s point, its one contact without a sum', () => {
    expect(body('kozlov-release')).toContain(
      '\\sum_{k} M_{ik}\\,\\mathrm{d}\\dot{q}_k = h_i\\,\\mathrm{d}t + \\frac{\\partial f_1}{\\partial q_i}\\,\\mathrm{d}\\mu_1',
    );
  });
  it('writes no sum over one term: the bouncing ball’s one coordinate and one contact, the knife edge’s p-equations without 0 −', () => {
    const ball = body('bouncing-ball');
    expect(ball).toContain('M_{11}\\,\\mathrm{d}\\dot{q}_1 = h_1\\,\\mathrm{d}t + \\frac{\\partial f_1}{\\partial q_1}\\,\\mathrm{d}\\mu_1');
    expect(ball).toContain('M(\\dot{q}^{+} - \\dot{q}^{-}) = \\Bigl(\\frac{\\partial f_1}{\\partial q}\\Bigr)^{\\top} \\Delta\\mu_1');
    expect(ball).not.toMatch(/\\sum_\{[jk]\}/);
    const knife = body('knife-edge');
    expect(knife).toContain('\\dot{p}_{y} = -(A^{\\top}\\lambda)_{y}');
    expect(knife).not.toContain('= 0 - ');
  });
  it('prints Kugushev–Sorokina (1.4) for the pendulum at a wall in the gap f_1 = −g_1 ≥ 0: the author’s g is gravity here', () => {
    const tex = body('pendulum-wall');
    expect(tex).toContain('\\Delta\\mu_{1} = -(1 + e)\\,\\frac{\\frac{\\partial f_{1}}{\\partial q}\\,\\dot{q}^{-}}');
    expect(tex).toContain('\\dot{q}^{+} = \\dot{q}^{-} + \\Delta\\mu_{1}\\, B^{-1}');
    expect(tex).toContain('f_{1} = d - l_{1} \\sin q_{1} - l_{2} \\sin q_{2} \\ge 0');
  });
});

describe('notation: one symbol, one meaning per report', () => {
  it('writes the pendulum on a cart’s mass matrix G, since M is the cart’s mass, and says so', () => {
    const tex = body('pendulum-on-cart');
    expect(tex).toContain('G(q,t)\\,\\ddot{q} = f(q,\\dot{q},t)');
    expect(tex).toContain('G = \\begin{pmatrix} M + m & m l \\cos\\theta \\\\ m l \\cos\\theta & m l^{2} \\end{pmatrix}');
    expect(tex).toContain('The mass matrix is written $G$, not $M$');
    expect(tex).not.toContain('M(q,t)');
  });

  it('hinged compass: the row biases are κ, β being the half-angle; its contact phase and impact name their different sums Z and Y, D its foot', () => {
    const tex = body('hinged-compass');
    expect(tex).toContain('\\kappa_{1} = l \\dot{a}_{1}^{2} \\cos a_{1}');
    expect(tex).toContain('(\\partial f_j/\\partial q)\\,\\ddot{q} + \\kappa_j = 0');
    expect(tex).not.toMatch(/\\beta_\{?[j12]/);
    // D is the paper's foot (the model's prose names it): the sums take the next letters.
    expect(tex).toContain('where $Z = 2 \\dot{a}_{2}^{2} - 3 \\dot{a}_{1}^{2} \\cos(a_{1} - a_{2})$');
    expect(tex).toContain('where $Y = 2 \\dot{a}_{1}^{-} - 9 \\dot{a}_{2}^{-} \\cos 2 \\beta$');
    expect(tex).not.toContain('where $D =');
    // The same sum keeps its letter: the pendulum at a wall's phase and impact both divide by D.
    expect(body('pendulum-wall').match(/where \$D = m_\{1\} \\cos\^\{2\} q_\{2\}/g)).toHaveLength(2);
  });

  it('rimless wheel: with its phases not enumerated, no bias is printed, only the rule β_j = f̈_j − (∂f_j/∂q) q̈', () => {
    const section = contactPhasesSection(derived(rimlessWheel))!;
    expect(section.blocks.map((b) => b.kind)).toEqual(['paragraph']);
    const [only] = section.blocks;
    expect(only?.kind === 'paragraph' && only.content).toContainEqual({ math: '\\beta_j = \\ddot{f}_j - (\\partial f_j/\\partial q)\\,\\ddot{q}' });
  });

  it.each(models.map((m) => [m.spec.name] as const))(
    '%s: the forcing is not written f where f names the gaps, and the momentum’s velocity-free part is p₀, not b',
    (name) => {
      const tex = body(name);
      if (/\\item \$f_\{1\}\$ ---/.test(tex)) expect(tex).not.toMatch(/ f\(q,\\dot\{q\},t\)|= f_i\b/);
      expect(tex).toContain('\\dot{q} + p_0(q,t)');
      // A name followed by its own description in parentheses: "floor (the floor)".
      expect(tex).not.toMatch(/\b([A-Za-z]{3,}) \((the )?\1\b/);
    },
  );

  it('prints H as T + V in the momenta, term by term: the pendulum on a cart from the inverse of its G, the compass with I_C', () => {
    // G⁻¹ = (1/(m l²(M + m sin²θ))) [[m l², −m l cos θ], [−m l cos θ, M + m]].
    expect(body('pendulum-on-cart')).toContain(
      'H = \\frac{p_{x}^{2}}{2 (M + m \\sin^{2}\\theta)} - \\frac{p_{\\theta} p_{x} \\cos\\theta}{l (M + m \\sin^{2}\\theta)} + \\frac{(M + m) p_{\\theta}^{2}}{2 m l^{2} (M + m \\sin^{2}\\theta)} - m g l \\cos\\theta',
    );
    // p_ψ = ½ m l² (sin²α + ⅓) ψ̇ and two legs of mass m: T = (p_x² + p_y²)/(4m) + 3 p_ψ²/(m l² (1 + 3 sin²α)).
    expect(body('compass')).toContain(
      'H = \\frac{p_{x_{c}}^{2}}{4 m} + \\frac{p_{y_{c}}^{2}}{4 m} + \\frac{3 p_{\\psi}^{2}}{m l^{2} (1 + 3 \\sin^{2}\\alpha)} + 2 m g y_{c}',
    );
  });

  it('prints the compass’s factor one way, (1 − 3 sin²α), as Rubanovich–Formalsky (1.13), (1.16) do', () => {
    const tex = body('compass');
    expect(tex).not.toContain('\\cos^{2}\\alpha');
    expect(tex).not.toContain('3 \\sin^{2}\\alpha - 1');
    // ẋc⁺ of B leaving: (l/2) ψ̇⁻ (2 − 3 cos²α) cos α/(1 + 3 sin²α), with 2 − 3 cos²α = −(1 − 3 sin²α).
    expect(tex).toContain('\\dot{x}_{c}^{+} = -\\frac{l \\dot{\\psi}^{-} (1 - 3 \\sin^{2}\\alpha) \\cos\\alpha}{2 (1 + 3 \\sin^{2}\\alpha)}');
  });

  it('writes cos² as 1 − sin² only where that shortens: Painlevé’s 1 + 3 cos²θ stays, the paper’s own formulas print as written', () => {
    // The sliding tip's σ̇₁ = m(g − lθ̇² sin θ)/D₁, D₁ = 1 + 3(cos θ + μ sgn ṡ sin θ) cos θ: 1 + 3cos²θ at μ = 0.
    expect(body('falling-rod')).toContain('\\dot{\\sigma}_{1} = \\frac{m (g - l \\dot{\\theta}^{2} \\sin\\theta)}{D_{1}}');
    expect(body('falling-rod')).toContain('D_{1} = 1 + 3 (\\cos\\theta + \\mu \\operatorname{sgn}\\dot{s}_{A} \\sin\\theta) \\cos\\theta');
    // R–F (3.4)'s g₁₃ = (m/2)(3 cos²α − 1)/(3 cos²α) in the table as the paper prints it.
    const hinged = report(models.find((m) => m.spec.name === 'hinged-compass')!);
    expect([...hinged.files.values()].find((f) => f.includes('\\begin{document}')) ?? '').toContain('$\\frac{m (3 \\cos^{2}\\beta - 1)}{6 \\cos^{2}\\beta}$');
  });

  it('gives a sum whose terms all print negative its sign outside: the double pendulum’s −l₂ p₁ (m₁ + m₂(1 + cos²Δ))', () => {
    // 2 − sin²Δ is written 1 + cos²Δ, the smaller number (in-cosines.ts).
    expect(body('double-pendulum')).toContain('- l_{2} p_{q_{1}} (m_{1} + m_{2} (1 + \\cos^{2}(q_{1} - q_{2})))');
  });

  it('writes the prism’s H out, its G diagonal, refers its forcing to Q and states its uniform run: no columns of zeros, no parabola', () => {
    const tex = body('prism-in-guides');
    expect(tex).toContain(
      'H = \\frac{p_{x}^{2}}{2 m} + \\frac{p_{y}^{2}}{2 m} + \\frac{p_{z}^{2}}{2 m} + \\frac{p_{\\varphi}^{2}}{2 J_{x}} + \\frac{p_{\\theta}^{2}}{2 J_{y}} + \\frac{p_{\\psi}^{2}}{2 J_{z}}',
    );
    expect(tex).toContain('where $L_0 = L|_{\\dot{q} = 0} = 0$ and $\\partial L/\\partial q = 0$');
    expect(tex).not.toContain('hamilton-dLdq');
    expect(tex).not.toContain('inverse mass matrix is not written out');
    expect(tex).toContain('and $\\tilde{f} = Q$, the generalized forces of Section');
    expect(tex).not.toContain('forcing-1');
    // m ẍ = P_x − Φ sgn ẋ: (5 − 3.991)/2 = 0.5047 over t ∈ [0, 1] from ẋ = 0.5.
    expect(tex).toContain(
      '$\\ddot{x} = 0.5047\\ \\mathrm{m}/\\mathrm{s}^{2}$, $\\dot{x}$ from $0.5\\ \\mathrm{m}/\\mathrm{s}$ to $1.005\\ \\mathrm{m}/\\mathrm{s}$',
    );
    expect(tex).not.toContain('plot-coordinates');
  });

  it('gives the prism in guides other letters where its parameters (M_x, h, b_3, c_1) take the usual ones: G, not a sans-serif M', () => {
    const tex = body('prism-in-guides');
    expect(tex).toContain('G(q,t)\\,\\ddot{q} = \\tilde{f}(q,\\dot{q},t)');
    expect(tex).not.toContain('\\mathsf{M}');
    expect(tex).toContain('A(q,t)\\,\\dot{q} + d(q,t) = 0');
    // M, f and b name parameters (M_x, f_ps, b_s), φ the roll coordinate: each said for what it is.
    expect(tex).toContain('those letters name other quantities (a parameter, a coordinate).');
    // The sketch's caption says what it shows: the view from above, not "the model at its initial configuration".
    expect(tex).toContain('\\caption{The prism seen from above ($x$ to the right, along the guides; $y$ up)');
    expect(tex).not.toContain('\\caption{The model at its initial configuration');
  });

  it('sets the hinged compass’s first strike beside (3.14) as the paper types it, at foot 1’s ẋ₁, ẏ₁ and the strike’s β (studies/rest-time.ts)', () => {
    const tex = body('hinged-compass');
    // ½ż₁ᵀ(G₁₁ − G₁₂G₂₂⁻¹G₂₁)ż₁ at β = 0.1441 (test/studies/rest-time.test.ts evaluates it from G typed from (3.4)): 0.22036 J.
    expect(tex).toMatch(
      /the arriving contact first strikes at \$t = 0\.2137\$ and takes \$T\^\{-\} - T\^\{\+\} = 0\.22036\d*\$ J; \(3\.14\) at \$\\dot\{x\}_\{1\} = -0\.01045,\\ \\dot\{y\}_\{1\} = -0\.4927,\\ \\beta = 0\.1441\$ there gives \$0\.22036\d*\$ J/,
    );
  });

  it('says which mode the hinged compass’s impact takes by the direction of (ȧ₂⁻, ȧ₁⁻), and where none is admissible (studies/mode-directions.ts)', () => {
    const tex = body('hinged-compass');
    expect(tex).toContain('the direction $\\theta$ of $(\\dot{a}_{2}^{-}, \\dot{a}_{1}^{-}) = |v|(\\cos \\theta, \\sin \\theta)$');
    expect(tex).toContain('Contact foot 1 approaches for $2.356 < \\theta < 5.498$');
    expect(tex).toContain('mode 2 (foot 2 stays) for $4.465 < \\theta < 4.626$');
    expect(tex).toContain('On 31.5 \\% of these directions no mode is admissible');
    expect(tex).toContain('no mode, but foot 2 sliding on a smooth line for $4.347 < \\theta < 4.465$');
    expect(tex).toContain("no mode, foot 1's impulse negative in every mode for $4.737 < \\theta < 5.498$");
    // The smooth slip in closed form under the paragraph: foot 1's impulse, foot 2's velocity after (studies/mode-directions.ts).
    expect(tex).toContain('In the smooth slip the normal impulse of foot 1 and the normal velocity after of foot 2 are');
    expect(tex).toContain('\\label{eq:hinged-compass:impact-1-slip-foot2.n}');
    // Why 4.672 < θ < 4.737 has no mode: the conditions each mode fails, by their equations.
    expect(tex).toContain(
      'For $4.672 < \\theta < 4.737$ mode 1 fails \\eqref{eq:hinged-compass:impact-1-mode-1-condition-2} and mode 2 fails \\eqref{eq:hinged-compass:impact-1-mode-2-condition-1}.',
    );
  });

  it('names a contact by its description when that names it, and prints its activation condition', () => {
    expect(body('bouncing-ball')).toContain('$f_{1}$ --- the floor: Newton impact');
    expect(body('compass-walker')).toContain('the constraint is declared only where $a_{1} - a_{2} > 0$, and an arrival there is an impact');
  });
});

describe('determinism', () => {
  // The run's shared build (test/helpers/built-models.ts) is the first, often made in another worker; buildOutputs, what `derive` writes, the second.
  // Every model's shared build is already compared with docs/reports/ and generated/ as `npm run derive` wrote them in
  // another process (committed.test.ts, generated.test.ts); building again in this process adds what state a first
  // build leaves behind, shown on models that between them have impact modes, friction, compliance and a spatial body.
  const AGAIN = new Set(['compass', 'falling-rod', 'viscoelastic-disk', 'tumbling-box']);
  it.each(models.filter((m) => AGAIN.has(m.spec.name)).map((m) => [m.spec.name, m] as const))(
    '%s: deriving and building twice gives identical files',
    (_, m) => {
      const again = buildOutputs(compileModel(m, loadGenerated)).files;
      const first = report(m);
      expect(again).toEqual(new Map([...first.code, ...first.files]));
    },
  );
});

describe('an impact with one outcome', () => {
  it('the parabolic billiard’s wall: its map follows "After the impact:", not "Mode 1:" with no mode 2', () => {
    const system = derived(parabolicBilliard);
    expect(system.unilateral!.impactMaps.map((im) => im.modes.length)).toEqual([1]);
    const words = impactMapsSection(system)!.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.content.filter((x) => typeof x === 'string') : []));
    expect(words).toContain('After the impact:');
    expect(words.some((w) => w.startsWith('Mode '))).toBe(false);
  });
});
