// The section on Lagrange's equations of the first kind: present for every
// model with retaining or rigid unilateral constraints, every reaction in
// it (λ, Smirnov's N with friction, dμ, dν, Coulomb), the constraint matrix
// against gradients worked out by hand, and the multipliers solved.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import type { Section } from '../../src/report/document.js';
import { lagrange1Section } from '../../src/report/lagrange1.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { derived, loadExamples, randomEnv } from '../helpers/examples.js';
import { rng } from '../helpers/random.js';
import { models, report } from './reports.js';

// The examples as the other test files import them, so that derived() shares their derivations in this worker.
const systems = new Map((await loadExamples()).map((f) => [f.spec.name, derived(f.spec)]));
const system = (name: string) => systems.get(name)!;
/** The section, and with contacts the appendix where its measure form is printed with the other measure-form equations, from the run's shared report. */
const tex = (name: string): string => {
  const { doc } = report(models.find((f) => f.spec.name === name)!);
  if (!doc.sections.some((x) => x.id === 'lagrange1')) return '';
  const s: Section[] = doc.sections.filter((x) => x.id === 'lagrange1' || (system(name).unilateral && x.id === 'measure-form'));
  return renderLatexBody({ ...doc, sections: s }).replace(/ &(?=\S)/g, ' ');
};

describe('which reports have the section', () => {
  it.each([...systems].map(([name, s]) => [name, s] as const))('%s: present exactly when a retaining or rigid unilateral constraint acts', (_, s) => {
    expect(lagrange1Section(s) !== undefined).toBe(s.constraints !== undefined || s.unilateral !== undefined);
  });

  it('never calls generalized coordinates Cartesian coordinates of point masses', () => {
    for (const name of systems.keys()) expect(tex(name)).not.toContain('Cartesian coordinates of point masses');
  });
});

describe('rigid compass (Rubanovich–Formalsky §1)', () => {
  const t = tex('compass');
  it('carries the sticking feet’s tangential reactions Σ (∂ξ_j/∂q_i) dν_j beside the normal ones', () => {
    expect(t).toContain(
      '\\sum_{k} M_{ik}\\,\\mathrm{d}\\dot{q}_k = h_i\\,\\mathrm{d}t + \\sum_{j} \\frac{\\partial f_j}{\\partial q_i}\\,\\mathrm{d}\\mu_j + \\sum_{j} \\frac{\\partial \\xi_j}{\\partial q_i}\\,\\mathrm{d}\\nu_j',
    );
  });
  it('stacks the gradients by hand: ∂y_B/∂ψ = −(l/2)(2 sin(α − ψ) + cos α sin ψ), ∂x_B/∂ψ = (l/2)(2 cos(α − ψ) − cos α cos ψ)', () => {
    expect(t).toContain(
      '0 & 1 & -\\frac{1}{2} l (2 \\sin(\\alpha - \\psi) + \\cos\\alpha \\sin\\psi) \\\\ 1 & 0 & \\frac{1}{2} l (2 \\cos(\\alpha - \\psi) - \\cos\\alpha \\cos\\psi)',
    );
    expect(t).toContain('\\mathrm{d}\\mu_{1},\\ \\mathrm{d}\\nu_{1},\\ \\mathrm{d}\\mu_{2},\\ \\mathrm{d}\\nu_{2}');
  });
});

describe('pendulum at a wall (written g ≤ 0 beside gravity g: printed as the gap f = −g ≥ 0)', () => {
  it('adds the reaction along ∂f/∂q, its one contact’s term without a sum', () => {
    expect(tex('pendulum-wall')).toContain('= h_i\\,\\mathrm{d}t + \\frac{\\partial f_1}{\\partial q_i}\\,\\mathrm{d}\\mu_1\n');
    expect(tex('pendulum-wall')).not.toContain('\\sum_{j}');
  });
});

