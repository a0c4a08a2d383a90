// The friction section (src/report/friction.ts): present exactly for models
// with Coulomb contacts or non-ideal supports, and printing the derived
// results: the rod's Painlevé coefficient and threshold, the point's
// friction bounds, the prisms' variant counts.
import { describe, expect, it } from 'vitest';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { models, report } from './reports.js';

const doc = (name: string) => report(models.find((m) => m.spec.name === name)!).doc;
const section = (name: string) => doc(name).sections.find((s) => s.id === 'friction');
const tex = (name: string): string => renderLatexBody(doc(name)).replace(/ &(?=\S)/g, ' ');

describe('friction section', () => {
  it('appears for the frictional examples and no other', () => {
    const frictional = models
      .filter((m) => section(m.spec.name))
      .map((m) => m.spec.name)
      .sort();
    expect(frictional).toEqual([
      'ball-on-plate',
      'belt-oscillator',
      'block-on-incline',
      'falling-rod',
      'point-between-planes',
      'point-between-planes-switching',
      'prism-in-guides',
      'prism-in-guides-planar',
      'prism-in-guides-planar-fixed',
      'prism-in-guides-planar-sweep',
      'rough-disk',
      'rough-hinge-pendulum',
      'tumbling-box',
    ]);
  });
  it("the rod prints its sliding coefficient, Painlevé's (1 + 3cos²θ + 3μ sgn ṡ sin θ cos θ)/m, as D₁/m: one name with the phases' D₁", () => {
    const t = tex('falling-rod');
    const sum = '1 + 3 (\\cos\\theta + \\mu \\operatorname{sgn}\\dot{s}_{A} \\sin\\theta) \\cos\\theta';
    expect(t).toContain(`where $D_{1} = ${sum}$`);
    expect(t).toContain('with the coefficient $\\frac{D_{1}}{m}$ ($D_{1}$ as in the contact phases), positive without friction. Where $D_{1} \\le 0$');
    expect(t).toContain('its sliding coefficient $D_{2}$');
    // No second name for the one quantity: no Δ_A, Δ_B, Z.
    for (const other of ['\\Delta_{A', '\\Delta_{B', 'where $Z', '{Z}']) expect(t).not.toContain(other);
    // The equation it solves named in words (the report has no (1.1)), and both failures said.
    expect(t).toContain("the contact's normal reaction solves one linear equation, its gap's acceleration set to zero, with the coefficient");
    expect(t).not.toContain('system (1.1)');
    expect(t).toContain(
      'that equation has no solution or several solutions: with none the runtime stops with the error $\\texttt{contact-inconsistent}$, with several it records an $\\texttt{indeterminate}$ event.',
    );
    expect(t).toContain('Contact end A has Coulomb friction');
  });
  it('the lying rod: a cone that holds in every state is said once with why, a state-dependent one displayed as a condition', () => {
    const t = tex('falling-rod');
    // Lying flat both ends slip at ẋ: no phase with one end sticking and the other sliding is printed.
    for (const tag of ['stick-slide', 'slide-stick']) expect(t).not.toContain(`eq:falling-rod:phase-0-1-${tag}-x`);
    expect(t).toMatch(/\\ddot\{x\} &?= -g \\mu \\operatorname\{sgn\}\\dot\{s\}_\{A\} \\label\{eq:falling-rod:phase-0-1-slide-slide-x\}/);
    expect(t).toContain('it reads $m g \\mu \\ge 0$, true for every parameter value in its range, so the contacts do not start to slip');
    for (const tag of ['stick-slide', 'slide-stick', 'stick-stick']) expect(t).not.toContain(`eq:falling-rod:phase-0-1-${tag}-cone-1`);
    // Pivoting on one end, the cone depends on θ and θ̇: still two displayed conditions.
    expect(t).toContain('eq:falling-rod:phase-0-stick-cone-2');
  });
  it("a spatial contact (the box's corner) prints its sliding coefficient Δ(u) along u = ṡ/|ṡ| and Painlevé's situation", () => {
    const t = tex('tumbling-box');
    expect(t).toContain(
      '\\Delta_{\\mathrm{Cmmm}}(u) = (\\partial f_{\\mathrm{Cmmm}}/\\partial q) M^{-1} \\Bigl((\\partial f_{\\mathrm{Cmmm}}/\\partial q) - \\mu \\sum_{k=1}^{2} u_k (\\partial s_{\\mathrm{Cmmm},k}/\\partial q)\\Bigr)^{\\top}',
    );
    expect(t).toContain('u = \\dot{s}_{\\mathrm{Cppp}}/|\\dot{s}_{\\mathrm{Cppp}}|');
    expect(t).toContain('\\texttt{contact-inconsistent}');
  });
  it("the rod prints Painlevé's threshold μ_P = 4/3, first reached at tan θ = 2 sliding backwards, once: the other end's is the same", () => {
    // By hand (test/derive/friction/painleve.test.ts): min over θ of (tan²θ + 4)/(3 tan θ) = 4/3 at tan θ = 2.
    const t = tex('falling-rod');
    expect(t).toContain('\\mu_{P} = \\frac{4}{3} \\approx 1.333333\n  \\label{eq:falling-rod:painleve-endA}');
    expect(t).toContain('at $\\tan \\theta = 2$ sliding with $\\dot{s}_{A} < 0$ and at $\\tan \\theta = -2$ sliding with $\\dot{s}_{A} > 0$');
    // The mirrored end B: its own slip gradient (1, 0, −l sin θ) and force, the coefficient and threshold said once.
    expect(t).not.toContain('eq:falling-rod:painleve-endB');
    expect(t).not.toContain('eq:falling-rod:sliding-det-endB');
    expect(t).toContain('Contact end B has the same Coulomb friction as end A');
    expect(t).toContain('\\partial s_{B}/\\partial q = \\begin{pmatrix} 1 & 0 & -l \\sin\\theta \\end{pmatrix}');
    // No zero rows of the friction force: Q^fr_y = 0 is not printed.
    expect(t).not.toContain('Q^{\\mathrm{fr}}_{y}');
    expect(t).toContain('Q^{\\mathrm{fr}}_{\\theta} = l \\mu \\operatorname{sgn}\\dot{s}_{B} \\sin\\theta\\,\\dot{\\sigma}_{2}');
    // Without a threshold (Δ = 1/m at every μ), none is printed.
    expect(tex('rough-disk')).not.toContain('\\mu_{P}');
  });
  it("the point between planes: Φ⁺ = −f₁F_z and Φ⁻ = f₂F_z (Smirnov's |Φ| rule)", () => {
    const t = tex('point-between-planes');
    expect(t).toContain('\\Phi^{(+)} = -F_{z} f_{1}');
    expect(t).toContain('\\Phi^{(-)} = F_{z} f_{2}');
    // The paper's Φ as it stands, sgn F_z choosing the variant, in its order (f₂'s term first, F_z after the bracket):
    // the switched Φ of the derivation only multiplies it out otherwise, so it is printed once, as the paper does.
    expect(t).toContain(
      '\\Phi = \\left(\\frac{1}{2} f_{2} (1 + \\operatorname{sgn} F_{z}) - \\frac{1}{2} f_{1} (1 - \\operatorname{sgn} F_{z})\\right) F_{z} &\\text{(\\S 2)}',
    );
    expect(t).not.toMatch(/\\Phi = \\frac\{1\}\{2\} F_\{z\}/);
    // sgn F_z printed in place of the formula's sgnF, as the paper writes it, not as a typed variable.
    expect(t).toMatch(/\\S\{\}2 & \$\\Phi\$ & \$\\left\(.*\(1 - \\operatorname\{sgn\} F_\{z\}\)\\right\) F_\{z\}\$/);
    expect(t).not.toContain('\\mathit{sgnF} = \\operatorname{sgn} F_{z}');
    expect(t).toMatch(/\\S\{\}2 & \$\\Phi\$ &.* & yes, symbolically/);
  });
  it('the starts from rest as run: the point at F_x = 3 > Φ = f₂F_z = 1 slides to x = ½·2·2², at F_x = Φ/2 stays; the prism likewise', () => {
    const t = tex('point-between-planes');
    expect(t).toContain(
      '$F_{x} = 3$ (the default), beyond $\\Phi = 1$, the rule says it slides, and the run slides: $\\Delta x = 4$, $\\dot{x} = 4$; $F_{x} = 0.5$, within $\\Phi = 1$, the rule says it stays, and the run stays: $\\Delta x = 0$',
    );
    const prism = tex('prism-in-guides');
    expect(prism).toMatch(/\$P_\{x\} = 5\$ \(the default\), beyond \$\\Phi = 3\.991\$, the rule says it slides, and the run slides/);
    expect(prism).toMatch(/within \$\\Phi = 3\.991\$, the rule says it stays, and the run stays: \$\\Delta x = 0\$/);
  });
  it("the second-kind and Hamilton equations carry Smirnov's friction (1.3), no zero reaction terms, the reaction named N as in the first kind", () => {
    const t = tex('point-between-planes');
    expect(t).toContain('m \\ddot{x} = F_{x} - \\Phi \\operatorname{sgn}\\dot{x}');
    // In canonical variables sgn ẋ = sgn(p_x/m) = sgn p_x (m > 0).
    expect(t).toContain('\\dot{p}_{x} = F_{x} - \\Phi \\operatorname{sgn} p_{x}');
    expect(t).not.toContain('\\lambda');
    const planar = tex('prism-in-guides-planar');
    expect(planar).toContain('m \\ddot{x} = P_{x} - \\Phi \\operatorname{sgn}\\dot{x}');
    // The moment row of (2.1): the friction at a point (a, b) of the prism has the moment −b F_x, b = −ε w.
    expect(planar).toContain(
      'J \\ddot{\\theta} = M_{z} + (a_{1} - g_{1} x) N_{1} \\varepsilon_{1} + (a_{2} - g_{2} x) N_{2} \\varepsilon_{2} - w (\\Phi_{1} \\varepsilon_{1} + \\Phi_{2} \\varepsilon_{2}) \\operatorname{sgn}\\dot{x}',
    );
    expect(planar).not.toContain('A^{\\top}\\lambda');
    // Self-locking: every Δᵢⱼ tends to a₂ − a₁ + x(g₁ − g₂) as f → 0 (a pair fixed on the guides at a − x); the least
    // Δᵢⱼ/Δ₀ at the defaults (x = 0) is Δ₂₂ = 0.98 (test/derive/friction/support-equations.test.ts).
    expect(planar).toContain('\\Delta_0 = a_{2} - a_{1} + x (g_{1} - g_{2})');
    expect(planar).toContain('is 0.9800 (variant $(+,+)$): no variant locks.');
  });
  it('the spatial prism: one line of (1.1) per pair in εᵢ and κᵢ^{εᵢ}, its κ the parameters’ letter; the start from rest in the abstract', () => {
    const t = tex('prism-in-guides');
    expect(t).toContain(
      '\\tilde{a}_{1}^{\\varepsilon_{1}} = \\bigl(\\varepsilon_{1},\\ 0,\\ -c_{1} \\varepsilon_{1},\\ -c_{1} \\kappa_{1}^{\\varepsilon_{1}} \\operatorname{sgn}\\dot{x},\\ \\varepsilon_{1} (a_{1} - w \\kappa_{1}^{\\varepsilon_{1}} \\operatorname{sgn}\\dot{x})\\bigr)^{\\top}',
    );
    expect(t).not.toContain('supports-column-1-p');
    // One name per coefficient: the paper's f_{ps} (face p = 1 at y = +w or z = +h), no κ_{p,s} beside it.
    expect(t).toContain('$\\kappa_1^{+} = f_{21},\\ \\kappa_1^{-} = f_{11}$');
    expect(t).not.toContain('\\kappa_{p,');
    expect(t).not.toContain('\\kappa_{m,');
    expect(t).not.toContain('f_{p,');
    const abstract = JSON.stringify(doc('prism-in-guides').abstract);
    expect(abstract).toContain('at the default loads the variant ');
    expect(abstract).toContain('{"math":"(-,-,+,+,+)"}');
    expect(abstract).toContain('{"math":"|P_{x}| = 5 > \\\\Phi = 3.991"}');
    expect(abstract).toContain('from rest the system slides iff ');
  });
  it('the spatial prism: 3⁵ = 243 variants, 2⁵ = 32 full, C(5, n)·2ⁿ on n supports; the planar one: all four full variants in closed form', () => {
    const t = tex('prism-in-guides');
    expect(t).toContain('3^{5} = 243');
    expect(t).toContain('2^{5} = 32');
    expect(t).toContain('\\binom{5}{n}');
    const planar = tex('prism-in-guides-planar');
    // Its four full variants are Smirnov's own Δᵢⱼ, Nᵢⱼ₁, Nᵢⱼ₂, Φᵢⱼ: printed once, with the paper's results, and mapped to his labels here.
    for (const tag of ['(+,+)', '(+,-)', '(-,+)', '(-,-)']) expect(planar).not.toContain(`\\Delta^{${tag}}`);
    expect(planar).toContain('variant $(+,+)$ is $\\Delta_{22}, N_{221}, N_{222}, \\Phi_{22}$');
    expect(planar).toContain('variant $(-,-)$ is $\\Delta_{11}, N_{111}, N_{112}, \\Phi_{11}$');
    // The paper's switched planar Φ (§2), in the report's notation.
    expect(planar).toContain(
      '\\Phi = \\sum_\\varepsilon \\chi(\\varepsilon)\\, \\Phi^{\\varepsilon} = \\frac{1}{4} \\sum_\\varepsilon (1 + \\operatorname{sgn} N_1^{\\varepsilon})(1 + \\operatorname{sgn} N_2^{\\varepsilon}) \\Bigl(\\kappa_1^{\\varepsilon_1} N_1^{\\varepsilon} + \\kappa_2^{\\varepsilon_2} N_2^{\\varepsilon}\\Bigr)',
    );
    // Without the paper's names (the point's rows compare Φ only), the closed forms stay; its constant Δ^ε is not printed:
    // one pair's signed reaction ε₁N₁ = −F_z is the same in both variants, so exactly one has N₁ ≥ 0.
    expect(tex('point-between-planes')).toContain('N_{1}^{(+)}');
    expect(tex('point-between-planes')).not.toContain('\\Delta^{\\varepsilon} = 1');
    expect(tex('point-between-planes')).toContain('(1.1) gives the signed reaction $\\varepsilon_1 N_1 = -F_{z}$ alike in both variants');
    expect(tex('point-between-planes')).not.toContain('Inconsistency: no variant');
    expect(tex('point-between-planes')).not.toContain('\\Delta^{(+)}');
    expect(tex('point-between-planes')).not.toContain('the least $\\Delta^{\\varepsilon}/\\Delta_0$');
  });
});

