import { defineModel } from '../src/model/index.js';

// kozlov1988 §4, (4.6)–(4.7): the 2-periodic orbit of kozlov-birkhoff-orbit
// with its walls realized by stiff springs, the potential N f²/2 below each
// (per unit mass), as §4 does for the floor of kozlov-stiff-bouncing. Along
// the axis x = 0 the point swings in the lower spring for π/√N, crosses the
// length l at the speed v, swings in the upper one, and returns: period
// 2π/√N + 2l/v. Off the axis δẍ + p(t)δx = 0 (4.6), p = −∂ẍ/∂x|ₓ₌₀ along
// that motion: vR₁⁻¹√N sin √N t in the lower spring, the same with R₂ in the
// upper one, 0 in flight. Lyapunov's criterion (4.4) on it, as N → ∞, is the
// sufficient condition l ≤ R₁R₂/(R₁ + R₂) (4.7); the exact criterion (4.8)
// is the rigid billiard's, kozlov-birkhoff-orbit.
export default defineModel({
  name: 'kozlov-birkhoff-stiff',
  title: 'Birkhoff’s 2-periodic orbit between stiff walls (Kozlov §4)',
  sources: ['kozlov1988'],
  description: 'A point moving by inertia between two concave walls realized by stiff springs: the variational equation (4.6) and Lyapunov’s condition (4.7).',
  coordinates: [
    { name: 'x', description: 'position across the orbit', unit: 'm' },
    { name: 'y', description: 'position along the orbit from the lower wall', unit: 'm' },
  ],
  parameters: {
    l: { default: 0.5, description: 'length of the orbit', unit: 'm' },
    R1: { default: 0.7, description: 'radius of curvature of the lower wall', unit: 'm' },
    R2: { default: 0.9, description: 'radius of curvature of the upper wall', unit: 'm' },
    v: { default: 1, description: 'speed along the orbit', unit: 'm/s' },
    N: { default: 100, description: 'stiffness of the walls per unit mass', unit: '1/s^2' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  unilateral: [
    {
      name: 'lower',
      constraint: 'y - x^2/(2*R1) >= 0',
      law: { compliant: { stiffness: 'N' } },
      description: 'the parabola of radius of curvature R₁ at the origin, realized by a spring',
    },
    {
      name: 'upper',
      constraint: 'l - x^2/(2*R2) - y >= 0',
      law: { compliant: { stiffness: 'N' } },
      description: 'the parabola of radius of curvature R₂ at (0, l), realized by a spring',
    },
  ],
  drawing: { points: { P: ['x', 'y'] } },
  initial: { q: { x: 0, y: 0 }, qd: { x: 0, y: '-v' }, t1: 1.8 },
  // The orbit found on the way down through y = l/2 at the speed v, and sought again at stiffer
  // walls: here l > l_* (4.7) but l < R₁ (4.8), the rigid orbit stable; unstable at N = 100,
  // stable from N = 1000 on.
  orbit: {
    q0: { x: 0.001, y: 0.25 },
    qd0: { x: 0, y: -1 },
    section: { coordinate: 'y', value: 0.25, direction: 'down' },
    fix: ["y'"],
    sweep: { parameter: 'N', values: [1e3, 1e4, 1e5] },
  },
  // kozlov1988 (4.6) against the motion derived in closed form from the strike on the lower wall
  // and the derived variational coefficient along it; (4.4) on it and its limit, (4.7).
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '(4.6)',
        name: 'p(t),\\ 0 \\le t \\le \\pi N^{-1/2}',
        formula: '-D = v*R1^(-1)*sqrt(N)*sin(sqrt(N)*t)',
        where: { D: "compliant.lower.x''@∂x@x=0@y=trajectory1.y" },
        note: '$p = -\\partial\\ddot{x}/\\partial x|_{x = 0}$ from the derived $\\ddot{x}$ in the lower spring, along the derived swing $y_0(t) = -vN^{-1/2}\\sin\\sqrt{N}t$.',
      },
      {
        eq: '(4.6)',
        name: '\\tau',
        formula: 'pi*N^(-1/2) + l*v^(-1)',
        derived: 'trajectory3.start',
        note: 'the strike on the upper wall: the swing of $\\pi N^{-1/2}$ in the lower spring, then the flight $l/v$, where $p = 0$.',
      },
      {
        eq: '(4.6)',
        name: 'p(t),\\ \\tau \\le t \\le \\tau + \\pi N^{-1/2}',
        formula: '-D = v*R2^(-1)*sqrt(N)*sin(sqrt(N)*(t - tau))',
        where: { D: "compliant.upper.x''@∂x@x=0@y=trajectory3.y", tau: 'pi*N^(-1/2) + l*v^(-1)' },
        note: 'the same in the upper spring, along the derived swing $y_0 = l + vN^{-1/2}\\sin\\sqrt{N}(t - \\tau)$; the scan prints $\\sin\\sqrt{N}(t + \\tau)$, which changes sign on the interval.',
      },
      {
        eq: '(4.6)',
        name: '\\mathcal{T}',
        formula: 'tau + pi*N^(-1/2) + l*v^(-1)',
        derived: 'trajectory4.end',
        where: { tau: 'pi*N^(-1/2) + l*v^(-1)' },
        note: 'the period of $p$: after the upper swing the flight back, $p = 0$ there, to the next strike on the lower wall.',
      },
      {
        eq: '(4.6)',
        name: '\\int_0^{\\mathcal{T}} p\\,dt',
        formula: '-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3)) = 2*v*R1^(-1) + 2*v*R2^(-1)',
        where: { I1: 'trajectory1.y.integral', I3: 'trajectory3.y.integral', E3: 'trajectory3.end', S3: 'trajectory3.start' },
        origin: 'reduction',
        note: 'the integral in Lyapunov’s (4.4), which the paper does not print: with $p = -NR_1^{-1}y_0$, $NR_2^{-1}(y_0 - l)$ in the springs (the rows above) and $\\int y_0\\,dt$ derived from the swings, integrated over the period: $2v(R_1^{-1} + R_2^{-1})$ at every $N$.',
      },
      {
        eq: '(4.7)',
        name: 'l_{*},\\ l \\le l_{*}',
        formula: '4*l/(P*(-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3)))) = R1*R2/(R1 + R2)',
        where: { P: 'trajectory4.end@N→∞', I1: 'trajectory1.y.integral', I3: 'trajectory3.y.integral', E3: 'trajectory3.end', S3: 'trajectory3.start' },
        note: 'Lyapunov’s sufficient condition $\\mathcal{T}\\int_0^{\\mathcal{T}} p\\,dt \\le 4$ as $N \\to \\infty$: the period tends to $2l/v$ and $\\int_0^{\\mathcal{T}} p\\,dt$ does not depend on $N$, so the limit is proportional to $l$ and reaches 4 at $l_{*} = 4l/\\lim \\mathcal{T}\\int_0^{\\mathcal{T}} p\\,dt$, the bound of (4.7).',
      },
      {
        eq: '§4',
        name: '\\lim_{N \\to \\infty} I_1',
        formula: 'P*(-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3))) = 4*l*(R1^(-1) + R2^(-1))',
        where: { P: 'trajectory4.end@N→∞', I1: 'trajectory1.y.integral', I3: 'trajectory3.y.integral', E3: 'trajectory3.end', S3: 'trajectory3.start' },
        at: { v: 1 },
        note: 'the first term of Lyapunov’s constant $a = 2 - I_1 + I_2 - \\ldots$, $I_1 = \\mathcal{T}\\int_0^{\\mathcal{T}} p\\,dt$, at the speed $v = 1$ the paper takes: the derived $\\int p\\,dt$ of the two swings times the period’s limit $2l$.',
      },
      {
        eq: '§4',
        name: '\\lim_{N \\to \\infty} I_2',
        formula: '(P - S)*S*(-N*R1^(-1)*I1)*(N*R2^(-1)*(I3 - l*(E3 - S3))) = 4*R1^(-1)*R2^(-1)*l^2',
        where: {
          P: 'trajectory4.end@N→∞',
          S: 'trajectory3.start@N→∞',
          I1: 'trajectory1.y.integral',
          I3: 'trajectory3.y.integral',
          E3: 'trajectory3.end',
          S3: 'trajectory3.start',
        },
        at: { v: 1 },
        note: 'with $p$ read as the paper’s sum of $\\delta$-functions, by $\\lim_{\\lambda \\to \\infty} \\lambda\\int_0^{\\pi/\\lambda} f(x)\\sin\\lambda x\\,dx = 2f(0)$: each swing a $\\delta$ of the weight $\\int p\\,dt$ derived from it, at $t = 0$ and at the upper strike $\\tau$; of $I_2$’s pairs $t_2 < t_1$ only the one across the swings is left, $(\\mathcal{T} - \\tau)\\tau$ times the two weights, with the derived limits of $\\tau$ and $\\mathcal{T}$.',
      },
      {
        eq: '§4',
        name: 'a = 2 - I_1 + I_2',
        formula:
          '2 - P*(-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3))) + (P - S)*S*(-N*R1^(-1)*I1)*(N*R2^(-1)*(I3 - l*(E3 - S3))) = 2*(1 - 2*l*(R1^(-1) + R2^(-1)) + 2*R1^(-1)*R2^(-1)*l^2)',
        where: {
          P: 'trajectory4.end@N→∞',
          S: 'trajectory3.start@N→∞',
          I1: 'trajectory1.y.integral',
          I3: 'trajectory3.y.integral',
          E3: 'trajectory3.end',
          S3: 'trajectory3.start',
        },
        at: { v: 1 },
        note: 'Lyapunov’s constant as $N \\to \\infty$, the terms $I_k$, $k \\ge 3$, vanishing: $|a| < 2$ is the paper’s $|1 - 2l(R_1^{-1} + R_2^{-1}) + 2R_1^{-1}R_2^{-1}l^2| < 1$, equivalent to (4.8).',
      },
      // §4's closing remark: p(t) tends to a sum of δ-functions, by lim λ∫₀^(π/λ) f(x) sin λx dx = 2f(0).
      // On a swing p = vR⁻¹λ sin λt, λ = √N, so λ∫ f sin λt dt = (R/v)∫ p f dt: its moments ∫ p tʲ dt over
      // the swing, derived from the motion, for f = 1, t, t².
      {
        eq: '§4',
        name: '\\lim_{\\lambda \\to \\infty} \\lambda\\int_0^{\\pi/\\lambda} \\sin\\lambda t\\,dt',
        formula: '-D*R1/v = 2',
        where: { D: "compliant.lower.x''@∂x@x=0@y=trajectory1.y@moment0:trajectory1@N→∞" },
        note: 'the identity $\\lim_{\\lambda \\to \\infty} \\lambda\\int_0^{\\pi/\\lambda} f(x)\\sin\\lambda x\\,dx = 2f(0)$ for the model’s $p$: on the swing in the lower spring $p = vR_1^{-1}\\lambda\\sin\\lambda t$, $\\lambda = \\sqrt{N}$ ((4.6) above), so $\\lambda\\int f\\sin\\lambda t\\,dt = (R_1/v)\\int p f\\,dt$, with $\\int p\\,dt$ integrated from the derived $p$ over the derived swing: $f = 1$, exact at every $N$.',
      },
      {
        eq: '§4',
        name: '\\lim_{\\lambda \\to \\infty} \\lambda\\int_0^{\\pi/\\lambda} t\\sin\\lambda t\\,dt',
        formula: '-D*R1/v = 0',
        where: { D: "compliant.lower.x''@∂x@x=0@y=trajectory1.y@moment1:trajectory1@N→∞" },
        note: '$f = t$, $f(0) = 0$: the derived $\\int p\\,t\\,dt = \\pi vR_1^{-1}N^{-1/2}$; with $f = t^2$, $(\\pi^2 - 4)vR_1^{-1}N^{-1}$. Each power $t^j$ of a Taylor expansion of $f$ at 0 gives $O(N^{-j/2})$, so $\\int p f\\,dt \\to 2vR_1^{-1}f(0)$: $p$ tends to $2vR_1^{-1}\\delta(t)$ on the swing.',
      },
      {
        eq: '§4',
        name: '\\lim_{\\lambda \\to \\infty} \\lambda\\int_0^{\\pi/\\lambda} t^2\\sin\\lambda t\\,dt',
        formula: '-D*R1/v = 0',
        where: { D: "compliant.lower.x''@∂x@x=0@y=trajectory1.y@moment2:trajectory1@N→∞" },
      },
      {
        eq: '§4',
        name: '\\lim_{\\lambda \\to \\infty} \\lambda\\int_\\tau^{\\tau + \\pi/\\lambda} \\sin\\lambda(t - \\tau)\\,dt',
        formula: '-D*R2/v = 2',
        where: { D: "compliant.upper.x''@∂x@x=0@y=trajectory3.y@moment0:trajectory3@N→∞" },
        note: 'the same on the swing in the upper spring, $p = vR_2^{-1}\\lambda\\sin\\lambda(t - \\tau)$: the weight $2vR_2^{-1}$ of the $\\delta$ at the upper strike.',
      },
      {
        eq: '§4',
        name: '\\lim_{N \\to \\infty} \\tau',
        formula: 'l/v',
        derived: 'trajectory3.start@N→∞',
        origin: 'correction',
        note: 'where the upper $\\delta$ sits: the paper prints $p(t) = \\sum_n 2v[R_1^{-1}\\delta(nl/v - t) + R_2^{-1}\\delta(nl/v - t + l)]$, which at the paper’s $v = 1$ puts both walls’ $\\delta$ at every multiple of $l$; the derived strikes are the lower at $2nl/v$ and the upper at $(2n + 1)l/v$, the period $2l/v$ and $\\tau \\to l/v$: read $p = \\sum_n 2v[R_1^{-1}\\delta(t - 2nl/v) + R_2^{-1}\\delta(t - (2n + 1)l/v)]$.',
      },
      {
        eq: '(4.8)',
        name: '\\operatorname{tr},\\ N \\to \\infty',
        formula: '1 + 2*(1 - 2*l*(R1^(-1) + R2^(-1)) + 2*R1^(-1)*R2^(-1)*l^2)',
        derived: 'orbit.sweep3.multiplier1.re + orbit.sweep3.multiplier2.re + orbit.sweep3.multiplier3.re',
        tolerance: 0.05,
        origin: 'own',
        note: 'the sum of the multipliers at the sweep’s largest $N$ (the periodic-orbit section): the energy’s 1 and the trace in $(x, \\dot{x})$, against the rigid orbit’s $a$ above, in $(-2, 2)$ iff (4.8). Here $l > l_{*}$, so (4.7) fails, while (4.8) holds: the rigid orbit is stable; the orbit at the default $N$ is not, and is stable at the larger $N$: the stiff walls destabilize it.',
      },
    ],
  },
});