describe('knife edge: an ideal non-holonomic constraint', () => {
  const t = tex('knife-edge');
  it('writes −(∂φ_1/∂q_i) λ_1 (one constraint, no sum), the constraint matrix (sin θ, −cos θ, 0) and the system for q̈ and λ', () => {
    expect(t).toContain('\\sum_{k} M_{ik}\\,\\ddot{q}_k = f_i - \\frac{\\partial \\varphi_1}{\\partial q_i}\\,\\lambda_1');
    expect(t).toContain('\\begin{pmatrix} \\sin\\theta & -\\cos\\theta & 0 \\end{pmatrix}');
    expect(t).toContain('\\label{eq:knife-edge:lagrange1-system}');
  });
  it('prints λ₁ solved, and the solved λ is m g sin α sin θ + m θ̇ (ẋ cos θ + ẏ sin θ) at random states', () => {
    expect(t).toContain('\\lambda_{1} =');
    const s = system('knife-edge');
    const r = rng(21);
    for (let i = 0; i < 10; i++) {
      const e = randomEnv(s.model, r);
      const expected =
        e.m! * e.g! * Math.sin(e.alpha!) * Math.sin(e.theta!) + e.m! * e["theta'"]! * (e["x'"]! * Math.cos(e.theta!) + e["y'"]! * Math.sin(e.theta!));
      expect(evaluate(s.constraints!.multipliers![0]!, e)).toBeCloseTo(expected, 10);
    }
  });
});

describe('non-ideal constraints', () => {
  it('point between planes (Smirnov): the support reaction N_1 with its friction, solved by (1.1) in the friction section', () => {
    const t = tex('point-between-planes');
    expect(t).toContain(
      '= h_i + \\Bigl(\\varepsilon_1 \\frac{\\partial \\varphi_1}{\\partial q_i} - \\kappa_1^{\\varepsilon_1} \\operatorname{sgn}\\dot{s}_1 \\frac{\\partial s_1^{\\varepsilon_1}}{\\partial q_i}\\Bigr) N_1',
    );
    // Each symbol defined, none clashing: φ₁ is the constraint gap, the side sign ε is not the slip coordinate s, κ is not the parameter f₁.
    expect(t).toContain('$\\varphi_{1}$ is gap');
    expect(t).toContain('$\\dot{s}_k$');
    expect(t).not.toContain('f_1^{s_1}');
    // Which parameter κ is on each side is said once, in the friction section, not here again.
    expect(t).not.toContain('\\kappa_{1}^{+} = f_{1}');
    expect(t).toContain('its friction coefficient on that side (Section');
    expect(t).toContain('Smirnov’s system (1.1)'.replace('’', "'"));
    expect(t).not.toContain('\\lambda_{1} =');
  });
  it('pendulum with a rough hinge: the journal’s friction force', () => {
    expect(tex('rough-hinge-pendulum')).toContain('+ Q^{\\mathrm{fr}}_i');
  });
  it('rough disk (Coulomb): the friction −μ sgn ṡ_1 ∂s_1/∂q_i dΛ_1 of its one contact, its own μ (the contact measures leave μ to the friction)', () => {
    // μ is the friction coefficient here, so the contact measures are Glocker's dΛ_j (notation.ts).
    expect(tex('rough-disk')).toContain('- \\mu \\operatorname{sgn}\\dot{s}_1\\, \\frac{\\partial s_1}{\\partial q_i}\\,\\mathrm{d}\\Lambda_1');
  });
});

describe('rolling contacts (geometry.rolling)', () => {
  it('the sphere: λ₁ is the normal force of contact_n, λ₂ and λ₃ the friction along the plane’s x and y', () => {
    const t = tex('rolling-sphere');
    expect(t).toContain(
      "The reactions of contact, where ball rolls on its plane: $\\lambda_{2}$ and $\\lambda_{3}$ are the components along the plane's x and y axes of the friction force the plane exerts on the body at the contact point; $\\lambda_{1}$ is the normal force",
    );
  });

  it('the disk, kept on the plane by its coordinates: only the friction λ₁, λ₂, no normal force', () => {
    const t = tex('rolling-disk');
    expect(t).toContain('The reactions of rim, where disk rolls on its plane: $\\lambda_{1}$ and $\\lambda_{2}$ are the components');
    expect(t).not.toContain('is the normal force');
  });
});
