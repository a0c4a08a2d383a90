import { defineModel } from '../src/model/index.js';

// kozlov1988 §3, after Theorem 3: a unit mass point moving by inertia
// inside a circle of radius R, R² − x² − y² ≥ 0, with Newton's restitution e
// near 1. The tangential velocity is unchanged at every impact, so the
// impacts keep v cos α = u (v the speed, α the angle between the velocity
// and the tangent); averaged over the chords the speed obeys
// v̇ = (e − 1)(2R)⁻¹ v √(v² − u²). Separated, dv/(v√(v² − u²)) = d arcsec(v/u)/u
// with arcsec(v/u) = α, so α = α₀ + u(e − 1)t/(2R) and v = u/cos α. The
// paper's text prints v = u cos[u(e − 1)(2R)⁻¹t + α₀], which contradicts its
// own v cos α = u (it would make v < u): the secant is meant, and is what is
// derived and compared here. α falls to 0 at t* = 2Rα₁/[u(1 − e)] (α₁ the
// angle after the impact the law starts at); the paper prints no t*, only
// that the point slides for t > 2R/[u(1 − e)], which holds iff α₁ ≤ 1
// (α₁ < π/2 bounds t* by πR/[u(1 − e)]), and from there on the point slides
// along the circle with speed u. Here it
// starts at distance R cos α₀ from the centre, moving along the chord that
// meets the circle at the angle α₀.
export default defineModel({
  name: 'circle-billiard',
  title: 'A point in a circle with restitution near 1 (Kozlov §3)',
  sources: ['kozlov1988'],
  description:
    'A point moving by inertia inside a circle, with Newton restitution near 1: the impacts accumulate and it ends sliding along the circle with its tangential speed.',
  coordinates: [
    { name: 'x', description: 'horizontal position from the centre', unit: 'm' },
    { name: 'y', description: 'vertical position from the centre', unit: 'm' },
  ],
  parameters: {
    R: { default: 1, range: [0, null], open: 'lower', description: 'radius of the circle', unit: 'm' },
    e: { default: 0.9, range: [0, 1], description: 'Newton restitution coefficient' },
    v0: { default: 1, range: [0, null], open: 'lower', description: 'initial speed', unit: 'm/s' },
    alpha0: { default: 0.5, range: [0, 'pi/2'], description: 'angle of the first chord to the tangent', unit: 'rad' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  unilateral: [{ name: 'wall', constraint: 'R^2 - x^2 - y^2 >= 0', law: { newton: 'e' }, description: 'the circle of radius R' }],
  // The point in its plane, the centre O and the first chord AB, on which P starts at its middle
  // with the velocity v₀ along it (the arrow to V, 0.4 m per m/s): the chord meets the circle at B
  // at the angle α₀ to the tangent, OB the radius R. The circle is drawn from the wall constraint
  // (the sketch's default surfaces); α₀ is a parameter, and the drawing's angle marks are the
  // coordinates', so it is named here, not drawn.
  drawing: {
    points: { P: ['x', 'y'], O: [0, 0], A: ['R*cos(alpha0)', '-R*sin(alpha0)'], B: ['R*cos(alpha0)', 'R*sin(alpha0)'], V: ['x', 'y + 0.4*v0'] },
    segments: [['A', 'B']],
    shows:
      'The point $P$ inside the circle of radius $R$ about $O$, at the middle of its first chord, drawn from $A$ at the angle $\\alpha_0$ to the tangent there, moving along it at the speed $v_0$',
    annotations: {
      vectors: [
        { from: 'O', to: 'B', label: 'R' },
        { from: 'P', to: 'V', label: 'v0' },
      ],
    },
  },
  initial: { q: { x: 'R*cos(alpha0)', y: 0 }, qd: { x: 0, y: 'v0' }, t1: 14 },
  // x and y against time are fast oscillations whose envelope is the averaged law's; the path and the speed at the
  // impacts show the motion.
  unplotted: {
    names: ['x', 'y', 'phase'],
    why: 'between impacts they are straight chords, and their envelope is the averaged law of the speed shown above; the path in the plane shows the chords',
  },
  // Kozlov §3 against the derived impact map at a general point (x, y) of the circle:
  // the normal velocity reversed with e, the tangential one unchanged; the averaged law,
  // from the energy lost at an impact over the chord that follows, to first order in
  // 1 − e; and that law integrated.
  paper: {
    source: 'kozlov1988',
    // The paper's result shown: the speed at the simulated impacts against the averaged law and its t*, and t* against
    // the accumulation point of the impacts as e tends to 1.
    studyFigures: [{ kind: 'averaged-speed' }],
    formulas: [
      {
        eq: '§3',
        name: 'v\\cos\\alpha = u',
        formula: 'v*cos(alpha)',
        derived: 'impact1.tangential-@surface',
        where: { v: 'impact1.single.speed+', alpha: 'impact1.single.angle+@surface' },
        note: 'at every impact $v\\cos\\alpha = u = \\mathrm{const}$, $v$ the speed and $\\alpha$ the angle between the velocity and the tangent to the circle: $v$ and $\\alpha$ after the impact against $u$, the speed along the tangent, before it. The impact map keeps $u$, so every chord meets the circle at the same angle $\\alpha$ while the speed $v$ falls.',
      },
      {
        eq: '§3',
        name: '\\dot{v}',
        formula: '(e - 1)*(2*R)^(-1)*V*sqrt(V^2 - U^2)',
        derived: 'impact1.single.averaged.speedLaw',
        where: { U: 'impact1.single.averaged.u', V: 'impact1.single.averaged.v' },
        note: 'Kozlov’s averaged law as the paper prints it, the tangential speed $u$ held. Derived from the impact map: the energy lost at an impact over the time to the next one, $v\\dot{v} = -\\Delta T/\\tau$ to first order in $e - 1$ (below, against the simulation), in the normal velocity $w = -\\sqrt{v^2 - u^2} < 0$ the point strikes the wall with, and $\\dot{v} = w\\dot{w}/v$.',
      },
      {
        eq: '§3',
        name: 'v(t)',
        origin: 'correction',
        formula: 'U/cos(U*(e - 1)*(2*R)^(-1)*t + A)',
        order: 'typed',
        printed: 'U*cos(U*(e - 1)*(2*R)^(-1)*t + A)',
        // As Kozlov prints it, his α₀ the angle at t = 0 (this report's α₁; its α₀ is the first chord's).
        display: 'v = u\\cos[u(e - 1)(2R)^{-1} t + \\alpha_0]',
        derived: 'impact1.single.averaged.speed',
        where: { U: 'impact1.single.averaged.u', A: 'impact1.single.averaged.start' },
        consequence:
          'read as $u/\\cos[\\ldots]$, Kozlov’s $v(t)$ falls to the tangential speed $u$ and not below it, as his own $v\\cos\\alpha = u$ requires: the sliding starts where the argument of the cosine reaches 0',
        note: 'the averaged law integrated, $t = 0$ at an impact after which the velocity makes the angle $\\alpha_1$ with the tangent, $\\tan\\alpha_1 = e|w|/u$, $w$ the normal velocity the point strikes with (the paper’s $\\alpha_0$; here $\\alpha_0$ is the first chord’s). The text prints $v = u\\cos[\\ldots]$, which would make $v < u$ against its own $v\\cos\\alpha = u$; $\\int dv/(v\\sqrt{v^2 - u^2}) = \\operatorname{arcsec}(v/u)/u$ makes it $u/\\cos[\\ldots]$.',
      },
      {
        eq: '§3',
        name: 't_{*}',
        origin: 'correction',
        formula: '2*R*A/(U*(1 - e))',
        printed: '2*R/(U*(1 - e))',
        // Kozlov prints no t*: "for t > 2R/[u(1 − e)] the point slides", a sufficient time.
        display: 't > 2R/[u(1 - e)]',
        derived: 'impact1.single.averaged.sliding',
        where: { U: 'impact1.single.averaged.u', A: 'impact1.single.averaged.start' },
        note: 'Kozlov prints no $t_{*}$, only that the point slides for $t > 2R/[u(1 - e)]$, a sufficient time. The argument of the solution reaches 0, $v = u$, and the sliding along the circle starts, at $t_{*} = 2R\\alpha_1/[u(1 - e)]$: the paper’s time is sufficient iff $\\alpha_1 \\le 1$, and loose below; for $\\alpha_1$ up to $\\pi/2$ a sufficient time is $\\pi R/[u(1 - e)]$.',
        reading: 'holds for $\\alpha_1 \\le 1$',
        consequence:
          'a time after the first impact that is sufficient for every first chord is $\\pi R/[u(1 - e)]$, as $\\alpha_1 \\le \\pi/2$; Kozlov’s $2R/[u(1 - e)]$ is one only while the chord after the first impact is at most $1$ rad from the tangent',
      },
    ],
  },
});
