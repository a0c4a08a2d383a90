// What the reports' discussion and conclusion say of the energy and of an
// orbit's stability, from the model's facts (src/derive/lagrange/conservation.ts
// energyChanges, src/report/summary.ts): kozlov1988 §2's force (0, ∓g), which
// the paper calls potential but discontinuous, has a potential on each side
// of x = 0 and none across it (curl 2gδ(x)); an added mass switched off at the release and a
// realization's damping are named; a stiff floor's potential is part of the
// conserved energy E = T + V + V_c; a realized retaining constraint acts
// everywhere; an orbit whose multipliers reach the unit circle is only
// linearly (elliptically) stable; the added mass's matching at f = 0 is the
// toolkit's choice, not (2.5)'s; a plastic impact map says e = 0.
import { describe, expect, it } from 'vitest';
import addedMass from '../../derivations/kozlov-release-added-mass.js';
import release from '../../derivations/kozlov-release.js';
import viscous from '../../derivations/kozlov-release-viscous.js';
import type { ModelSpec } from '../../src/model/index.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { derived } from '../helpers/examples.js';
import { models, report } from './reports.js';

const point = (forces: Record<string, string>): ModelSpec => ({
  name: 'forced-point',
  coordinates: ['x', 'y'],
  parameters: { g: 1 },
  kinetic: "(x'^2 + y'^2)/2",
  forces,
  initial: { q: { x: 1 }, t1: 1 },
});

describe('why T + V changes, from the model', () => {
  it('Kozlov §2: the force (0, g sign x) is potential but discontinuous; the added mass and the viscous line add their own reason', () => {
    expect(derived(release).energyChanges).toEqual(['discontinuous-potential-forces']);
    expect(derived(addedMass).energyChanges).toEqual(['discontinuous-potential-forces', 'added-mass']);
    expect(derived(viscous).energyChanges).toEqual(['discontinuous-potential-forces', 'damping']);
  });
  it('a smooth gradient force is potential, a rotational one (∂Q_x/∂y ≠ ∂Q_y/∂x) or a velocity-dependent one is not', () => {
    expect(derived(point({ x: '-x', y: '-g' })).energyChanges).toEqual(['potential-forces']);
    expect(derived(point({ x: 'y', y: '-x' })).energyChanges).toEqual(['non-potential-forces']);
    expect(derived(point({ x: "-x'" })).energyChanges).toEqual(['non-potential-forces']);
  });
});

const body = (name: string): string => renderLatexBody(report(models.find((m) => m.spec.name === name)!).doc);

