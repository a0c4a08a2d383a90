import { defineModel } from '../src/model/index.js';

// Kuleshov, Treschev, Ivanova, Naimushina, "A rigid cylinder on a
// viscoelastic plane" (kuleshov2011 §3): a rigid disk (mass m, radius r) on a
// Winkler foundation of vertical Kelvin–Voigt springs, dF_y = (kY + νẎ)dx
// where positive (no adhesion), with Coulomb friction |dT| ≤ λ|dN| (1.1).
// The line is inclined at alpha (default 0: level), x along it and downhill,
// y normal to it; gravity is mg(sin α, −cos α) (§8 (i)). phi is the rotation,
// counter-clockwise, so the contact point slips at x' + r phi' (uₓ + rω, §4).
//
// The patch: ϑ the angle from the downward vertical (4.1), the depth of the
// lowest point rζ (ζ = 1 − y/r, ζ̇ = −ẏ/r (5.2)), the spring displacement
// Y = r(cos ϑ₀ − cos ϑ) and its rate Ẏ = u_y − uₓ tan ϑ (4.2), so the
// vertical force per dϑ is −(kY + νẎ)·r cos ϑ (dx = r cos ϑ dϑ), expanded
// for ϑ ~ ε, ζ ~ ε², uₓ ~ ε as the paper does (4.3). The paper writes this
// depth q; here it is ζ (zeta, its rate zetadot), since q names the
// generalized coordinates in every report. Resultants (4.6):
// F_y = ∫dF_y, F_x = −∫(σλ + ϑ)dF_y, M = −σλr∫dF_y.
export default defineModel({
  name: 'viscoelastic-disk',
  title: 'A rigid disk on a viscoelastic line (Kuleshov et al.)',
  sources: ['kuleshov2011'],
  description:
    'A disk on a Winkler foundation of Kelvin–Voigt springs with Coulomb friction: the contact law derived by integrating over the contact patch; impact with speed-dependent restitution, sliding and rolling on an incline.',
  coordinates: [
    { name: 'x', description: 'position of the centre along the line (downhill)', unit: 'm' },
    { name: 'y', description: 'height of the centre above the undeformed line', unit: 'm' },
    { name: 'phi', description: 'rotation angle (counter-clockwise)', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    r: { default: 0.1, description: 'radius', unit: 'm' },
    k: { default: 1e7, description: 'stiffness of the foundation per unit length', unit: 'N/m^2' },
    nu: { default: 3e4, description: 'viscosity of the foundation per unit length', unit: 'N s/m^2' },
    lambda: { default: 0.2, range: [0, 2], description: 'Coulomb friction coefficient' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    alpha: { default: 0, range: [-1.5, 1.5], description: 'inclination of the line', unit: 'rad' },
    t_r: { default: 1e-4, description: 'relaxation time of a slip the friction can stop', unit: 's' },
  },
  kinetic: "m*(x'^2 + y'^2)/2 + m*r^2*phi'^2/4",
  potential: 'm*g*(y*cos(alpha) - x*sin(alpha))',
  patches: [
    {
      name: 'foundation',
      description: 'the Kelvin–Voigt foundation under the disk',
      variable: 'vartheta',
      state: { zeta: '1 - y/r', zetadot: "-y'/r", ux: "x'" },
      depth: 'zeta',
      penetration: 'r*(cos(vartheta) - 1 + zeta)',
      density: '(k*r*(cos(vartheta) - 1 + zeta) + nu*(r*zetadot + ux*tan(vartheta)))*r*cos(vartheta)',
      expansion: { orders: { vartheta: 1, zeta: 2, zetadot: 2, ux: 1 }, keep: 2 },
      resultants: { Fy: '1', Fx: '-(sigma*lambda + vartheta)', M: '-sigma*lambda*r' },
      normal: 'Fy',
      forces: { x: 'Fx', y: 'Fy', phi: 'M' },
      friction: { sign: 'sigma', slip: "x' + r*phi'", relaxation: 't_r' },
      load: 'm*g',
    },
  ],
  // The disk on its line, in the plane with y up: (x, y) of the inclined frame turned by −alpha, so that
  // x runs downhill; the rim mark turns with phi. The undeformed line is the ground.
  drawing: {
    points: {
      C: ['x*cos(alpha) + y*sin(alpha)', '-x*sin(alpha) + y*cos(alpha)'],
      rim: ['x*cos(alpha) + y*sin(alpha) + r*cos(phi - alpha)', '-x*sin(alpha) + y*cos(alpha) + r*sin(phi - alpha)'],
    },
    discs: [{ center: 'C', radius: 'r' }],
    segments: [['C', 'rim']],
    ground: 'y = -x*tan(alpha)',
  },
  // §2's stages are drawn by the patch's slip and depth along this run and by the runs on the incline.
  unplotted: {
    names: ['x', 'phi', 'energy', 'phase'],
    why: 'the stages of the motion are drawn by the slip and the depth of the patch along this run, and on the incline by the runs of their own',
  },
  initial: { q: { y: 0.12 }, qd: { x: 0.5, phi: -20 }, t1: 1 },
  // Kuleshov et al. against the derived patch law, in its own symbols but the depth: ζ, ζ̇ for the paper's q, q̇.
  paper: {
    source: 'kuleshov2011',
    formulas: [
      { eq: '(4.7)', name: '\\vartheta_0', formula: '(3/2)^(1/3)*eps', derived: 'patch.foundation.halfWidth', where: { eps: '(m*g/(k*r^2))^(1/3)' } },
      {
        eq: '§5',
        name: '\\zeta_0',
        formula: '((3/2)^(1/3)*eps)^2/2',
        derived: 'patch.foundation.depth',
        where: { eps: '(m*g/(k*r^2))^(1/3)' },
        note: 'the depth at rest (the paper’s $q_0$) $\\zeta_0 = 1 - \\cos\\vartheta_0 \\approx \\vartheta_0^2/2 = (9/32)^{1/3}\\varepsilon^2$.',
      },
      // Prop. 10 from the expanded density (4.3), the paper's Φ = ρ/r with ρ the density per dϑ (dx = r dϑ):
      // concave in ϑ, so positive at an end of the arc means the patch reaches past it.
      {
        eq: 'Prop. 10',
        name: '\\Phi(\\vartheta_0)',
        formula: 'Pi_1/r = nu*(vartheta0*ux - uy)',
        where: { Pi_1: 'patch.foundation.edge.upper', vartheta0: 'sqrt(2*zeta)', uy: '-r*zetadot', ux: 'ux' },
        note: 'the density at the end $\\vartheta_0$ of the arc, $\\vartheta_0^2 = 2\\zeta$, $u_y = -r\\dot{\\zeta}$ (5.2): the density being concave in $\\vartheta$, $\\vartheta_{+} > \\vartheta_0$ exactly where it is positive, which for $u_x > 0$ is $\\vartheta_0 > u_y/u_x$.',
      },
      {
        eq: 'Prop. 10',
        name: '\\Phi(-\\vartheta_0)',
        formula: 'Pi_2/r = -nu*(vartheta0*ux + uy)',
        where: { Pi_2: 'patch.foundation.edge.lower', vartheta0: 'sqrt(2*zeta)', uy: '-r*zetadot', ux: 'ux' },
        note: 'likewise $\\vartheta_{-} < -\\vartheta_0$ where this is positive, for $u_x < 0$ when $\\vartheta_0 > -u_y/u_x$.',
      },
      {
        eq: '(5.3)',
        name: 'F_y\\ (\\dot{\\zeta} \\ge 0)',
        formula: '4*sqrt(2)/3*k*r^2*Q^(3/2) + 2*sqrt(2)*nu*r^2*Q^(1/2)*Qd',
        derived: 'patch.foundation.normal.whole.Fy',
        where: { Q: 'zeta', Qd: 'zetadot' },
        note: 'compression of the non-rotating disk: the patch is the whole arc $(-\\vartheta_0, \\vartheta_0)$.',
      },
      {
        eq: '(5.4)',
        name: 'F_y\\ (\\dot{\\zeta} < 0)',
        formula: '4*sqrt(2)/3*k*r^2*(Q + nu*Qd/k)^(3/2)',
        derived: 'patch.foundation.normal.both-inner.Fy',
        where: { Q: 'zeta', Qd: 'zetadot' },
        note: 'restitution: the patch only where $kY + \\nu\\dot{Y} > 0$.',
      },
      {
        eq: '§5',
        name: '\\text{separation}',
        formula: 'k*(Q + nu*Qd/k)',
        derived: 'patch.foundation.normal.separation',
        where: { Q: 'zeta', Qd: 'zetadot' },
        note: 'the disk leaves the foundation where $q + \\nu\\dot{q}/k$ (here $\\zeta + \\nu\\dot{\\zeta}/k$) reaches 0: the restitution patch (5.4) shrinks to a point. A condition $= 0$, compared times $k > 0$.',
      },
      {
        eq: '(6.1)',
        name: "h''\\ (h' \\ge 0)",
        formula: '-2*sqrt(2)*h^(1/2)*hd - 4*sqrt(2)/3*h^(3/2)',
        derived: 'patch.foundation.universal.whole',
        where: { h: 'patch.foundation.universal.h', hd: 'patch.foundation.universal.hd' },
        note: "the compression (5.3) in $\\zeta = a h$, $t = b\\tau$, the scales as derived in the section on the universal impact problem; $h' = dh/d\\tau$.",
      },
      {
        eq: '(6.2)',
        name: "h''\\ (h' < 0)",
        formula: '-4*sqrt(2)/3*(h + hd)^(3/2)',
        derived: 'patch.foundation.universal.both-inner',
        where: { h: 'patch.foundation.universal.h', hd: 'patch.foundation.universal.hd' },
        note: 'the restitution (5.4) in the same scales.',
      },
      {
        eq: '§6',
        name: "\\text{separation}\\ (h, h')",
        formula: 'h + hd',
        derived: 'patch.foundation.universal.separation',
        where: { h: 'patch.foundation.universal.h', hd: 'patch.foundation.universal.hd' },
        note: "the same in the universal problem: the disk leaves where $-h = h'$, the end of (6.2) at which $H(h'_{-}) = -h'$ (6.3).",
      },
      {
        eq: 'Prop. 11.3',
        name: 'h_{\\max}\\ (\\text{elastic})',
        formula: '(15*V^2/(16*sqrt(2)))^(2/5)',
        derived: 'patch.foundation.universal.elasticStop',
        where: { V: 'patch.foundation.universal.hd0' },
        note: "the proof's step 3: without the dissipative terms the energy integral (6.4) $h'^2/2 + (8\\sqrt{2}/15)h^{5/2} = h'^2_{-}/2$ stops the compression at this depth, $O(h'^{4/5}_{-})$, where the viscous work is $O(h'^{11/5}_{-})$: $H(h'_{-}) = h'_{-}(1 + O(h'^{1/5}_{-}))$.",
      },
      {
        eq: 'Prop. 11.4',
        name: 'h_{\\max}\\ (\\text{viscous})',
        formula: '(3*V/(4*sqrt(2)))^(2/3)',
        derived: 'patch.foundation.universal.viscousStop',
        where: { V: 'patch.foundation.universal.hd0' },
        note: "the proof's step 4: with the dissipative term alone, $3h' + 4\\sqrt{2}h^{3/2} = 3h'_{-}$ stops the compression at $h \\sim h'^{2/3}_{-}$, and the restitution that follows keeps $H \\sim h'^{2/3}_{-}$.",
      },
      {
        eq: '§6',
        name: 't/\\tau',
        formula: 'nu/k',
        derived: 'patch.foundation.universal.timeScale',
        note: 'the time of the universal problem, $t = \\nu\\tau/k = \\sqrt{r/g}\\,\\delta_2\\tau$: so $\\delta_2 = (\\nu/k)\\sqrt{g/r}$.',
      },
      {
        eq: '(5.5)',
        name: "h'/\\dot{\\zeta}",
        formula: 'kappa*sqrt(r/g)',
        derived: 'patch.foundation.universal.rateScale',
        where: { kappa: '(nu/k)^5*(g/r)^(5/2)*(k*r^2/(m*g))^2' },
        note: "$h'_{-} = \\kappa v_{-}$ with $v_{-} = r\\dot{\\zeta}_{-}/\\sqrt{gr}$ (5.5); $\\kappa = \\delta_2^5/\\varepsilon^6$ from §6's $\\delta_2 = (\\varepsilon^6\\kappa)^{1/5}$ and $\\delta_2 = (\\nu/k)\\sqrt{g/r}$ (the text's own line for $\\kappa$ is unreadable).",
      },
      {
        eq: '§6',
        name: '\\delta_1^2',
        formula: '(eps^3*kappa^(-2))^(2/5)',
        derived: 'patch.foundation.universal.depthScale',
        where: { eps: '(m*g/(k*r^2))^(1/3)', kappa: '(nu/k)^5*(g/r)^(5/2)*(k*r^2/(m*g))^2' },
        note: 'the depth of the universal problem, $\\zeta = \\delta_1^2 h$, with §6’s $\\delta_1 = (\\varepsilon^3\\kappa^{-2})^{1/5}$: $\\delta_1 = mk/(\\nu^2 r)$.',
      },
      {
        eq: '(7.5)',
        name: 'd(\\dot{x} + r\\dot{\\varphi})/(\\sigma\\,d\\dot{\\zeta})',
        formula: '3*lambda*r',
        derived: 'patch.foundation.impact.slipPerDepthRate',
        note: "the slip $\\dot{x} + r\\dot{\\varphi}$ per change of the depth's rate during an impact: with the common scale $U$ of (2.2), $\\dot{x} + r\\dot{\\varphi} = U(v + \\gamma)$ and $r\\dot{\\zeta} = U h'$, the paper's $(v + \\gamma)' = 3\\sigma\\lambda h''$.",
      },
      {
        eq: 'Prop. 9',
        name: '\\ell',
        formula: '(2*xd - r*phid)/2',
        derived: 'patch.foundation.impact.invariant',
        where: { xd: "patch.foundation.impact.x'-", phid: "patch.foundation.impact.phi'-" },
        note: '$\\ell$ the first integral $2v - \\gamma$ of an impact ($\\dot{x} = Uv$, $r\\dot{\\varphi} = U\\gamma$), halved: the derived one has its first coefficient 1.',
      },
      {
        eq: 'Prop. 9',
        name: '\\dot{x}^{+}',
        formula: '(2*xd - r*phid + S)/3',
        derived: "patch.foundation.impact.x'+",
        where: { xd: "patch.foundation.impact.x'-", phid: "patch.foundation.impact.phi'-", S: 'patch.foundation.impact.slipAfter' },
        note: '$v^{+} = (2v^{-} - \\gamma^{-} + \\sigma_{-} A)/3$ with $\\dot{x}^{-}, \\dot{\\varphi}^{-}$ before the impact and $S = U\\sigma_{-} A$ the slip after it.',
      },
      {
        eq: 'Prop. 9',
        name: '\\dot{\\varphi}^{+}',
        formula: '(r*phid - 2*xd + 2*S)/(3*r)',
        derived: "patch.foundation.impact.phi'+",
        where: { xd: "patch.foundation.impact.x'-", phid: "patch.foundation.impact.phi'-", S: 'patch.foundation.impact.slipAfter' },
        note: '$\\gamma^{+} = (\\gamma^{-} - 2v^{-} + 2\\sigma_{-} A)/3$.',
      },
      // Prop. 9 whole, its A typed, against the report's run: the first impact runs from its contact to its release.
      {
        eq: 'Prop. 9',
        name: '\\dot{x}^{+}\\ (\\text{first impact, run})',
        formula: '(2*X - r*P + sign(X + r*P)*(abs(X + r*P) - 3*lambda*(Yp - Ym) + abs(abs(X + r*P) - 3*lambda*(Yp - Ym)))/2)/3',
        display: '\\tfrac{1}{3}(2\\dot{x}^{-} - r\\dot{\\varphi}^{-} + \\sigma_{-}A)',
        derived: "motion.release1.x'",
        where: { X: "motion.contact1.x'", P: "motion.contact1.phi'", Ym: "motion.contact1.y'", Yp: "motion.release1.y'" },
        tolerance: 0.01,
        note: "Prop. 9's $v^{+}$ against the run's first impact, from its contact to its release: $\\sigma_{-} = \\operatorname{sgn}(\\dot{x}^{-} + r\\dot{\\varphi}^{-})$, $A = \\max\\{0, |\\dot{x}^{-} + r\\dot{\\varphi}^{-}| - 3\\lambda(\\dot{y}^{+} - \\dot{y}^{-})\\}$, the paper's $A$ with $h'_{-} - h'_{+}$ (see the row of $A$ not derived). It holds at leading order: gravity and the viscous tangential force act during the impact too.",
      },
      {
        eq: '(2.3)',
        name: '|\\sigma_*| < 1',
        formula: 'sin(alpha)/(3*lambda*cos(alpha))',
        display: '0 \\le \\tan\\alpha < 3\\lambda',
        derived: 'patch.foundation.incline.holding',
        note: "the paper's inequality, read as $|\\sigma_*| < 1$ for $\\alpha \\ge 0$: $\\sigma_*$ is the friction sign that holds the slip at zero at rest depth, printed once with the contact law, the root of $(v + \\gamma)' = \\sin\\alpha - 3\\sigma\\lambda\\cos\\alpha$ (11.2); the typed $\\sin\\alpha/(3\\lambda\\cos\\alpha)$ is checked against it. Sliding stops iff it holds (Prop. 15).",
      },
      {
        eq: '(9.2)',
        name: '\\zeta_{*}',
        formula: 'eps^2*((3/2)*cos(alpha))^(2/3)/2',
        derived: 'patch.foundation.incline.depth',
        where: { eps: '(m*g/(k*r^2))^(1/3)' },
        note: 'the rest depth on the incline, the equilibrium $s_{*} = \\tfrac{1}{2}(\\tfrac{3}{2}\\cos\\alpha)^{2/3}$ of the fast vertical motion (9.1), in the depth of the lowest point $r\\varepsilon^2 s$ (§8 (ii)): $\\zeta_{*} = \\varepsilon^2 s_{*}$.',
      },
      // §8–§9 in the scales the derivation finds: those that make the load and the elastic force of the
      // depth's equation pure numbers; the parameters left in its viscous term are the small parameter ε̃.
      {
        eq: '§8 (ii)',
        name: '\\zeta/s',
        formula: 'eps^2',
        derived: 'patch.foundation.transverse.depthScale',
        where: { eps: '(m*g/(k*r^2))^(1/3)' },
        note: 'the depth of the lowest point is $r\\varepsilon^2 s$ (the paper’s $r\\vartheta_0^2/2$), so $\\zeta = \\varepsilon^2 s$: the scale that makes the elastic force and the load of the depth’s equation pure numbers.',
      },
      {
        eq: '§9',
        name: 't/T',
        formula: 'eps*sqrt(r/g)',
        derived: 'patch.foundation.transverse.timeScale',
        where: { eps: '(m*g/(k*r^2))^(1/3)' },
        note: 'the fast time $T = \\bar{t}/\\varepsilon$ of (9.1), $\\bar{t} = t\\sqrt{g/r}$ (the paper’s T; not the kinetic energy).',
      },
      {
        eq: '§11',
        name: '\\tilde{\\varepsilon}',
        formula: '(eps*kappa)^(1/5)',
        derived: 'patch.foundation.transverse.smallParameter',
        where: { eps: '(m*g/(k*r^2))^(1/3)', kappa: '(nu/k)^5*(g/r)^(5/2)*(k*r^2/(m*g))^2' },
        note: "the small parameter of the viscous terms, as derived: the parameters left in the depth's equation in these scales. The paper's $\\tilde{\\varepsilon}$ read off §11, $\\varepsilon\\tilde{\\varepsilon}^{-1} = \\varepsilon^{4/5}\\kappa^{-1/5}$, with $\\kappa$ of (5.5) above.",
      },
      {
        eq: '(9.1)',
        name: "s''",
        formula: '-2*sqrt(2)*epstilde*sqrt(s)*u - 4*sqrt(2)/3*s^(3/2) + cos(alpha)',
        derived: 'patch.foundation.transverse.acceleration',
        where: {
          s: 'patch.foundation.transverse.s',
          u: 'patch.foundation.transverse.u',
          epstilde: 'patch.foundation.transverse.smallParameter',
        },
        note: "the depth's equation (8.5) in the fast time, the patch whole ($s' = u$, $' = d/dT$), without the small forcing $\\tilde{\\varepsilon}^2\\chi$ of the other velocities.",
      },
      {
        eq: '(9.2)',
        name: 's_{*}',
        formula: '((3/2)*cos(alpha))^(2/3)/2',
        derived: 'patch.foundation.transverse.rest',
        note: "where (9.1)'s elastic force balances the load.",
      },
      {
        eq: '§9',
        name: 'V_s(s)',
        formula: '8*sqrt(2)/15*s^(5/2) - cos(alpha)*s',
        derived: 'patch.foundation.transverse.potential',
        where: { s: 'patch.foundation.transverse.s' },
        note: "the potential of (9.1)'s forces free of $u$, in the oscillation's energy $E_s = u^2/2 + V_s(s) - V_s(s_{*})$ (the paper's E).",
      },
      {
        eq: '(9.3)',
        name: "E_{s}'",
        formula: '-2*sqrt(2)*epstilde*s^(1/2)*u^2',
        derived: 'patch.foundation.transverse.dissipation',
        where: {
          s: 'patch.foundation.transverse.s',
          u: 'patch.foundation.transverse.u',
          epstilde: 'patch.foundation.transverse.smallParameter',
        },
        note: "the rate of the oscillation's energy $E_s = u^2/2 + V_s(s) - V_s(s_{*})$ (the paper's E) along (9.1), $\\chi = 0$: the first term of (9.3), whose average Prop. 13 bounds by $-c\\tilde{\\varepsilon}E_s$.",
      },
      {
        eq: 'Prop. 12, (8.2)',
        name: '2\\nu u_y/(k r\\vartheta_0^2)',
        formula: '-Theta_n = epstilde/eps*uy/(s*sqrt(r*g))',
        where: {
          Theta_n: 'patch.foundation.shares.normal',
          uy: '-r*zetadot',
          s: 'zeta*(k*r^2/(m*g))^(2/3)',
          eps: '(m*g/(k*r^2))^(1/3)',
          epstilde: 'patch.foundation.transverse.smallParameter',
        },
        note: "$\\Theta_n$ the density's term in the depth's rate over its elastic term, both at the patch's centre, as derived from the expanded density (4.3) ($u_y = -r\\dot{\\zeta}$ (5.2), $\\vartheta_0^2 = 2\\zeta$); the right side is $\\tilde{\\varepsilon}$ times $-u/s$, $u = -\\varepsilon^{-1}u_y/\\sqrt{rg}$, which is $O(\\tilde{\\varepsilon})$ since $u$, $s$ and $1/s$ are $O(1)$ under (ii) (Cor. 2).",
      },
      {
        eq: 'Prop. 12, (8.2)',
        name: '\\nu u_x/(k r\\vartheta_0)',
        formula: 'Theta_t/2 = epstilde*ux/(sqrt(2*s)*sqrt(r*g))',
        where: {
          Theta_t: 'patch.foundation.shares.tangential',
          ux: 'ux',
          s: 'zeta*(k*r^2/(m*g))^(2/3)',
          eps: '(m*g/(k*r^2))^(1/3)',
          epstilde: 'patch.foundation.transverse.smallParameter',
        },
        note: "$\\Theta_t$ the density's term in $u_x$ at the patch's edge $\\vartheta_0$ over its elastic term at the centre, $k r\\vartheta_0^2/2$ (so $\\Theta_t/2$ is the paper's ratio); the right side is $\\tilde{\\varepsilon}\\,v/\\sqrt{2s}$, $v = u_x/\\sqrt{gr}$, which is $O(\\tilde{\\varepsilon})$ under (iii).",
      },
      // Cor. 3 from the same density: a Newton step from each end of the whole patch (its slope at rest).
      {
        eq: 'Cor. 3, (10.3)',
        name: '(\\vartheta_{+} - \\vartheta_0)/\\vartheta_0',
        formula: 'D_1 = epstilde*(v/sqrt(2*s) + w/(2*s))',
        where: {
          D_1: 'patch.foundation.ends.upper',
          v: 'ux/sqrt(r*g)',
          w: 'r*zetadot/((m*g/(k*r^2))^(1/3)*sqrt(r*g))',
          s: 'zeta*(k*r^2/(m*g))^(2/3)',
          epstilde: 'patch.foundation.transverse.smallParameter',
        },
        note: "the end of the arc the density's root moves $\\vartheta_0$ to, at first order in the velocities: $O(\\tilde{\\varepsilon})$ by (8.2) (Cor. 3), with $v = u_x/\\sqrt{gr}$ and $u = -\\varepsilon^{-1}u_y/\\sqrt{rg}$ ($u_y = -r\\dot{\\zeta}$); (10.3) prints $\\vartheta_{+} = \\vartheta_0(1 + \\tilde{\\varepsilon}v/\\sqrt{2s} + O(\\tilde{\\varepsilon}^2))$, its $u$-term being $O(\\tilde{\\varepsilon}^2)$ once $u = O(\\tilde{\\varepsilon})$ (10.1).",
      },
      {
        eq: 'Cor. 3–4, (10.3)–(10.4)',
        name: '(\\vartheta_{-} + \\vartheta_0)/(-\\vartheta_0)',
        formula: 'D_2 = epstilde*(-v/sqrt(2*s) + w/(2*s))',
        where: {
          D_2: 'patch.foundation.ends.lower',
          v: 'ux/sqrt(r*g)',
          w: 'r*zetadot/((m*g/(k*r^2))^(1/3)*sqrt(r*g))',
          s: 'zeta*(k*r^2/(m*g))^(2/3)',
          epstilde: 'patch.foundation.transverse.smallParameter',
        },
        note: "likewise at $-\\vartheta_0$, outward where positive. The patch is the arc cut at these ends (the law's regimes), so (8.3)'s $I = (-\\vartheta_0(1 - \\tilde{\\varepsilon}\\mu_{-}), \\vartheta_0(1 - \\tilde{\\varepsilon}\\mu_{+}))$ has $\\mu_{+} = \\max(0, -D_1/\\tilde{\\varepsilon})$, $\\mu_{-} = \\max(0, -D_2/\\tilde{\\varepsilon})$: $0 \\le \\mu_{\\pm} = O(1)$ (Cor. 4), and at $u = O(\\tilde{\\varepsilon})$, $v > 0$, (10.4)'s $\\mu_{-} = v/\\sqrt{2s}$, $\\mu_{+} = 0$.",
      },
      // Cor. 2 and Cor. 5 from the potential of (9.1), the paper's V, here V_s: (8.1) is u²/2 + V_s(s) < −c, that is E_s < −V_s(s*) − c.
      {
        eq: 'Cor. 2, Cor. 5',
        name: 'V_s(s_{*})',
        formula: '-(3/10)*(3/2)^(2/3)*cos(alpha)^(5/3)',
        derived: 'patch.foundation.transverse.restPotential',
        note: "(8.1) reads $u^2/2 + V_s(s) < -c$, i.e. $E_s < -V_s(s_{*}) - c$: it bounds $u^2 < -2V_s(s_{*})$ (Cor. 2), and holds in $\\{E_s \\le C_0\\tilde{\\varepsilon}^2\\}$ once $C_0\\tilde{\\varepsilon}^2 < -V_s(s_{*}) - c$, so for the whole motion after Prop. 13 (Cor. 5). The source text's line for $V_s(s_{*})$ (its $V(s_{*})$) keeps only $\\cos^{5/3}\\alpha$ of it; typed as §9's $V_s$ at (9.2)'s $s_{*}$.",
      },
      {
        eq: 'Cor. 2, §9',
        name: 's_0',
        formula: '(15*cos(alpha)/(8*sqrt(2)))^(2/3)',
        derived: 'patch.foundation.transverse.potentialRoot',
        note: "the nonzero root of $V_s$ (Prop. 13's proof): $V_s < 0$ on $(0, s_0)$ only and $V_s(s) > -s\\cos\\alpha$, so (8.1) keeps $c/\\cos\\alpha < s < s_0$: $s$ and $1/s$ are $O(1)$ (Cor. 2). At the level rest (4.7), $s = (9/32)^{1/3}$, the left side of (8.1) is $(2/5 - \\cos\\alpha)(9/32)^{1/3}$, negative for $\\alpha$ up to $\\pi/3$.",
      },
      {
        eq: '(12.2)',
        name: '\\ddot{x}',
        formula: '2/3*g*sin(alpha)',
        derived: "patch.foundation.rolling.x''",
        note: "rolling without slip at rest depth, at zero speed: the paper's $v' = \\tfrac{2}{3}\\sin\\alpha$ in $v = u_x/\\sqrt{gr}$ and the time $\\bar{t} = t\\sqrt{g/r}$ (the paper's $\\tau$ of §8–12, not the universal problem's).",
      },
      {
        eq: '(12.3)',
        name: '\\partial\\ddot{x}/\\partial\\dot{x}',
        formula: '-(2/3)*eps*epstilde*cos(alpha)*sqrt(g/r)',
        derived: "patch.foundation.rolling.x''.perVelocity",
        where: { eps: '(m*g/(k*r^2))^(1/3)', epstilde: 'patch.foundation.transverse.smallParameter' },
        note: "the rolling resistance at first order in the speed: (12.3)'s $v' = \\tfrac{2}{3}\\sin\\alpha - \\tfrac{2}{3}\\varepsilon\\tilde{\\varepsilon}v(\\cos\\alpha - \\ldots)$, $v = u_x/\\sqrt{gr}$, $\\bar{t} = t\\sqrt{g/r}$, $\\varepsilon\\tilde{\\varepsilon} = (\\nu/k)\\sqrt{g/r}$: the resistance $\\nu P\\dot{x}/(kr)$ is proportional to the load $P = mg\\cos\\alpha$ and the speed, as (3.1) is described; its rest is §2's speed, not (12.5)'s.",
      },
      {
        eq: '(12.5)',
        origin: 'correction',
        name: 'u_x\\ (\\text{steady})',
        formula: 'sqrt(g*r)*tan(alpha)/(eps*epstilde)',
        printed: '2*sqrt(g*r)*tan(alpha)/(eps*epstilde)',
        derived: 'patch.foundation.rolling.steady',
        where: { eps: '(m*g/(k*r^2))^(1/3)', epstilde: 'patch.foundation.transverse.smallParameter' },
        reading:
          "the print is twice the steady speed $(\\varepsilon\\tilde{\\varepsilon})^{-1}\\tan\\alpha$ of the paper's own §2, so the paper contradicts itself, and the derivation gives §2's",
        note: "(12.5) prints $v = u_x/\\sqrt{gr} = 2(\\varepsilon\\tilde{\\varepsilon})^{-1}\\tan\\alpha$; the corrected reading is §2's steady speed, half of it, $(\\varepsilon\\tilde{\\varepsilon})^{-1}\\tan\\alpha$ with $\\tilde{\\varepsilon}$ read off $\\Phi_y$ of (8.5): the paper's (8.6), (8.7) with (12.1) give $v' = \\tfrac{2}{3}(\\sin\\alpha + \\varepsilon\\Phi_x)$ and $\\varepsilon\\Phi_x = -\\varepsilon\\tilde{\\varepsilon} v\\cos\\alpha$ at $s_*$, whose rest is §2's.",
      },
      // (12.3) and (12.5) against the run at the smallest incline (paper.studyFigures' incline runs), where the speed
      // moves the patch's rear end in by only a little: the rows are of first order in the speed.
      {
        eq: '(12.5)',
        name: 'u_x\\ (t \\to \\infty,\\ \\text{run})',
        formula: 'sqrt(g*r)*tan(alpha)/(eps*epstilde)',
        derived: 'incline.run1.speed',
        where: { eps: '(m*g/(k*r^2))^(1/3)', epstilde: 'patch.foundation.transverse.smallParameter' },
        tolerance: 5e-3,
        note: "the corrected steady speed against the first run on the incline: the limit of its rolling speed, extrapolated (Aitken's $\\Delta^2$ on three quarter-points of the rolling). The agreement asked, $5 \\cdot 10^{-3}$ m/s, is some 7 % of the speed: (12.5) is of first order in it, and the run is not.",
      },
      {
        eq: '(12.3)',
        name: 't_{x}\\ (\\text{run})',
        formula: '1/((2/3)*eps*epstilde*cos(alpha)*sqrt(g/r))',
        derived: 'incline.run1.timeConstant',
        where: { eps: '(m*g/(k*r^2))^(1/3)', epstilde: 'patch.foundation.transverse.smallParameter' },
        tolerance: 0.1,
        note: "the time constant $t_x$ of the rolling speed's approach to its limit in the same run, against (12.3)'s $v' = -\\tfrac{2}{3}\\varepsilon\\tilde{\\varepsilon}v\\cos\\alpha + \\ldots$ in $\\bar{t} = t\\sqrt{g/r}$. The agreement asked is 10 %: the run's resistance is that of the patch whose rear end its speed moves in, less than (12.3)'s of the whole patch, and its time constant longer.",
      },
      // Prop. 11 and Cor. 1 are about H, defined only through the solution of (6.1)–(6.3):
      // the claims' prover (src/derive/proofs/claims.ts) decides inequalities between
      // closed-form expressions on boxes of parameters, so they are measured on the
      // universal problem's integration instead.
      {
        eq: 'Prop. 11.3',
        name: "\\lim_{h'_{-} \\to 0} H/h'_-",
        formula: '1',
        derived: 'restitution.foundation.limitAtZero',
        tolerance: 1e-3,
        note: "the universal problem's restitution extrapolated to $h'_{-} \\to 0$ (Aitken's $\\Delta^2$ on its values at $h'_{-} = 10^{-9}, 10^{-10}, 10^{-11}$, which approach 1 as slowly as $h'^{1/5}_-$). Prop. 11 is measured here, not proved: $H$ is the end of the scattering problem (6.1)–(6.3), which has no closed form, and a proof of its monotonicity compares solutions of that problem (the paper's sketch), not expressions on a box of parameters.",
      },
      {
        eq: 'Prop. 11.3',
        name: "1 - H/h'_{-} \\propto h'^{x}_-",
        formula: '1/5',
        derived: 'restitution.foundation.lossExponent',
        tolerance: 0.01,
        note: "the log-log slope of $1 - H/h'_-$ between $h'_{-} = 10^{-11}$ and $10^{-9}$.",
      },
      {
        eq: 'Prop. 11.4',
        name: "H \\propto h'^{x}_-",
        formula: '2/3',
        derived: 'restitution.foundation.growthExponent',
        tolerance: 0.02,
        note: "the log-log slope of $H$ between $h'_{-} = 10^{6}$ and $10^{8}$.",
      },
      {
        eq: 'Cor. 1',
        name: "\\lim_{h'_{-} \\to \\infty} H/h'_-",
        formula: '0',
        derived: 'restitution.foundation.limitAtInfinity',
        tolerance: 1e-4,
        note: "extrapolated to $h'_{-} \\to \\infty$ likewise, from $h'_{-} = 10^{6}, 10^{7}, 10^{8}$, $\\Delta^2$ as it comes: a little below 0 through the next order of $H$. The tolerance is below the ratio $H/h'_-$ at $10^{8}$ itself, which falls like $h'^{-1/3}_-$ (Prop. 11.4), so the row fails where the extrapolation does not remove the ratio's fall.",
      },
      // Props. 13 and 14 are estimates of order for every bounded forcing χ of (9.1), with constants the paper does
      // not give (C₀, T₀, T₁): measured on the derived (9.1) at ε̃ = 10⁻³ and 10⁻² (src/studies/relaxation.ts).
      {
        eq: 'Prop. 13',
        name: "-E_{s}'/E_{s} \\propto \\tilde{\\varepsilon}^{x}",
        formula: '1',
        derived: 'relaxation.foundation.rateExponent',
        tolerance: 0.01,
        note: "the proof's decay $E_s' \\le -c\\tilde{\\varepsilon}E_s$ ($E_s$ the paper’s E of (9.3), $' = d/dT$), which brings $E_s$ from $O(1)$ to $C_0\\tilde{\\varepsilon}^2$ in $T \\sim \\tilde{\\varepsilon}^{-1}|\\ln\\tilde{\\varepsilon}|$: the log-log slope of the rate at $\\chi = 0$ (between $T = 1/\\tilde{\\varepsilon}$ and $3/\\tilde{\\varepsilon}$) from $\\tilde{\\varepsilon} = 10^{-3}$ to $10^{-2}$.",
      },
      {
        eq: 'Prop. 13',
        name: 'E_{s}\\ (\\chi = \\cos\\omega T) \\propto \\tilde{\\varepsilon}^{x}',
        formula: '2',
        derived: 'relaxation.foundation.plateauExponent',
        tolerance: 0.02,
        note: "the region $\\{E_s \\le C_0\\tilde{\\varepsilon}^2\\}$ it stays in: the log-log slope of the largest $E_s$ over ten periods after twenty decay times, forced at the oscillation's own frequency $\\omega = \\sqrt{V''(s_*)}$ with $|\\chi| \\le 1$: the largest $E_s$ any such forcing keeps ($\\chi = \\operatorname{sgn} u$) is only $(4/\\pi)^2$ times this one's. Measured for that forcing, not proved for every one.",
      },
      {
        eq: 'Prop. 14',
        name: '\\tilde{E}_{s}\\ (\\chi = 1 + \\tilde{\\varepsilon}\\cos\\tilde{\\omega}T) \\propto \\tilde{\\varepsilon}^{x}',
        formula: '4',
        derived: 'relaxation.foundation.shiftedPlateauExponent',
        tolerance: 0.02,
        note: "$\\tilde{E}_s = u^2/2 + \\tilde{V}_s(s) - \\tilde{V}_s(\\tilde{s}_{*})$, $\\tilde{V}_s = V_s + \\tilde{\\varepsilon}^2 s$, about the rest the forcing's constant part shifts (10.5): the log-log slope, $\\tilde{\\varepsilon} = 10^{-3}$ to $10^{-2}$, of its largest value over ten periods after twenty decay times, started in (10.6)'s region. That constant part, the paper's $\\sqrt{s_{*}/2}\\,v$, is not derived: set to 1, which only moves $\\tilde{s}_{*}$. Measured for this forcing, not proved for every one.",
      },
      {
        eq: 'Prop. 15',
        name: 'T_1',
        formula: 'u_s/(g*(3*lambda*cos(alpha)*sign(u_s) - sin(alpha)))',
        derived: 'patch.foundation.incline.stopTime',
        where: { u_s: "x' + r*phi'" },
        origin: 'reduction',
        note: "the time the slip $u_s = \\dot{x} + r\\dot{\\varphi}$ takes to stop at rest depth, (11.2) integrated: $(v + \\gamma)' = \\sin\\alpha - 3\\sigma\\lambda\\cos\\alpha$ with $\\sigma = \\operatorname{sgn}(v + \\gamma)$ kept until the slip vanishes, in the model's units $\\dot{u}_s = g(\\sin\\alpha - 3\\sigma\\lambda\\cos\\alpha)$. Under (2.3) the denominator is positive for either sign of $u_s$, so the slip stops, after $T_1\\sqrt{g/r} = O(1)$ in the paper's time $\\tau$ for a slip of order $\\sqrt{gr}$: Prop. 15.",
      },
      // (3.1)–(3.2) at first order in the speed: the source text has lost both formulas, but says how they are
      // found, from (12.3) with m u̇ₓ = −2Fₓ/3 and from the no-slip condition uₓ + rω = 0.
      {
        eq: '(3.1)',
        name: 'F_x/u_x\\ (\\text{rolling})',
        formula: '-(3/2)*m*D = nu*m*g*cos(alpha)/(k*r)',
        where: { D: "patch.foundation.rolling.x''.perVelocity" },
        origin: 'reduction',
        note: "the rolling resistance per unit speed, by the paper's $mu_x' = -2F_x/3$ for a disk rolling without slip: $F_x = \\nu Pu_x/(kr)$, proportional to the load $P = mg\\cos\\alpha$ and the speed, as the text says of (3.1), from the derived $\\partial\\ddot{x}/\\partial\\dot{x}$ of rolling at rest depth.",
      },
      {
        eq: '(3.2)',
        name: 'M/u_x\\ (\\text{rolling})',
        formula: '(m*r^2/2)*D = nu*m*g*cos(alpha)/(3*k)',
        where: { D: "patch.foundation.rolling.phi''.perVelocity" },
        origin: 'reduction',
        note: "the moment about the centre that the rolling takes, $M = \\tfrac{1}{2}mr^2\\dot{\\omega}$ with $\\omega = -u_x/r$: $M = -\\tfrac{1}{2}mr\\dot{u}_x = rF_x/3$, from the derived $\\partial\\ddot{\\varphi}/\\partial\\dot{x}$. The paper's $\\tfrac{1}{2}$, absent in Ishlinsky's $M = rF_x$, is that of $\\tfrac{1}{2}mr^2$.",
      },
    ],
    notDerived: [
      {
        eq: 'Prop. 9',
        name: "h'_{+} = -H(h'_{-})",
        reason:
          "the vertical half of the impact: $H$ is the end of the universal problem (6.1)–(6.3), computed in the universal section's figures, not a closed form to set the row against. That the vertical motion decouples is (6.1)–(6.2) above, which hold neither $\\dot{x}$ nor $\\dot{\\varphi}$.",
      },
      {
        eq: 'Prop. 9',
        name: "A = \\max\\{0, |v_{-} + \\gamma_{-}| - 3\\lambda(h'_{+} - h'_{-})\\}",
        reason:
          "the size $A$ of the slip after the impact, $S = U\\sigma_{-}A$: (7.5) above, integrated over the impact with $\\sigma$ held until the slip vanishes, gives $A = \\max\\{0, |v_{-} + \\gamma_{-}| - 3\\lambda(h'_{-} - h'_{+})\\}$ with $h' > 0$ compressing, so that friction lowers the slip; the source text reads $h'_{+} - h'_{-}$. Not a fact of the derivation: $h'_{+}$ is the universal problem's.",
      },
      {
        eq: '(3.1)–(3.2)',
        name: 'F_x,\\ M\\ (\\text{rolling}),\\ O(u_x^2)',
        reason:
          'the correction quadratic in the speed that lowers both: the source text has lost the formulas, and the correction comes from (12.3)’s, the next entry. The terms linear in the speed are derived above.',
      },
      {
        eq: '(12.3)',
        name: "v' = \\tfrac{2}{3}\\sin\\alpha - \\tfrac{2}{3}\\varepsilon\\tilde{\\varepsilon}v(\\cos\\alpha - \\ldots + O(\\tilde{\\varepsilon}^3))",
        reason:
          'the correction beyond the term linear in $v$: it comes from the paper’s $\\Phi_x$, the resultants over the patch whose rear end the speed moves in by $\\tilde{\\varepsilon}\\mu_{-}$ (10.4), to second order in $\\tilde{\\varepsilon}$; the rolling derived here is the whole patch at first order in the speed, and the printed coefficient is garbled in the source text.',
      },
    ],
    // Figs. 2–4 over the impact speed, from the patch's universal impact problem (the universal section).
    // §2's stages on the incline: (2.3) holds at the first two, far inside the linear rolling (12.5) at the first
    // (tan α ≪ ε) and beyond it at the second; it fails at the third, where the slip never stops.
    studyFigures: [
      { kind: 'universal-restitution' },
      {
        kind: 'incline-runs',
        runs: [
          { params: { alpha: 0.002 }, t1: 40 },
          { params: { alpha: 0.02 }, t1: 25 },
          { params: { alpha: 0.6 }, t1: 2 },
        ],
      },
    ],
    // Fig. 1: the disk at rest on its springs, its lowest point at the depth rϑ₀²/2 of (4.7); at the default
    // stiffness that is 0.14 % of the radius, so the figure softens the foundation to show the patch.
    sketches: [
      {
        eq: 'Fig. 1',
        at: { x: 0, y: 'r*(1 - (3/2)^(2/3)*(m*g/(k*r^2))^(2/3)/2)', phi: 0 },
        params: { k: 2e4 },
        caption:
          'The disk on the viscoelastic line: its springs, free ends on the undeformed line, pressed by the disk at rest over the arc $|\\vartheta| < \\vartheta_0 = (3/2)^{1/3}\\varepsilon$ (4.7)',
      },
    ],
  },
});
