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
// lowest point rq (q = 1 − y/r, q̇ = −ẏ/r (5.2)), the spring displacement
// Y = r(cos ϑ₀ − cos ϑ) and its rate Ẏ = u_y − uₓ tan ϑ (4.2), so the
// vertical force per dϑ is −(kY + νẎ)·r cos ϑ (dx = r cos ϑ dϑ), expanded
// for ϑ ~ ε, q ~ ε², uₓ ~ ε as the paper does (4.3). Resultants (4.6):
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
    tau: { default: 1e-4, description: 'relaxation time of a slip the friction can stop', unit: 's' },
  },
  kinetic: "m*(x'^2 + y'^2)/2 + m*r^2*phi'^2/4",
  potential: 'm*g*(y*cos(alpha) - x*sin(alpha))',
  patches: [
    {
      name: 'foundation',
      description: 'the Kelvin–Voigt foundation under the disk',
      variable: 'theta',
      state: { q: '1 - y/r', qd: "-y'/r", ux: "x'" },
      depth: 'q',
      penetration: 'r*(cos(theta) - 1 + q)',
      density: '(k*r*(cos(theta) - 1 + q) + nu*(r*qd + ux*tan(theta)))*r*cos(theta)',
      expansion: { orders: { theta: 1, q: 2, qd: 2, ux: 1 }, keep: 2 },
      resultants: { Fy: '1', Fx: '-(sigma*lambda + theta)', M: '-sigma*lambda*r' },
      normal: 'Fy',
      forces: { x: 'Fx', y: 'Fy', phi: 'M' },
      friction: { sign: 'sigma', slip: "x' + r*phi'", relaxation: 'tau' },
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
  initial: { q: { y: 0.12 }, qd: { x: 0.5, phi: -20 }, t1: 1 },
  // Kuleshov et al. against the derived patch law, in its own symbols: the depth q and its rate q̇.
  paper: {
    source: 'kuleshov2011',
    formulas: [
      { eq: '(4.7)', name: '\\vartheta_0', formula: '(3/2)^(1/3)*eps', derived: 'patch.foundation.halfWidth', where: { eps: '(m*g/(k*r^2))^(1/3)' } },
      {
        eq: '§5',
        name: 'q_0',
        formula: '((3/2)^(1/3)*eps)^2/2',
        derived: 'patch.foundation.depth',
        where: { eps: '(m*g/(k*r^2))^(1/3)' },
        note: 'the depth at rest $q_0 = 1 - \\cos\\vartheta_0 \\approx \\vartheta_0^2/2 = (9/32)^{1/3}\\varepsilon^2$.',
      },
      {
        eq: '(5.3)',
        name: 'F_y\\ (\\dot{q} \\ge 0)',
        formula: '4*sqrt(2)/3*k*r^2*Q^(3/2) + 2*sqrt(2)*nu*r^2*Q^(1/2)*Qd',
        derived: 'patch.foundation.normal.whole.Fy',
        where: { Q: 'q', Qd: 'qd' },
        note: 'compression of the non-rotating disk: the patch is the whole arc $(-\\vartheta_0, \\vartheta_0)$.',
      },
      {
        eq: '(5.4)',
        name: 'F_y\\ (\\dot{q} < 0)',
        formula: '4*sqrt(2)/3*k*r^2*(Q + nu*Qd/k)^(3/2)',
        derived: 'patch.foundation.normal.both-inner.Fy',
        where: { Q: 'q', Qd: 'qd' },
        note: 'restitution: the patch only where $kY + \\nu\\dot{Y} > 0$.',
      },
      {
        eq: '§5',
        name: 'k\\,(q + \\nu\\dot{q}/k)',
        formula: 'k*(Q + nu*Qd/k)',
        derived: 'patch.foundation.normal.separation',
        where: { Q: 'q', Qd: 'qd' },
        note: 'the disk separates where $q + \\nu\\dot{q}/k = 0$; the derived condition is the density’s discriminant, the same up to the factor $k$.',
      },
    ],
  },
});
