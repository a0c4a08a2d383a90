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
// Lyapunov's first terms as the rows write them in the derived facts: ∫ϖ dt over the period from the two swings
// (ϖ = −NR₁⁻¹y₀, NR₂⁻¹(y₀ − l) in the springs), I₁ = P∫ϖ dt with P the period's limit, I₂ = (P − S)S times the two
// swings' weights with S the upper strike's limit, and a = 2 − I₁ + I₂ (kozlov1988 §4).
const INTEGRAL = '(-N*R1^(-1)*I1 + N*R2^(-1)*(I3 - l*(E3 - S3)))';
const I_1 = `P*${INTEGRAL}`;
const I_2 = '(P - S)*S*(-N*R1^(-1)*I1)*(N*R2^(-1)*(I3 - l*(E3 - S3)))';
const A = `2 - ${I_1} + ${I_2}`;
const SWINGS = { I1: 'trajectory1.y.integral', I3: 'trajectory3.y.integral', E3: 'trajectory3.end', S3: 'trajectory3.start' };
const LIMITS = { P: 'trajectory4.end@N→∞', S: 'trajectory3.start@N→∞', ...SWINGS };

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
  // Kozlov's Fig. 2: the walls where their springs begin (drawn from the gaps), the orbit's length l
  // between their vertices and each wall's radius of curvature written beside it.
  drawing: {
    points: { P: ['x', 'y'], A: [0, 0], B: [0, 'l'], W1: ['0.3*R1', '0.045*R1 - 0.07'], W2: ['-0.3*R2', 'l - 0.045*R2 + 0.07'] },
    annotations: {
      vectors: [{ from: 'A', to: 'B', label: 'l' }],
      notes: [
        { at: 'W1', label: 'R1' },
        { at: 'W2', label: 'R2' },
      ],
    },
  },
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
  // and the derived variational coefficient along it; (4.4) on it and its limit, (4.7); Lyapunov's
  // constant a, its thresholds (4.8) and its one-wall limit.
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '(4.6)',
        name: '\\varpi(t)',
        on: '0 \\le t \\le \\pi N^{-1/2}',
        formula: 'v*R1^(-1)*sqrt(N)*sin(sqrt(N)*t)',
        derived: "-compliant.lower.x''@∂x@x=0@y=trajectory1.y",
        note: 'the paper’s $p$, here $\\varpi$ ($p$ is a momentum): $\\varpi = -\\partial\\ddot{x}/\\partial x|_{x = 0}$ from the derived $\\ddot{x}$ in the lower spring, along the derived swing $y_0(t) = -vN^{-1/2}\\sin\\sqrt{N}t$; positive on the swing, as the paper prints it.',
      },
      {
        eq: '(4.6)',
        name: '\\tau',
        formula: 'pi*N^(-1/2) + l*v^(-1)',
        derived: 'trajectory3.start',
        note: 'the strike on the upper wall: the swing of $\\pi N^{-1/2}$ in the lower spring, then the flight $l/v$, where $\\varpi = 0$.',
      },
      {
        eq: '(4.6)',
        name: '\\varpi(t)',
        on: '\\tau \\le t \\le \\tau + \\pi N^{-1/2}',
        formula: 'v*R2^(-1)*sqrt(N)*sin(sqrt(N)*(t - tau))',
        derived: "-compliant.upper.x''@∂x@x=0@y=trajectory3.y",
        where: { tau: 'trajectory3.start' },
        note: 'the same in the upper spring, along the derived swing $y_0 = l + vN^{-1/2}\\sin\\sqrt{N}(t - \\tau)$; the scan prints $\\sin\\sqrt{N}(t + \\tau)$, which changes sign on the interval.',
      },
      {
        eq: '(4.6)',
        name: '\\mathcal{T}',
        formula: 'tau + pi*N^(-1/2) + l*v^(-1)',
        derived: 'trajectory4.end',
        where: { tau: 'trajectory3.start' },
        note: 'the period of $\\varpi$: after the upper swing the flight back, $\\varpi = 0$ there, to the next strike on the lower wall.',
      },
      {
        eq: '(4.6)',
        name: '\\int_0^{\\mathcal{T}} \\varpi\\,dt',
        formula: `${INTEGRAL} = 2*v*R1^(-1) + 2*v*R2^(-1)`,
        where: SWINGS,
        origin: 'reduction',
        note: 'the integral in Lyapunov’s (4.4), which the paper does not print: with $\\varpi = -NR_1^{-1}y_0$, $NR_2^{-1}(y_0 - l)$ in the springs (the rows above) and $\\int y_0\\,dt$ derived from the swings, integrated over the period: $2v(R_1^{-1} + R_2^{-1})$ at every $N$.',
      },
      {
        eq: '(4.7)',
        name: 'l_{*}',
        formula: `4*l/(${I_1}) = R1*R2/(R1 + R2)`,
        where: { P: LIMITS.P, ...SWINGS },
        note: 'Lyapunov’s sufficient condition $\\mathcal{T}\\int_0^{\\mathcal{T}} \\varpi\\,dt \\le 4$ as $N \\to \\infty$: the period tends to $2l/v$ and $\\int_0^{\\mathcal{T}} \\varpi\\,dt$ does not depend on $N$, so the limit is proportional to $l$ and reaches 4 at $l_{*} = 4l/\\lim \\mathcal{T}\\int_0^{\\mathcal{T}} \\varpi\\,dt$: (4.7) is $l \\le l_{*}$.',
      },
      {
        eq: '§4',
        name: '\\lim_{N \\to \\infty} I_1',
        formula: `${I_1} = 4*l*(R1^(-1) + R2^(-1))`,
        where: { P: LIMITS.P, ...SWINGS },
        at: { v: 1 },
        note: 'the first term of Lyapunov’s constant $a = 2 - I_1 + I_2 - \\ldots$, $I_1 = \\mathcal{T}\\int_0^{\\mathcal{T}} \\varpi\\,dt$, at the speed $v = 1$ the paper takes: the derived $\\int \\varpi\\,dt$ of the two swings times the period’s limit $2l$.',
      },
      {
        eq: '§4',
        name: '\\lim_{N \\to \\infty} I_2',
        formula: `${I_2} = 4*R1^(-1)*R2^(-1)*l^2`,
        where: LIMITS,
        at: { v: 1 },
        note: 'with $\\varpi$ read as the paper’s sum of $\\delta$-functions, by $\\lim_{\\lambda \\to \\infty} \\lambda\\int_0^{\\pi/\\lambda} f(x)\\sin\\lambda x\\,dx = 2f(0)$: each swing a $\\delta$ of the weight $\\int \\varpi\\,dt$ derived from it, at $t = 0$ and at the upper strike $\\tau$; of $I_2$’s pairs $t_2 < t_1$ only the one across the swings is left, $(\\mathcal{T} - \\tau)\\tau$ times the two weights, with the derived limits of $\\tau$ and $\\mathcal{T}$.',
      },
      {
        eq: '§4',
        name: 'a',
        formula: `${A} = 2*(1 - 2*l*(R1^(-1) + R2^(-1)) + 2*R1^(-1)*R2^(-1)*l^2)`,
        where: LIMITS,
        at: { v: 1 },
        note: 'Lyapunov’s constant $a = 2 - I_1 + I_2 - \\ldots$ as $N \\to \\infty$, the terms $I_k$, $k \\ge 3$, vanishing: $|a| < 2$ is the paper’s $|1 - 2l(R_1^{-1} + R_2^{-1}) + 2R_1^{-1}R_2^{-1}l^2| < 1$.',
      },
      {
        eq: '(4.8)',
        name: 'a|_{l = R_1}',
        formula: `${A} = -2`,
        where: LIMITS,
        at: { v: 1, l: 'R1' },
        note: 'the paper’s “obviously equivalent”, derived: $a$ is a quadratic in $l$ whose $l^2$ has the coefficient $4/(R_1R_2) > 0$, and $a + 2$ is the product printed for $a$ above, so $a = -2$ at $l = R_1$ and $l = R_2$ only…',
      },
      {
        eq: '(4.8)',
        name: 'a|_{l = R_2}',
        formula: `${A} = -2`,
        where: LIMITS,
        at: { v: 1, l: 'R2' },
        note: '…and $a + 2 > 0$ for $l < R_1$ and $l > R_2$ ($R_1 \\le R_2$)…',
      },
      {
        eq: '(4.8)',
        name: 'a|_{l = R_1 + R_2}',
        formula: `${A} = 2`,
        where: LIMITS,
        at: { v: 1, l: 'R1 + R2' },
        note: '…while $2 - a$, the same quadratic turned over, is $0$ at $l = 0$ and $l = R_1 + R_2$ and positive between: $|a| < 2$ exactly for $l < R_1$ and $R_2 < l < R_1 + R_2$, which is (4.8).',
      },
      {
        eq: '§4',
        name: '\\lim_{R_2 \\to \\infty} I_1',
        formula: `${I_1} = 4*l/R1`,
        where: { P: LIMITS.P, ...SWINGS },
        at: { v: 1, R2: '∞' },
        note: 'the upper wall flattened: the paper’s one-wall $I_1 = 2\\mathcal{T}R_1^{-1}$ with the period’s limit $\\mathcal{T} \\to 2l$, from the two-wall $I_1$ as $R_2 \\to \\infty$.',
      },
      {
        eq: '§4',
        name: '\\lim_{R_2 \\to \\infty} a',
        formula: `${A} = 2 - 4*l/R1`,
        where: LIMITS,
        at: { v: 1, R2: '∞' },
        origin: 'reduction',
        note: 'the two-wall $a$ as $R_2 \\to \\infty$, which the paper does not print: $2 - I_1$ with the one-wall $I_1$ above, $I_2 \\to 0$; $|a| < 2$ iff $0 < l < R_1$, the paper’s $l \\le R_1$ for one wall.',
      },
      {
        eq: '(4.7)',
        name: '\\lim_{R_2 \\to \\infty} l_{*}',
        formula: `4*l/(${I_1}) = R1`,
        where: { P: LIMITS.P, ...SWINGS },
        at: { R2: '∞' },
        note: '(4.8) becomes (4.7) as $R_2 \\to \\infty$: the band $R_2 < l < R_1 + R_2$ leaves every finite $l$, and the bound $l_{*}$ of (4.7) tends to $R_1$, the exact threshold of $l < R_1$.',
      },
      {
        eq: '§4',
        name: '\\lim_{N \\to \\infty} \\tau',
        formula: 'l/v',
        derived: 'trajectory3.start@N→∞',
        origin: 'correction',
        note: 'where the upper $\\delta$ sits: the paper prints $p(t) = \\sum_n 2v[R_1^{-1}\\delta(nl/v - t) + R_2^{-1}\\delta(nl/v - t + l)]$, which at the paper’s $v = 1$ puts both walls’ $\\delta$ at every multiple of $l$; the derived strikes are the lower at $2nl/v$ and the upper at $(2n + 1)l/v$, the period $2l/v$ and $\\tau \\to l/v$: read $\\varpi = \\sum_n 2v[R_1^{-1}\\delta(t - 2nl/v) + R_2^{-1}\\delta(t - (2n + 1)l/v)]$.',
      },
      {
        eq: '(4.8)',
        name: '\\rho_1 + \\rho_2',
        formula: '2*(1 - 2*l*(R1^(-1) + R2^(-1)) + 2*R1^(-1)*R2^(-1)*l^2)',
        derived: 'orbit.sweep3.multiplier1.re + orbit.sweep3.multiplier2.re',
        tolerance: 0.05,
        origin: 'own',
        note: 'the trace in $(x, \\dot{x})$ of the return map at the sweep’s largest $N = 10^5$, its multipliers $\\rho_1, \\rho_2$ other than the energy’s 1, against the rigid orbit’s $a$ above, in $(-2, 2)$ iff (4.8). Here $l > l_{*}$, so (4.7) fails, while (4.8) holds: the rigid orbit is stable, the orbit at $N = 100$ is not. The gap to $a$ is the $O(N^{-1/2})$ of the terms $I_k$, $k \\ge 3$, left out of $a$: over the sweep’s table it shrinks about $\\sqrt{10}$-fold a decade of $N$.',
        reading: 'while the rigid orbit is stable there ($l > l_{*}$, (4.8) holding): the stiffness destabilizes it',
      },
    ],
    notDerived: [
      {
        eq: '§4',
        name: '|I_k| \\le c N^{-(k-2)/2},\\ k \\ge 3',
        reason:
          'the bounds by which the terms $I_k$, $k \\ge 3$, of Lyapunov’s series vanish as $N \\to \\infty$; $a = 2 - I_1 + I_2$ above takes them as the paper does, and the orbit’s trace at $N = 10^5$ (Results beyond the paper) approaches it as $N$ grows.',
      },
      {
        eq: '(4.7)',
        name: 'l \\le l_{*}\\ \\text{not necessary}',
        reason: 'shown here by one example only, the default parameters ($l > l_{*}$ and the rigid orbit stable by (4.8)), not in general.',
      },
      {
        eq: '(4.9)',
        name: '\\text{the walls under gravity}',
        reason: 'a heavy point between the two walls is a second model: the report kozlov-concave-walls derives (4.9) and its limit $g \\to 0$, (4.8).',
      },
    ],
  },
});