describe("the falling rod's impact maps: Coulomb's, for each end striking alone", () => {
  it('print a sticking and a sliding mode with the tangential impulse Δν, the laws in well-formed LaTeX, and not the frictionless (1.4)', () => {
    const t = tex('falling-rod');
    for (const [k, end, prose] of [
      [1, 'endA', 'end A'],
      [2, 'endB', 'end B'],
    ] as const) {
      expect(t).toContain(`Impact ${k}, ${prose} strikes alone`);
      expect(t).toContain(`Mode 1 (${prose} sticks)`);
      expect(t).toContain(`Mode 2 (${prose} slides on)`);
      expect(t).toContain(`\\label{eq:falling-rod:impact-${k}-mode-1-${end}.s}`);
      expect(t).toContain(`\\label{eq:falling-rod:impact-${k}-mode-2-${end}.s}`);
      expect(t).not.toContain(`eq:falling-rod:impact-${end}-impulse`);
    }
    // The normal impulse in the report's measure letter, Λ where μ is the friction coefficient; the cone's μ is the one the
    // conditions contain (one coefficient declared), and the law is the toolkit's, Smirnov's (1.3) only for the force.
    expect(t).toContain('it sticks ($\\dot{s}^{+} = 0$, admissible while $|\\Delta\\nu_j| \\le \\mu \\Delta\\Lambda_j$)');
    expect(t).not.toContain('\\mu_s \\Delta');
    expect(t).toContain("This impact law is the toolkit's: Coulomb's law of the friction force (Smirnov (1.3)) applied to the impulses");
    expect(t).toContain('or slides ($\\Delta\\nu_j = -\\mu\\,\\operatorname{sgn}\\dot{s}\\,\\Delta\\Lambda_j$ with');
  });
});

