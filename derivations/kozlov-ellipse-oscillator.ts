import { defineModel } from '../src/model/index.js';

// kozlov1988 §6, (6.1)–(6.2): a harmonic oscillator of stiffness c inside the
// ellipse x²/a² + y²/b² ≤ 1, b ≤ a, striking it elastically: the limit of
// Jacobi's problem on a triaxial ellipsoid as one semi-axis shrinks. For
// c < 0 (repelled from the centre) and energy E < 0 the point bounces on the
// end (a, 0) of the major axis, turning at x_t, |c|x_t²/2 = −E; the
// oscillation is linearly stable iff −|c|a²/2 ≤ E ≤ −|c|(a² − b²)/2 (6.2),
// its amplitude a − x_t at most the distance from the end to the nearer
// focus. At the speed v at the wall, E = v²/2 + ca²/2: stable iff b ≥ v/√|c|.
// As for the parabolic billiard, the limit of this one (§6), stability is
// lost by period doubling. The trace of the half-period map is derived in
// closed form (axis.x.trace): for c ≥ 0 the oscillation is stable iff it does
// not strike the wall, 0 ≤ E ≤ ca²/2 (6.1). Deformed into the parabola as §6 says
// (one focus held, a → ∞, |c|a = g), that trace tends to the parabolic
// billiard's: (6.2) goes over into (4.1). The minor axis: kozlov-ellipse-minor-axis.
export default defineModel({
  name: 'kozlov-ellipse-oscillator',
  title: 'A harmonic oscillator in an ellipse (Kozlov §6)',
  sources: ['kozlov1988'],
  description: 'A point repelled from the centre of an elliptic billiard, bouncing on the end of its major axis: the stability condition (6.2) of Kozlov §6.',
  coordinates: [
    { name: 'x', description: 'position along the major axis', unit: 'm' },
    { name: 'y', description: 'position along the minor axis', unit: 'm' },
  ],
  parameters: {
    // b < a over the ranges: the ellipse's semi-axes, b ≤ a, with the major axis the longer.
    a: { default: 2, range: [1.5, 3], description: 'major semi-axis', unit: 'm' },
    b: { default: 1.2, range: [0.5, 1.4], description: 'minor semi-axis', unit: 'm' },
    c: { default: -1, range: [-2, -0.5], description: 'stiffness of the central force (negative: repelling)', unit: '1/s^2' },
    e: { default: 1, description: 'coefficient of restitution (elastic)' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  potential: 'c*(x^2 + y^2)/2',
  unilateral: [{ name: 'wall', constraint: 'a^2*b^2 - b^2*x^2 - a^2*y^2 >= 0', law: { newton: 'e' }, description: 'the ellipse x²/a² + y²/b² = 1' }],
  drawing: { points: { P: ['x', 'y'] } },
  initial: { q: { x: 'a*sqrt(1 - 0.0001/b^2)', y: 0.01 }, qd: { x: -1, y: 0 }, t1: 10 },
  // The oscillation leaving the wall at (a, 0) at the speed 1 (E = −3/2, x_t = √3), found from a
  // start 1 cm off the axis, its speed held, and followed as the ellipse narrows, b from 1.2 to 0.8.
  orbit: {
    q0: { x: 1.9999305543498809, y: 0.01 },
    qd0: { x: -1, y: 0 },
    section: { contact: 'wall' },
    fix: ["x'"],
    continuation: { parameter: 'b', from: 1.2, to: 0.8 },
  },
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '(6.2)',
        name: 'b_{*}',
        formula: 'abs(v)/sqrt(abs(c))',
        derived: 'orbit.bifurcation1',
        where: { v: "orbit.x'" },
        tolerance: 1e-5,
        origin: 'reduction',
        note: 'where the second condition of (6.2), $E \\le -|c|(a^2 - b^2)/2$, fails as $b$ shrinks: at the velocity $v$ at the wall $E = v^2/2 + ca^2/2 = (v^2 - |c|a^2)/2$ for $c < 0$, so it reads $b \\ge |v|/\\sqrt{|c|}$; the amplitude $a - x_t$ reaches the distance $a - \\sqrt{a^2 - b^2}$ to the focus.',
      },
      {
        eq: '(6.1)',
        name: '\\operatorname{tr} P',
        derived: 'axis.x.trace',
        note: 'the map $P$ of a transverse offset $(\\delta y, \\delta\\dot{y})$ over half a period of the oscillation along the major axis at the energy $E$ (Kozlov’s $h$), derived from the flight in the isotropic field and the kick $-2w\\,\\delta y/R$ of the wall of radius $R = b^2/a$ at $x = \\pm a$ ($w$ the speed there; bouncing on one end, $c < 0$ and $E < 0$, the map is $-P$): stable while $|\\operatorname{tr} P| < 2$.',
      },
      {
        eq: '(6.1)',
        name: 'E_{*}',
        formula: 'c*a^2/2',
        derived: 'axis.x.grazing',
        note: 'where the oscillation begins to strike the wall, $\\operatorname{tr} P = -2$; for $c \\ge 0$ above it $2 + \\operatorname{tr} P = 2w^2(1 - a/R)/E < 0$ as $R = b^2/a < a$, and below it the free isotropic oscillation has the identity for its monodromy: stable iff $0 \\le E \\le ca^2/2$.',
      },
      {
        eq: '(6.2)',
        name: 'E_{+}',
        formula: '-abs(c)*(a^2 - b^2)/2',
        derived: 'axis.x.loss',
        note: 'for $c < 0$, where $\\operatorname{tr} P = 2$; with $E \\ge E_{*} = -|c|a^2/2$, the energy at rest on the wall, the second condition of (6.2).',
      },
      {
        eq: '(4.1)',
        name: '\\lim_{a \\to \\infty} \\operatorname{tr} P\\ \\text{at}\\ f^{\\prime\\prime}(0) = g/v^2',
        formula: '2',
        derived: 'axis.x.trace@b=(sqrt(a*A-A*A/4))@c=(-g/a)@E=(v*v/2-g*a/2)@a→∞@A=(v*v/g)',
        note: 'the limit trace of the §6 row at (4.1)’s boundary, typed from the paper: $f^{\\prime\\prime}(0) = 1/A$ equal to $g/v^2$. There it reaches $2$, the loss of stability, and $|\\operatorname{tr} P| < 2$ below it: (6.2) goes over into (4.1).',
      },
      {
        eq: '§6',
        name: '\\lim_{a \\to \\infty} \\operatorname{tr} P,\\ |c|a = g',
        formula: '-(2 - 4*v^2/(A*g))',
        derived: 'axis.x.trace@b=(sqrt(a*A-A*A/4))@c=(-g/a)@E=(v*v/2-g*a/2)@a→∞',
        note: 'the ellipse deformed into the parabola $y = x^2/(2A)$ (§6): the focus by the struck end held, $a - \\sqrt{a^2 - b^2} = A/2$, the other sent away, $a \\to \\infty$, $|c|a = g$, at the speed $v$ at the wall, $E = v^2/2 - ga/2$. The bouncing on one end has the map $-P$, of trace $2 - 4v^2/(gA)$ in the limit: the parabolic billiard’s, stable iff $f^{\\prime\\prime}(0) = 1/A < g/v^2$. So (6.2) goes over into (4.1).',
      },
    ],
    notDerived: [
      {
        eq: '§6',
        name: '\\text{trajectories through a focus}',
        reason:
          'that a motion through a focus returns through the two foci alternately at equal intervals is a statement about every such motion, not about the axis orbit the report follows; it is not derived.',
      },
      {
        eq: '§6',
        name: '\\text{ellipsoid of Jacobi} \\to \\text{billiard}',
        reason:
          'the billiard is taken as the model; its derivation as the limit of Jacobi’s problem on a triaxial ellipsoid as one semi-axis shrinks is not derived.',
      },
      {
        eq: '§6',
        name: 'l \\ge 2R,\\ 4E < |c|l(R - l/2)',
        reason:
          'the closing remark’s branch for $c < 0$ and $E > 0$, the oscillation struck at both ends of the major axis, is not followed: the report’s orbit bounces on one end with $E < 0$.',
      },
    ],
    scope: 'the repelling case $c < 0$ of (6.2) (the $|c|$ of its formulas); for $c \\ge 0$, (6.1), the trace’s grazing energy alone',
    claims: [
      {
        eq: '(6.1)',
        name: 'l > 2R',
        claim: 'l > 2*R',
        where: { l: 'axis.x.length', R: 'axis.x.radius' },
        note: 'the paper’s closing remark of §6, for $c > 0$ stable only if $l < 2R$, holds along the major axis: there $l = 2a > 2R = 2b^2/a$, the condition fails, and the orbit with impacts is unstable, as the remark says: its $2 + \\operatorname{tr} P$ has the factor $1 - l/2R < 0$, so it is stable only while it does not strike the wall.',
      },
    ],
  },
});
