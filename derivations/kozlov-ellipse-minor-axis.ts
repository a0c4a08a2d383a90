import { defineModel } from '../src/model/index.js';
import ellipse from './kozlov-ellipse-oscillator.js';

// kozlov1988 §6, (6.2): the oscillator in the ellipse of
// kozlov-ellipse-oscillator, repelled from the centre (c < 0), now oscillating
// along the minor axis between (0, −b) and (0, b). Linearly stable iff
// E ≥ |c|(a² − b²)/2 (6.2); at the speed v at the wall, E = v²/2 + cb²/2, so
// iff a ≤ v/√|c|. The same as l = 2b against 2R = 2a²/b, the walls' radius of
// curvature at the orbit's ends (the paper's closing remark of §6): stability
// is lost as the ellipse widens, the multipliers meeting at +1 with the orbit
// still there (a pitchfork of the symmetric orbit), neither a fold nor a period doubling. The trace of
// the half-period map in closed form (axis.y.trace) gives (6.1) too: for c ≥ 0
// stable at every energy.
export default defineModel({
  ...ellipse,
  name: 'kozlov-ellipse-minor-axis',
  title: 'A harmonic oscillator in an ellipse: the minor axis (Kozlov §6)',
  description: 'A point repelled from the centre of an elliptic billiard, oscillating along its minor axis: the first stability condition (6.2) of Kozlov §6.',
  parameters: {
    ...ellipse.parameters,
    a: { default: 1.5, range: [1.5, 2.5], description: 'major semi-axis', unit: 'm' },
    b: { default: 1, range: [0.5, 1.2], description: 'minor semi-axis', unit: 'm' },
  },
  initial: { q: { x: 0.01, y: -0.9999 }, qd: { x: 0, y: 2 }, t1: 10 },
  // The oscillation leaving the wall at (0, −b) at the speed 2 (E = 3/2), found from a start 1 cm
  // off the axis, its speed held, and followed as the ellipse widens, a from 1.5 to 2.5.
  orbit: {
    q0: { x: 0.01, y: -0.9999 },
    qd0: { x: 0, y: 2 },
    section: { contact: 'wall' },
    crossings: 2,
    fix: ["y'"],
    continuation: { parameter: 'a', from: 1.5, to: 2.5 },
    // (6.1): with the centre attracting, c ≥ 0, stable at every energy; outside the range of c the |c| of (6.2) is declared for.
    sweep: { parameter: 'c', values: [0, 0.5, 1] },
  },
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '(6.2)',
        name: 'a_{*}',
        formula: 'v/sqrt(abs(c))',
        derived: 'orbit.bifurcation1',
        where: { v: "orbit.y'" },
        tolerance: 1e-6,
        origin: 'reduction',
        note: 'where the first condition of (6.2), $E \\ge |c|(a^2 - b^2)/2$, fails as $a$ grows: at the speed $v$ at the wall $E = v^2/2 + cb^2/2 = (v^2 - |c|b^2)/2$ for $c < 0$, so it reads $a \\le v/\\sqrt{|c|}$. The multipliers meet at $+1$ ($2 - \\operatorname{tr}$ changes sign) and the branch goes on, unstable beyond: a pitchfork, not a period doubling.',
      },
      {
        eq: '(6.1)',
        name: '\\operatorname{tr} P',
        derived: 'axis.y.trace',
        note: 'the map $P$ of a transverse offset $(\\delta x, \\delta\\dot{x})$ over half a period of the oscillation along the minor axis at the energy $E$ (Kozlov’s $h$), derived from the flight in the isotropic field and the kick $-2w\\,\\delta x/R$ of the wall of radius $R = a^2/b$ at $y = \\pm b$ ($w$ the speed there): stable while $|\\operatorname{tr} P| < 2$.',
      },
      {
        eq: '(6.2)',
        name: 'E_{+}',
        formula: 'abs(c)*(a^2 - b^2)/2',
        derived: 'axis.y.loss',
        note: 'for $c < 0$, where $\\operatorname{tr} P = 2$: the first condition of (6.2). For $c \\ge 0$ it is $c(b^2 - a^2)/2 \\le 0$ and $2 + \\operatorname{tr} P = 2w^2(1 - b/R)/E > 0$ as $R = a^2/b > b$: stable at every $E \\ge 0$ (6.1), the free oscillation below $cb^2/2$ too.',
      },
      {
        eq: '§6',
        name: '\\text{stable iff } E > E_{+} = \\tfrac{1}{4}|c|l(R - l/2)',
        formula: 'abs(c)*l*(R - l/2)/4',
        derived: 'axis.y.loss',
        where: { l: 'axis.y.length', R: 'axis.y.radius' },
        note: 'the closing remark of §6 for $c < 0$ and $l < 2R$: stable iff $4E > |c|l(R - l/2)$, here with the orbit’s length $l = 2b$ and the walls’ radius $R = a^2/b$ at its ends.',
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
        name: 'l = 2R',
        reason: 'the degenerate case, multipliers 1, is not reached on the minor axis ($l = 2b < 2R = 2a^2/b$ for $b < a$) and is not derived.',
      },
    ],
    scope:
      'the repelling case $c < 0$ of (6.2) and the closing remark; (6.1), $c \\ge 0$, through the derived trace, $2 \\pm \\operatorname{tr} P > 0$ at every $E > 0$, and the orbit run at $c = 0, 0.5, 1$, outside the declared range of $c$',
    // tr P against the energy as the ellipse widens (b = 1, c = −1): stable in the band |tr P| < 2, entered at E₊ = |c|(a² − b²)/2.
    figures: [
      {
        eq: '(6.2)',
        name: '\\operatorname{tr} P',
        plot: 'T',
        where: { T: 'axis.y.trace' },
        x: { symbol: 'E', from: 0.25, to: 4 },
        curves: { a: [1.5, 2, 2.5] },
      },
    ],
    claims: [
      {
        eq: '(6.1)',
        name: 'l < 2R',
        claim: 'l < 2*R',
        where: { l: 'axis.y.length', R: 'axis.y.radius' },
        note: 'the paper’s closing remark of §6, for $c > 0$ stable only if $l < 2R$, holds along the minor axis, $l = 2b$, $R = a^2/b$: its $2 + \\operatorname{tr} P$ has the factor $1 - l/2R > 0$ and, for $c \\ge 0$, $2 - \\operatorname{tr} P > 0$, so it is stable at every $E \\ge 0$.',
      },
    ],
  },
});
