import { defineModel } from '../src/model/index.js';

// kozlov1988 §4, (4.2)–(4.5): the heavy point bouncing vertically over the
// curve y = f(x) = x²/(2a) (f(0) = f′(0) = 0, f″(0) = 1/a) with the
// unilateral constraint y ≥ f(x) replaced by the elastic potential
// mN(y − f)²/2 below it (per unit mass here). Struck at the speed v on the
// axis x = 0, which it never leaves, it swings in the spring
// y₀ = gN⁻¹(cos √N t − 1) − vN^{−1/2} sin √N t until
// τ = 2N^{−1/2} arcctg(−g v⁻¹N^{−1/2}), leaves at the speed v and flies for
// 2v/g: the periodic solution (4.2) of period T = τ + 2v/g, which tends to
// the rigid bouncing of parabolic-billiard as N → ∞. Off the axis δx obeys
// (4.3), δẍ + p(t)δx = 0 with p = −Nf″(0)y₀ ≥ 0 in the spring and 0 in
// flight, and Lyapunov's criterion (4.4) T∫p dt ≤ 4 is a sufficient
// condition of its stability.
export default defineModel({
  name: 'kozlov-stiff-bouncing',
  title: 'Vertical bouncing on a stiff floor (Kozlov §4)',
  sources: ['kozlov1988'],
  description: 'A heavy point bouncing vertically on a floor realized by a stiff spring: the periodic solution (4.2) of Kozlov §4.',
  coordinates: [
    { name: 'x', description: 'horizontal position', unit: 'm' },
    { name: 'y', description: 'height above the vertex of the floor', unit: 'm' },
  ],
  parameters: {
    g: { default: 1, description: 'gravitational acceleration', unit: 'm/s^2' },
    v: { default: 1, description: 'speed at the strike', unit: 'm/s' },
    N: { default: 100, description: 'stiffness of the floor per unit mass', unit: '1/s^2' },
    a: {
      default: 10 / 9,
      description:
        'the floor’s radius of curvature at the vertex: the floor is the curve $y = f(x) = x^2/(2a)$, $f^{\\prime\\prime}(0) = 1/a$, and its gap $f_{\\mathrm{floor}} = y - f(x)$',
      unit: 'm',
    },
  },
  kinetic: "(x'^2 + y'^2)/2",
  potential: 'g*y',
  unilateral: [
    { name: 'floor', constraint: 'y - x^2/(2*a) >= 0', law: { compliant: { stiffness: 'N' } }, description: 'the floor y = x²/(2a), realized by a spring' },
  ],
  drawing: { points: { P: ['x', 'y'] } },
  initial: { q: { x: 0, y: 0 }, qd: { x: 0, y: '-v' }, t1: 2.5 },
  // The periodic solution (4.2) found on the way down through y = v²/(4g) = 0.25 (the speed held at
  // the strike's v = 1), with f″(0) = 0.9 < g/v², stable as a rigid bounce (4.1): unstable at
  // N = 100, stable from N = 1000 on, as (4.5) allows; the stiff floor destabilizes it.
  orbit: {
    q0: { x: 0.001, y: 0.25 },
    qd0: { x: 0, y: -Math.SQRT1_2 },
    section: { coordinate: 'y', value: 0.25, direction: 'down' },
    fix: ["y'"],
    sweep: { parameter: 'N', values: [1e3, 1e4, 1e5] },
  },
  // kozlov1988 (4.2) against the motion derived in closed form from the strike: the swing in
  // the spring, its end where the spring lifts the point back to y = 0, the flight, the period;
  // (4.3) against the derived equations in the spring, (4.4) against the integral of that swing,
  // (4.5) against (4.4)'s bound expanded in N^{-1/2}.
  paper: {
    source: 'kozlov1988',
    formulas: [
      { eq: '(4.2)', name: 'y_0(t)', on: '0 \\le t < \\tau', formula: 'g*N^(-1)*(cos(sqrt(N)*t) - 1) - v*N^(-1/2)*sin(sqrt(N)*t)', derived: 'trajectory1.y' },
      {
        eq: '(4.2)',
        name: '\\tau',
        formula: '2*N^(-1/2)*arcctg(-g*v^(-1)*N^(-1/2))',
        derived: 'trajectory1.end',
        note: 'the paper’s $\\tau = 2N^{-1/2}\\operatorname{arcctg}(-g v^{-1}N^{-1/2})$, with $\\operatorname{arcctg} x = \\pi/2 - \\arctan x \\in (0, \\pi)$ the inverse of $\\cot$; the root of $y_0 = 0$ after the strike, $\\cot(\\sqrt{N}\\tau/2) = -g v^{-1}N^{-1/2}$ (the scan shows $\\operatorname{arctg}(-g v^{-1}N^{1/2})$, which is negative).',
      },
      {
        eq: '(4.2)',
        name: 'y_0(t)',
        on: '\\tau \\le t \\le P',
        formula: 'v*(t - tau) - g*(t - tau)^2/2',
        derived: 'trajectory2.y',
        where: { tau: 'trajectory1.end' },
        note: 'the flight after the spring, which the paper writes $vt - gt^2/2$ with its clock restarted at $\\tau$: it leaves the floor at the speed $v$ it struck it with.',
      },
      {
        eq: '(4.2)',
        name: 'P',
        formula: 'tau + 2*v*g^(-1)',
        derived: 'trajectory2.end',
        where: { tau: 'trajectory1.end' },
        note: 'the period (the paper’s $T$, here $P$: $T$ is the kinetic energy): the next strike, after the flight of $2v/g$.',
      },
      {
        eq: '(4.3)',
        name: '\\varpi(t)',
        on: 'x = 0,\\ 0 \\le t < \\tau',
        formula: '-N*a^(-1)*Y',
        derived: "-compliant.floor.x''@∂x@x=0@y=trajectory1.y",
        where: { Y: 'trajectory1.y' },
        note: 'the coefficient of the variational equation $\\delta\\ddot{x} + \\varpi(t)\\delta x = 0$ about the axis, the paper’s $p(t) = -Nf^{\\prime\\prime}(0)y_0(t)$ (here $\\varpi$: $p$ is a momentum), $-\\partial\\ddot{x}/\\partial x$ at $x = 0$ of the derived $\\ddot{x} = Nf^{\\prime}(x)(y - f(x))$ in the spring, $f^{\\prime\\prime}(0) = 1/a$, along the swing $y = y_0(t) \\le 0$, where it is $\\ge 0$.',
      },
      {
        eq: '(4.4)',
        name: 'P\\int_0^P \\varpi\\,dt',
        formula: '-N*a^(-1)*P*I = 4*g*a^(-1)*(g^(-1)*v + N^(-1/2)*arcctg(-g*v^(-1)*N^(-1/2)))^2',
        where: { P: 'trajectory2.end', I: 'trajectory1.y.integral' },
        note: 'Lyapunov’s integral with (4.3)’s $\\varpi = -Nf^{\\prime\\prime}(0)y_0$ on $[0, \\tau]$ and 0 in flight, $\\int_0^\\tau y_0\\,dt$ derived from the swing; the paper’s sufficient condition $P\\int_0^P \\varpi\\,dt \\le 4$ reads $gf^{\\prime\\prime}(0)[g^{-1}v + N^{-1/2}\\operatorname{arcctg}(-gv^{-1}N^{-1/2})]^2 \\le 1$.',
      },
      {
        eq: '(4.5)',
        name: 'f^{\\prime\\prime}_{*}',
        formula: '4/(-N*P*I) = g*v^(-2) - pi*g^2*v^(-3)*N^(-1/2)',
        where: { P: 'trajectory2.end', I: 'trajectory1.y.integral' },
        remainder: 'o(N^(-1/2))',
        bounds: { name: 'f^{\\prime\\prime}(0)', value: '1/a' },
        note: 'the largest $f^{\\prime\\prime}(0)$ that (4.4) admits, $4/(P\\int_0^P \\varpi\\,dt/f^{\\prime\\prime}(0))$, expanded as $N \\to \\infty$ in powers of $N^{-1/2}$ (its period’s $\\operatorname{arcctg}(-gv^{-1}N^{-1/2}) = \\pi/2 + gv^{-1}N^{-1/2} + \\ldots$) and taken to the paper’s remainder: the sufficient condition $f^{\\prime\\prime}(0) \\le f^{\\prime\\prime}_{*}$ tends to (4.1), $f^{\\prime\\prime}(0) < g/v^2$, from below.',
      },
      {
        eq: '(4.1)',
        name: '\\rho_1 + \\rho_2',
        formula: '2 - 4*v^2/(a*g)',
        derived: 'orbit.sweep3.multiplier2.re + orbit.sweep3.multiplier3.re',
        tolerance: 0.05,
        origin: 'own',
        note: 'the trace in $(x, \\dot{x})$ of the return map at $N = 10^5$, less the energy’s 1, against the rigid bounce’s $2 - 4f^{\\prime\\prime}(0)v^2/g$, derived in the parabolic-billiard report (its (4.1) row: the reflection off the normal tilted by $f^{\\prime\\prime}(0)x$, then the flight of $2v/g$), in $(-2, 2)$ iff $f^{\\prime\\prime}(0) < g/v^2$ (4.1). The difference falls by $\\sqrt{10}$ a decade of $N$ (0.28, 0.088, 0.028 at $N = 10^3, 10^4, 10^5$): of order $N^{-1/2}$, as (4.5)’s correction.',
        reading: 'while the rigid bounce is stable there ($f^{\\prime\\prime}(0) = 0.9 < g/v^2$, Kozlov (4.1)): the stiff floor destabilizes it',
      },
    ],
    notDerived: [
      {
        eq: '§4',
        name: '\\text{Zhukovsky: the constant 4 of (4.4)}',
        reason:
          'Zhukovsky’s remark that the constant 4 of Lyapunov’s sufficient condition (4.4) cannot be raised is a statement about every Hill equation, not about this model; the toolkit checks (4.4) for this coefficient and does not prove its sharpness.',
      },
    ],
  },
});