describe('hinge friction in the report', () => {
  it('the rough-hinge pendulum prints (★), the n-gon convergence table (n = 3 … 96) and the self-locking threshold', () => {
    const d = doc('rough-hinge-pendulum');
    const s = d.sections.find((x) => x.id === 'friction')!;
    const table = s.blocks.find((b) => b.kind === 'table');
    expect(table && table.kind === 'table' ? table.rows.map((r) => r[0]![0]) : []).toEqual(['3', '4', '6', '8', '12', '24', '48', '96']);
    // The error's unsteady fall explained by the n-gon's moment over the round journal's, beside its bound 1/cos(π/n).
    expect(table && table.kind === 'table' ? table.columns : []).toEqual(['n', 'acceleration', 'error', '(Nᵢ + Nᵢ₊₁)/|N|', '1/cos(π/n)', 'self-locking f_r']);
    expect(table && table.kind === 'table' ? table.rows.map((r) => r[4]![0]) : []).toEqual(
      [3, 4, 6, 8, 12, 24, 48, 96].map((n) => (1 / Math.cos(Math.PI / n)).toFixed(6)),
    );
    const t = tex('rough-hinge-pendulum');
    expect(t).toContain('The error does not fall at a steady rate as n grows');
    // The moment row by what it is, ∂φ/∂q: no letter w beside (2.6)'s ω = φ̇.
    expect(t).toContain('the moment row $\\partial \\varphi/\\partial q$');
    expect(t).toContain('|N|\\,(\\partial \\varphi/\\partial q)^{\\top}');
    expect(t).not.toContain('moment row w');
    expect(t).toContain('N^{\\perp}');
    expect(t).toMatch(/f_\{r\}\^\{\*\} = 12\.5/);
    // (2.6)'s angular acceleration is ε, not a (no letter in two meanings); one formula, (2.4) as printed, differs.
    expect(t).toContain('In the formulas $\\varepsilon = -14.1711$');
    expect(t).toContain("1 of the paper's formulas differs from the derivation ((2.4)); the other 5 agree, 1 exactly");
    // smirnov1981 §3, the same condition in both examples: (2.6)'s iteration contracts iff f_r < f_r* = I√(1 + f²)/(r m l) = 0.3·√1.09/0.025.
    const star = (0.3 * Math.sqrt(1.09)) / 0.025;
    expect(t).toContain(`It is a contraction, with one solution, iff $f_{r} < ${star.toFixed(6)}$`);
    expect(t).toContain(`$|N'| = f_{r} \\cdot ${(1 / star).toFixed(6)}$`);
    expect(t).toMatch(/at \$f_\{r\} = 0\.99\\,f_\{r\}\^\{\*\}\$, \$\\tau = \|N\(\\tau\)\|\$ has the one solution/);
    expect(t).toMatch(/at \$f_\{r\} = 1\.01\\,f_\{r\}\^\{\*\}\$, \$\\tau = \|N\(\\tau\)\|\$ has two, .*the reaction is no longer determined/);
    // (2.5) printed with <, restated in §3 with ≤: said.
    expect(t).toContain('The paper prints (2.5) with $<$');
    // N^⊥ oriented: N turned by +90° in the bearing's frame, as the friction force f s J₉₀N of src/derive/friction/journal.ts.
    expect(t).toContain('$N^{\\perp} = (-N_2, N_1)$ the reaction turned a quarter turn from the first row of J towards the second');
    // smirnov1981 §2: f and f_r (the paper's f₁) are two coefficients, the second left to the contact patch.
    expect(t).toContain("$f$ the coefficient of sliding friction and $f_{r}$ the reduced one (the paper's $f_1$ in $\\Delta_i$, (2.5) and (2.6))");
    expect(t).toContain('two independent coefficients');
    // smirnov1981 §2: the pendulum's equation switched over the n variants of the n-gon; its applied moment τ, not M (the mass matrix).
    expect(t).toContain("$\\tau$ the moment of the applied forces about it, the paper's $-Pl \\sin\\varphi$");
    expect(t).not.toContain('I\\ddot{\\varphi} = M');
    expect(t).toContain(
      'I\\ddot{\\varphi} = \\tau - \\frac{r}{4}\\, f_{r} \\operatorname{sgn}\\dot{\\varphi} \\sum_{i=1}^{n} (1 + \\operatorname{sgn} N_i)(1 + \\operatorname{sgn} N_{i+1})(N_i + N_{i+1})',
    );
    // Fig. 3's moment in the report's f_r, the paper's f_1 said once.
    expect(t).toContain('the friction moment $f_r r (N_{ij1}^2 + N_{ij2}^2)^{1/2}$ of (2.6)');
    expect(t).not.toContain('$f_1 r (N_{ij1}');
    // For a finite n a Δᵢ vanishes below (2.5): its root f_{r,i} and the ratio to f_r*, numbered, then the bound in words.
    expect(t).toContain('\\label{eq:rough-hinge-pendulum:hinge-journal-polygon-critical}');
    expect(t).toContain('f_{r,i}/f_{r}^{*} = \\frac{\\sqrt{1 + f^{2}} \\cos\\left(\\frac{\\pi}{n}\\right)}');
    expect(t).toContain('changes sign below (2.5)');
    expect(t).not.toContain('for n large enough');
    // One moment of inertia, the paper's I about the hinge: the threshold (2.5) and the kinetic energy (about the centre I − m l²) in it.
    expect(t).toContain('f_{r}^{*} = \\frac{I \\sqrt{1 + f^{2}}}{m l r}');
    expect(t).toContain('\\frac{1}{2} (I - m l^{2}) \\dot{\\varphi}^{2}');
    expect(t).not.toContain('J_{c}');
    // The convergence table drawn: the n-gon's acceleration beside (2.6)'s, its threshold between f_r* cos(π/n) and f_r*.
    const figures = s.blocks.filter((b) => b.kind === 'figure').map((b) => (b.kind === 'figure' ? b : undefined)!);
    expect(figures.map((x) => x.id)).toEqual(['plot-hinge-journal-acceleration', 'plot-hinge-journal-threshold']);
    expect(figures.map((x) => x.legend.map((l) => l.label))).toEqual([
      ['\\ddot{\\varphi}_n\\ \\text{(2.4)}', '\\ddot{\\varphi}\\ \\text{(2.6)}'],
      ['f_{r}\\ \\text{of the n-gon}', 'f_{r}^{*}\\ \\text{(2.5)}', 'f_{r}^{*}\\cos(\\pi/n)'],
    ]);
    expect(t).toContain('\\label{fig:rough-hinge-pendulum:plot-hinge-journal-threshold}');
    // n from 3 to 96 on a log axis, so that n ≤ 12 is not crushed into the first tenth.
    expect(figures.map((x) => x.svg.includes('>log10 n (n sides of the journal)<'))).toEqual([true, true]);
    // Coming to rest (smirnov1981 §2's rest rule): the zone derived, the run's stop in it (test/studies/hinge-rest.test.ts).
    // The bearing's moment at rest is τ_b, not μ (the appendix's contact measure dμ).
    expect(t).toContain('\\tau_{\\mathrm{b}} = m g l \\sin\\varphi');
    expect(t).not.toContain('\\mu = m g l');
    expect(t).toContain('\\varphi_{\\mathrm{rest}} = \\arcsin\\left(\\frac{f_{r} r}{l \\sqrt{1 + f^{2}}}\\right)');
    expect(t).toMatch(/turns back \d+ times outside the zone and stops for good at the next turning point, \$t = 11\.\d{4}\$/);
    // (2.6)'s solution at the initial state: φ̈ and the reaction along the pin rows (test/derive/friction/hinges.test.ts checks (2.6) on them).
    expect(t).toMatch(/\\ddot\{\\varphi\} = -14\.171144\$ with the reaction \$N = \(-?\d+\.\d{6}, -?\d+\.\d{6}\)\$/);
  });
});