describe('the reports say it', () => {
  it('kozlov-release: the applied forces potential on each side of x = 0 and not across it; “potential but discontinuous” only as the paper’s words, corrected', () => {
    const t = body('kozlov-release');
    expect(t).toContain('is not conserved between impacts: the applied forces have a potential on each side of where they switch but none across it');
    // The paper's wording is quoted once, as Kozlov's, and corrected; the report never says it of the field itself.
    expect(t.split('potential but discontinuous')).toHaveLength(2);
    expect(t).toContain("Kozlov calls this force field `potential but discontinuous'");
    expect(t).toContain('so the report corrects the wording');
    expect(t).not.toContain('non-potential or time-dependent terms act');
    expect(t).not.toContain('The non-potential generalized forces are');
    expect(t).toContain('The generalized forces the model declares as forces, not through the potential $V$, are');
  });
  it('kozlov-stiff-bouncing: E = T + V + V_c, the floor’s potential included, is conserved, and the run says it keeps what it names, not a plot of integrator steps', () => {
    const t = body('kozlov-stiff-bouncing');
    expect(t).toContain('The energy $E = T + V + V_{c}$, with the potential $V_{c}$ of the constraints realized by forces where they act, is conserved.');
    // The run's energy holds the spring's potential: the line that says it is kept names it, not E = T + V.
    expect(t).toMatch(/The energy \$E = T \+ V \+ V_\{c\}\$ stays at \$0\.5\$ to within \$\d \\cdot 10\^\{-[67]\}\$ of itself over the run/);
    expect(t).not.toContain('\\,$E = T + V$');
    expect(t).not.toContain('fig:kozlov-stiff-bouncing:plot-energy');
  });
  it('kozlov-birkhoff-stiff: the conclusion keeps Birkhoff’s possessive and says the orbit is unstable at N = 100, stable at larger N', () => {
    const t = body('kozlov-birkhoff-stiff');
    expect(t).toContain('For Birkhoff');
    expect(t).not.toContain('the birkhoff');
    expect(t).toContain('the motion has an unstable periodic orbit');
    expect(t).toContain(
      'sought again, it is unstable at $N = 100$ and stable from $N = 1000\\ \\text{to}\\ 10^{5}$, its stability changing between $N = 100$ and $N = 1000$',
    );
  });
  it('kozlov-realized-pendulum: the rod’s realization acts everywhere, so its added mass, damper and spring are in the printed M, C, K', () => {
    const t = body('kozlov-realized-pendulum');
    expect(t).toContain('M &= \\begin{pmatrix} 1 + N \\alpha_{0} & 0 \\\\ 0 & (l + u)^{2} \\end{pmatrix}');
    expect(t).toContain('C &= \\begin{pmatrix} N \\gamma_{0} & 0 \\\\ 0 & 0 \\end{pmatrix}');
    // K at the one rest, hanging with the rod stretched by u = g/(Nβ₀) (9.81·10⁻⁴ at the defaults, as the table finds it): sin θ = 0 off the diagonal.
    expect(t).toContain('here at the equilibrium below, $u = g/(N \\beta_{0}),\\ \\theta = 0$');
    expect(t).toContain('K &= \\begin{pmatrix} N \\beta_{0} & 0 \\\\ 0 & g \\left(l + \\frac{g}{N \\beta_{0}}\\right) \\end{pmatrix}');
    expect(t).toContain(`$u = ${Number((9.81 / (100 * 100)).toPrecision(3))},\\ \\theta = 0$ & --- &`);
    expect(t).not.toContain('leave out the force of rod');
    expect(t).toContain('The forcing differentiated includes the force of rod and the mass matrix its added mass.');
    // ±3.131i: the pendulum's swing is undamped at the rest, so stable but not asymptotically.
    expect(t).toContain('& linearly stable, not asymptotically \\\\');
    expect(t).not.toContain('only where engaged');
  });
  it('kozlov-realized-pendulum: the conclusion reads the two limits 0 by their measured rates, not as 0 against the paper’s 0, the distance’s rate said once', () => {
    const t = body('kozlov-realized-pendulum');
    const said = t.slice(t.indexOf('\\section{Conclusion}'));
    expect(said).not.toContain('against the paper');
    // N max|u| quasi-static at the bottom, (2g(1 − cos θ₀) + g)/β₀ = 0.188, and the distance's 0.762–0.793 (an independent Radau run), to two digits.
    expect(said).toContain("agree with the derivation: the study's runs approach the limit of (1.1) at the rate $N\\, \\max_t |u|$ between $0.19$ and $0.2$.");
    // Th. 1's rate is the limit study's own distance, stated by the convergence finding before it, once: not the
    // distances at the study's ends too, nor referred to again.
    expect(said.split('between $0.76$ and $0.79$')).toHaveLength(2);
    expect(said).toContain('between $0.76$ and $0.79$ from $N = 10$ to $10000$.');
    expect(said).not.toContain('the distance');
    expect(Number(((2 * 9.81 * (1 - Math.cos(1)) + 9.81) / 100).toPrecision(2))).toBe(0.19);
  });
  it('kozlov-realized-pendulum: one energy, the run’s T + V + T_rod + V_rod, in the legend, the Discussion and the conventions', () => {
    const t = body('kozlov-realized-pendulum');
    const named = 'E = T + V + T_{\\mathrm{rod}} + V_{\\mathrm{rod}}';
    // The energy is not plotted (unplotted): the rod's figures show Theorem 1.
    expect(t).not.toContain(`\\,$${named}$}`);
    expect(t).toContain(`The energy $${named}$ is not conserved: the damping of a constraint realized by forces dissipates.`);
    expect(t).toContain(`\\item $${named}$ is the total energy`);
    expect(t).not.toContain('V_{c}');
    // Its linearization (the rod mode at N = 100) is the appendix's: the report is about N → ∞.
    expect(t.indexOf('label{sec:kozlov-realized-pendulum:linearization}')).toBeGreaterThan(t.indexOf('label{sec:kozlov-realized-pendulum:appendix}'));
  });
  it('kozlov-realized-pendulum: the rod’s whole force beside λ and its spring and damper, then N(R − λ) for each N; no phase portraits; the distance’s order once, in its result', () => {
    const t = body('kozlov-realized-pendulum');
    expect(t).toContain('\\,$R_{\\mathrm{rod}}$ \\quad');
    // The multiplier named λ as in the results (1.1), the rod's one constraint needing no subscript.
    expect(t).toContain('\\,$\\lambda$}');
    expect(t).not.toContain('\\lambda_{\\mathrm{rod}}');
    expect(t).toContain('label{fig:kozlov-realized-pendulum:plot-reaction-rod}');
    expect(t).toContain('label{fig:kozlov-realized-pendulum:plot-reaction-rod-scaled}');
    expect(t).not.toContain('plot-phase');
    // u, θ, their velocities and the energy against time repeat what the rigid limit's and the rod's figures show.
    for (const generic of ['plot-coordinates', 'plot-velocities', 'plot-energy']) expect(t).not.toContain(`kozlov-realized-pendulum:${generic}`);
    // The order fitted once, in the table; the result shows the rate, N times the distance per run, in the table's last column.
    expect(t).toMatch(/fitted order & \$0\.99\d+\$ [& ]*\\\\/);
    expect(t).not.toMatch(/fitted order \} 0\.99\d+/);
    // An independent Radau run: N times the distance 0.762, 0.789, 0.792, 0.793 at N = 10, …, 10⁴, the table's last column.
    const scaled = [10, 100, 1000, 10000].map((n) => Number(new RegExp(`\\n\\s*\\$${n}\\$ & [^\\n]* & \\$([0-9.]+)\\$ \\\\\\\\`).exec(t)![1]));
    [0.762, 0.789, 0.792, 0.793].forEach((x, k) => expect(scaled[k]).toBeCloseTo(x, 2));
    expect(t).toMatch(/\\max_t \|q_N\(t\) - q\(t\)\| &= 0\\quad \(\\text\{like \} 1\/N\)/);
  });
  it('kozlov-birkhoff-orbit: multipliers on the unit circle make the orbit linearly (elliptically) stable, no more', () => {
    const t = body('kozlov-birkhoff-orbit');
    const conclusion = t.slice(t.lastIndexOf('\\section{Conclusion}'));
    expect(conclusion).toContain('a linearly (elliptically) stable periodic orbit');
    expect(conclusion).toContain('its nonlinear stability is not shown');
    expect(conclusion).not.toContain('has a stable periodic orbit');
  });
});

describe('what is the toolkit’s choice, said so', () => {
  it('kozlov-release-added-mass: the state continuous across f = 0 is a choice of the toolkit, not Kozlov’s (2.5)', () => {
    const t = body('kozlov-release-added-mass');
    expect(t).toContain('The state is taken continuous across $f_{\\mathrm{line}} = 0$, a choice of the toolkit');
    expect(t).not.toContain('(Kozlov (2.5)): entering');
  });
  it('kozlov-release: the plastic impact map says e = 0 where the display has no factor 1 + e', () => {
    expect(body('kozlov-release')).toContain('in place of the elastic factor 2 = 1 + 1 (here plastic, $e = 0$: the factor is 1)');
  });
});