describe("Smirnov's start from rest (smirnov1981 §2)", () => {
  it('prints the point’s rest condition |F_x| ≤ Φ(F_z) and that it slides at the defaults', () => {
    const t = tex('point-between-planes');
    // As the paper's two cases: −f₁F_z where the lower plane bears (F_z ≤ 0), f₂F_z where the upper one does.
    expect(t).toContain('|F_{x}| \\le \\begin{cases} -F_{z} f_{1}, & F_{z} \\le 0 \\\\ F_{z} f_{2}, & F_{z} \\ge 0 \\end{cases}');
    // One pair: its realized variant's sum of reactions is the larger by itself, and the slip direction needs no gloss.
    expect(t).not.toContain('largest algebraic sum');
    expect(t).not.toContain('its square is 1');
  });
  it('states the point’s physics where the findings are: Φ = −f₁F_z for F_z ≤ 0 and f₂F_z for F_z ≥ 0, sliding from rest iff |F_x| > Φ, ẍ = (3 − 1)/1', () => {
    const d = doc('point-between-planes');
    const finding =
      'the friction bound is ",{"math":"\\\\Phi = -F_{z} f_{1}"}," for ",{"math":"F_{z} \\\\le 0"}," and ",{"math":"F_{z} f_{2}"}," for ",{"math":"F_{z} \\\\ge 0"}';
    expect(JSON.stringify(d.abstract)).toContain(finding);
    const t = tex('point-between-planes');
    expect(t).toContain(
      'at the defaults $|F_{x}| = 3 > \\Phi = 1$, and it slides with $\\ddot{x} = 2$ (run from rest: $F_{x} = 3$ slides, $F_{x} = 0.5$ stays)',
    );
    for (const part of ['Discussion', 'Conclusion']) expect(t.split(`section{${part}}`)[1]).toContain('from rest the system slides iff $|F_{x}| > \\Phi$');
    expect(t).toContain('$|P| = 3$ and $\\Phi = 1$: started from rest, it slides forward');
  });
  it('gives the prism’s bound at the defaults, 0.45/1.02', () => {
    expect(tex('prism-in-guides-planar')).toContain('$|P| = 1$ and $\\Phi = 0.4412$');
  });
  it('prints the sums of the prism’s reactions, the realized (−,−) the largest (smirnov1981 §1)', () => {
    expect(tex('prism-in-guides-planar')).toContain(
      '$-2$ for $(+,+)$, $1.168$ for $(+,-)$, $-1.273$ for $(-,+)$, $2$ for $(-,-)$; the realized variant (all reactions non-negative) is $(-,-)$, the only one, so that $\\sum_\\varepsilon \\chi(\\varepsilon) = 1$ there, and its sum is the largest.',
    );
  });
  it('the planar prism’s Φ is §2’s one line as the paper prints it, set against the switched sum Σχ(ε)Φ^ε, never “too long to print”', () => {
    const planar = tex('prism-in-guides-planar');
    expect(planar).not.toContain('too long to print');
    expect(planar).not.toContain('\\text{from rest}');
    const paper =
      '\\Phi = \\frac{1}{4}\\sum_{i=1}^{2}\\sum_{j=1}^{2}(1 + \\operatorname{sgn} N_{ij1})(1 + \\operatorname{sgn} N_{ij2})(f_{i1}N_{ij1} + f_{j2}N_{ij2})';
    expect(planar.split(paper)).toHaveLength(2);
    // The table's Derived cell names the switched sum of the friction section, not the paper's display again.
    expect(planar).toContain(
      '\\S{}2 & $\\Phi$ & \\eqref{eq:prism-in-guides-planar:paper-17} & $\\sum_\\varepsilon \\chi(\\varepsilon)\\Phi^{\\varepsilon}$ \\eqref{eq:prism-in-guides-planar:supports-switched-friction}',
    );
  });
  it('the planar prism’s self-locking in closed form: Δᵢⱼ ≤ 0 ⇔ a₂ − a₁ + x(g₁ − g₂) ≤ w(f_{j2} − f_{i1}) sgn ẋ, only with unequal coefficients', () => {
    const planar = tex('prism-in-guides-planar');
    expect(planar).toContain('\\Delta_{11} \\le 0 \\iff a_{2} - a_{1} + x (g_{1} - g_{2}) \\le w (f_{12} - f_{11}) \\operatorname{sgn}\\dot{x}');
    expect(planar).toContain('\\Delta_{21} \\le 0 \\iff a_{2} - a_{1} + x (g_{1} - g_{2}) \\le w (f_{12} - f_{21}) \\operatorname{sgn}\\dot{x}');
    expect(planar).toContain('A variant locks only with unequal coefficients');
    const abstract = JSON.stringify(doc('prism-in-guides-planar').abstract);
    // The condition in one form over the variants, pair s on its face p of coefficient f_{ps}: not Δ₀ ≤ Δ₀ − Δ^ε.
    expect(abstract).toContain(
      'the variant ",{"math":"(i, j)"}," locks iff ",{"math":"\\\\Delta_0 = a_{2} - a_{1} + x (g_{1} - g_{2}) \\\\le w (f_{j2} - f_{i1}) \\\\operatorname{sgn}\\\\dot{x}"}',
    );
  });
  it('pair 2 fixed on the guides: N, Φ and the variant against t, the switch from 11, (−,−), to 21, (+,−), named', () => {
    const fixed = tex('prism-in-guides-planar-fixed');
    // At x* = a₂ − f₁₂w − M_z/P_y = 0.21, t = 0.1987 of the run; N₂ = 2 in both (smirnov1981 §2, at the defaults).
    expect(fixed).toContain(
      'which switches variant once: from $(-,-)$ to $(+,-)$ at $t = 0.1987$, where $N_{1} = 0$ in both variants, and $N_{2} = 2$ in both',
    );
    // Then Δ₂₁ = 1.01 − x falls, and the prism stops short of x = 1.01.
    expect(fixed).toMatch(/falls from \$1\.02\$ to \$0\.07\d*\$/);
    expect(fixed).not.toContain('g_{2}');
    expect(fixed).toContain('the paper prints $a_{ps} = a^0_{ps} + x$');
    expect(fixed).toContain('numbered $1 = (+,+)$, $2 = (+,-)$, $3 = (-,+)$, $4 = (-,-)$');
    expect(fixed).toContain('\\label{fig:prism-in-guides-planar-fixed:plot-supports-variant}');
  });
  it('the growing moment: the switch at t* = (P_y(a₂ − f₁₂w) − M_z)/k = 0.84 exactly, no flags', () => {
    const sweep = tex('prism-in-guides-planar-sweep');
    expect(sweep).toContain('from $(-,-)$ to $(+,-)$ at $t = \\frac{P_{y} (a_{2} - f_{12} w) - M_{z}}{k} = 0.84$, where $N_{1} = 0$');
    expect(sweep).not.toMatch(/g_\{[12]\}/);
    expect(sweep).not.toContain('corrected: pair');
  });
  it('prints the point’s 1×1 system (1.1) as the one equation ε₁N₁ = −F_z, its sides ±1 not named apart', () => {
    const t = tex('point-between-planes');
    expect(t).toContain('\\varepsilon_1 N_1 = -F_{z}\n');
    expect(t).not.toContain('a_{11}');
    // The paper's general remarks (two tries, inconsistency, indeterminacy) say nothing of a model: no report prints them.
    for (const name of ['point-between-planes', 'prism-in-guides', 'prism-in-guides-planar']) {
      expect(tex(name)).not.toContain('Two tries');
      expect(tex(name)).not.toContain('Indeterminacy');
    }
    // The rule from rest is derived right after the list: not announced in it.
    for (const name of ['point-between-planes', 'prism-in-guides']) expect(tex(name)).not.toContain('its condition is derived below');
    expect(t).not.toContain('b_1');
    expect(t).not.toContain('\\begin{pmatrix} -F_{z} \\end{pmatrix}');
  });
  it('plots N and Φ against t where the run switches the bearing plane (F_z = 2 cos t), not under a constant load', () => {
    const figure = (name: string) => section(name)!.blocks.find((b) => b.kind === 'figure' && b.id === 'plot-supports');
    expect(figure('point-between-planes-switching')).toMatchObject({ legend: [{ label: 'N_{1}' }, { label: '\\Phi' }] });
    expect(JSON.stringify(figure('point-between-planes-switching'))).toContain('switches variant 2 times');
    // At ωt = π/2 and 3π/2 (ω = 1): 1.5708, 4.7124, where cos ωt, and N₁ = |F cos ωt|, vanish.
    expect(tex('point-between-planes-switching')).toContain('from $(-)$ to $(+)$ at $t = \\frac{\\pi}{2 \\omega} = 1.571$, where $N_{1} = 0$');
    expect(tex('point-between-planes-switching')).toContain('from $(+)$ to $(-)$ at $t = \\frac{3 \\pi}{2 \\omega} = 4.712$');
    expect(figure('point-between-planes')).toBeUndefined();
    // The discussion and the conclusion are about the switching, and the start from rest held until arccos(F_x/(f2 F))/ω.
    const discussion = tex('point-between-planes-switching').split('section{Discussion}')[1]!;
    expect(discussion).toContain('the bearing side of the support switches from $(-)$ to $(+)$ at $t = \\frac{\\pi}{2 \\omega} = 1.571$');
    expect(discussion).toContain('stays at rest only until $t = \\frac{\\arccos\\left(\\frac{F_{x}}{F f_{2}}\\right)}{\\omega} = 1.047$');
    expect(discussion.split('section{Conclusion}')[1]).toContain('the reactions passing continuously through 0');
  });
  it('under F_z = F cos ωt, F > 0: Smirnov’s Φ typed in F_z in the table, (24) and the rest’s cases in cos ωt alone', () => {
    const t = tex('point-between-planes-switching');
    // The paper's column holds the paper's formula, not a reference to the display beside it.
    expect(t).toContain(
      '\\S{}2 & $\\Phi$ & $\\left(\\frac{1}{2} f_{2} (1 + \\operatorname{sgn} F_{z}) - \\frac{1}{2} f_{1} (1 - \\operatorname{sgn} F_{z})\\right) F_{z}$ & $\\sum_\\varepsilon \\chi(\\varepsilon)\\Phi^{\\varepsilon}$ \\eqref{eq:point-between-planes-switching:supports-switched-friction}',
    );
    expect(t).toContain('In the formulas $F_{z} = F \\cos(\\omega t)$.');
    // sgn(F cos ωt) = sgn(cos ωt) for F > 0, in the paper's order.
    expect(t).toContain(
      '\\Phi = \\left(\\frac{1}{2} f_{2} (1 + \\operatorname{sgn}(\\cos(\\omega t))) - \\frac{1}{2} f_{1} (1 - \\operatorname{sgn}(\\cos(\\omega t)))\\right) F \\cos(\\omega t)',
    );
    expect(t).toContain(
      '|F_{x}| \\le \\begin{cases} -F f_{1} \\cos(\\omega t), & \\cos(\\omega t) \\le 0 \\\\ F f_{2} \\cos(\\omega t), & \\cos(\\omega t) \\ge 0 \\end{cases}',
    );
    // E = T and ẋ against x left out, with why.
    expect(t).not.toContain('plot-energy');
    expect(t).not.toContain('plot-phase');
    expect(t).toContain('The plots leave out the energy');
  });
  it('names each plane’s coefficient in its own equality, κ₁⁺ = f₁ below and κ₁⁻ = f₂ above', () => {
    expect(tex('point-between-planes')).toContain('\\kappa_1^{+} = f_{1},\\ \\kappa_1^{-} = f_{2}');
  });
  it('leaves out the impulsive iteration and its restitution where no impact happens', () => {
    expect(tex('point-between-planes')).not.toContain('before the impact');
    expect(tex('point-between-planes')).not.toContain('restitution');
    expect(tex('prism-in-guides-planar')).not.toContain('restitution');
  });
});
