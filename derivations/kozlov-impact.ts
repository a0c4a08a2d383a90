import { defineModel } from '../src/model/index.js';

// kozlov1988 §3, Theorem 3 and its proof (3.1)–(3.6): the impact on f ≥ 0
// realized by the potential c²Nf²/2 and the Rayleigh function k√N ḟ² in
// f < 0, in semi-geodesic coordinates (f ≡ x₁, T = ½g₁₁ẋ₁² + ½g₂₂ẋ₂²). The
// metric is taken constant and V = 0: then the Christoffel symbols and ∂V of
// (3.3) vanish, the terms of order ε² = 1/N in (3.4) with them, and the
// expansion (3.5) is exact, x = εξ(√N t) with ξ of (3.6). Entered at the
// speed ẋ₁(0) = −w < 0 (3.1), the point leaves f < 0 after δ_N = π/(ω√N),
// ω = √(c²g¹¹ − k²(g¹¹)²), its normal velocity reversed with e = exp(−πk/ω) and its
// tangential one unchanged (3.2): here exactly, for every N.
export default defineModel({
  name: 'kozlov-impact',
  title: 'An impact realized by a stiff viscoelastic medium (Kozlov §3)',
  sources: ['kozlov1988'],
  description: 'A point entering a stiff viscoelastic half-space in semi-geodesic coordinates: the damped half swing of Theorem 3 and its restitution.',
  coordinates: [
    { name: 'x1', description: 'the normal coordinate, $f = x_1$', unit: 'm' },
    { name: 'x2', description: 'the tangential coordinate', unit: 'm' },
  ],
  parameters: {
    g11: { default: 2, description: 'the metric along the normal, $g_{11}$', unit: 'kg' },
    g22: { default: 1, description: 'the metric along the surface, $g_{22}$', unit: 'kg' },
    c: { default: 2, description: 'stiffness coefficient: the potential $c^2Nf^2/2$' },
    k: { default: 0.5, description: 'damping coefficient: the Rayleigh function $k\\sqrt{N}\\dot{f}^2$' },
    N: { default: 100, description: 'strength of the medium' },
    w: { default: 1, description: 'normal speed at the entry, $\\dot{x}_1(0) = -w$', unit: 'm/s' },
    v2: { default: 0.5, description: 'tangential velocity at the entry', unit: 'm/s' },
  },
  kinetic: "(g11*x1'^2 + g22*x2'^2)/2",
  unilateral: [
    {
      name: 'wall',
      constraint: 'x1 >= 0',
      law: { compliant: { stiffness: 'c^2*N', damping: '2*k*sqrt(N)', adhesion: true } },
      description: 'the surface f = x₁ = 0, realized by a viscoelastic medium in f < 0',
    },
  ],
  // The entry velocity at P as its components head to tail (0.15 m per m/s): w into the medium, then v₂
  // along the surface, drawn inside the medium where it does not lie on the surface's line; the medium
  // named below the surface; no axes: the arrows give the directions.
  drawing: {
    points: { P: ['x2', 'x1'], W: ['x2', 'x1 - 0.15*w'], V: ['x2 + 0.15*v2', 'x1 - 0.15*w'], M: ['x2 + 0.22', 'x1 - 0.06'] },
    ground: 'y = 0',
    annotations: {
      axes: false,
      vectors: [
        { from: 'P', to: 'W', label: 'w' },
        { from: 'W', to: 'V', label: 'v2' },
      ],
      notes: [{ at: 'M', label: 'medium' }],
    },
  },
  initial: { q: { x1: 0, x2: 0 }, qd: { x1: '-w', x2: 'v2' }, t1: 0.5 },
  // Theorem 3 as N grows: the entry's duration δ_N (its release) and restitution, run from the initial state.
  limitStudy: { parameter: 'N', values: [100, 1000, 10000, 100000] },
  // Theorem 3's scheme against the motion derived in closed form from the entry: the equations
  // in f < 0, their solution in the fast time s = √N t (the paper's τ, which names the contact
  // duration in the report), and the exit velocity. g¹¹ = 1/g₁₁ is written out, not the paper's G.
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '(3.3)',
        name: '\\ddot{x}_1',
        formula: '-(2*k*sqrt(N)*W1 + c^2*N*X1)/g11',
        derived: "compliant.wall.x1''",
        where: { X1: 'x1', W1: "x1'" },
        note: '$-g^{11}\\partial V/\\partial x_1 - 2k\\sqrt{N}g^{11}\\dot{x}_1 - c^2Ng^{11}x_1 - \\sum\\Gamma^1_{jk}\\dot{x}_j\\dot{x}_k$ with $V = 0$ and $\\Gamma = 0$ (a constant metric): the equations while $x_1 \\le 0$, $g^{11} = 1/g_{11}$.',
      },
      { eq: '(3.3)', name: '\\ddot{x}_2', formula: '0', derived: "compliant.wall.x2''", note: 'the tangential equation: no force along the surface.' },
      {
        eq: '(3.4)',
        name: 'x_1^{\\prime\\prime}',
        formula: '-(2*k*W1 + c^2*X1)/g11',
        derived: "compliant.wall.x1''@τ=√N·t",
        where: { X1: 'x1', W1: "x1'" },
        note: '(3.3) in the fast time $s = \\sqrt{N}t$ (the paper’s $\\tau$), the prime $d/ds$: $x_1^{\\prime\\prime} + 2kg^{11}x_1^{\\prime} + c^2g^{11}x_1 + \\sum\\Gamma^1_{jk}x_j^{\\prime}x_k^{\\prime} = -\\varepsilon^2g^{11}\\partial V/\\partial x_1$, $\\varepsilon = N^{-1/2}$, derived from $\\ddot{x}_1$ above by $\\dot{x} = \\sqrt{N}x^{\\prime}$, $\\ddot{x} = Nx^{\\prime\\prime}$; typed with $\\Gamma = 0$ and $\\partial V/\\partial x_1 = 0$, as (3.3).',
      },
      {
        eq: '(3.4)',
        name: 'x_2^{\\prime\\prime}',
        formula: '0',
        derived: "compliant.wall.x2''@τ=√N·t",
        note: '$x_i^{\\prime\\prime} + \\sum\\Gamma^i_{jk}x_j^{\\prime}x_k^{\\prime} = -\\varepsilon^2\\sum g^{is}\\partial V/\\partial x_s$ ($i > 1$), typed with $\\Gamma = 0$, $V = 0$.',
      },
      {
        eq: '(3.6)',
        name: 'x_1(t) = \\varepsilon\\xi_1(s)',
        formula: '-N^(-1/2)*w*exp(-k*sqrt(N)*t/g11)*sin(sqrt(c^2/g11 - k^2/g11^2)*sqrt(N)*t)/sqrt(c^2/g11 - k^2/g11^2)',
        derived: 'trajectory1.x1',
        note: '$\\xi_1 = \\dot{x}_1(0)\\exp(-kg^{11}s)\\omega^{-1}\\sin\\omega s$, $\\omega = \\sqrt{c^2g^{11} - k^2(g^{11})^2}$, in $s = \\sqrt{N}t$, $\\varepsilon = N^{-1/2}$ (3.5): the derived motion in $f < 0$ is this term alone, the $o(\\varepsilon)$ of (3.5) vanishing with $V$ and $\\Gamma$.',
      },
      {
        eq: '(3.6)',
        name: 'x_2(t) = \\varepsilon\\xi_2(s)',
        formula: 'N^(-1/2)*v2*sqrt(N)*t',
        derived: 'trajectory1.x2',
        note: '$\\xi_i = \\dot{x}_i(0)s$ ($i > 1$); the scan prints $x_i(0)s$, which vanishes at the entry $x = 0$.',
      },
      {
        eq: 'Th. 3',
        name: '\\delta_N',
        formula: 'pi*g11/(sqrt(c^2*g11 - k^2)*sqrt(N))',
        derived: 'compliant.wall.duration',
        note: '$\\delta_N = \\tau$, the duration of the realized contact’s law (Theorem 3’s, above), the first zero of $x_1$ after the entry, $\\omega s = \\pi$ in (3.6): exact here, the $o(N^{-1/2})$ of the theorem vanishing with $V$ and $\\Gamma$.',
      },
      {
        eq: '(3.2)',
        name: '\\dot{x}_1(\\delta_N)',
        formula: 'exp(-pi*k/sqrt(c^2*g11 - k^2))*w',
        derived: "trajectory2.x1'",
        note: 'the normal velocity on leaving, $-e\\dot{x}_1(0)$, $e = \\exp(-\\pi kg^{11}/\\omega)$ with (3.6)’s $\\omega$ (the paper’s $\\omega$ of (3.2) is $g_{11}$ times it): the limit of (3.2), attained at every $N$ here.',
      },
      { eq: '(3.2)', name: '\\dot{x}_2(\\delta_N)', formula: 'v2', derived: "trajectory2.x2'" },
      {
        eq: 'Th. 3',
        name: 'x_2(\\delta_N)',
        formula: 'N^(-1/2)*v2*sqrt(N)*pi*g11/(sqrt(c^2*g11 - k^2)*sqrt(N))',
        derived: 'trajectory1.x2@t=trajectory1.end',
        note: 'the tangential coordinate on leaving, $\\varepsilon\\xi_2(\\sqrt{N}\\delta_N)$ of (3.6) at the $\\delta_N$ above: $O(N^{-1/2})$, as the theorem states of $x_i(\\delta_N)$; $x_1(\\delta_N) = 0$ defines $\\delta_N$.',
      },
      // After Theorem 3: at k = 0 it holds for V + exp(-N f) in place of c²Nf²/2, derived in closed
      // form from the same entry (compliant/exponential-impact.ts).
      {
        eq: '(3.2)',
        name: '\\dot{x}_1^{*}(\\delta_N^{*})',
        formula: 'w',
        derived: "exponential.wall.N.x1'",
        note: 'the remark after Theorem 3: at $k = 0$ it holds for $V_N^{*} = V + \\exp(-Nf)$ in place of $c^2Nf^2/2$ (a star: under $V_N^{*}$): (3.2) without damping, $e = 1$, at $x_1 = 0$ only, where the entry, $\\exp(-Nx_1) = \\tfrac{1}{2}g_{11}u^2\\operatorname{sech}^2(Nu(t - \\delta_N^{*}/2)/2)$, returns at $\\delta_N^{*}$. Entered at $f = 0$, the point is still pushed after it and leaves faster, at $u > w$ (below): the elastic bounce is the limit only for an entry from $f_0 > 0$, where $\\exp(-Nf_0) \\to 0$.',
      },
      { eq: '(3.2)', name: '\\dot{x}_2^{*}(\\delta_N^{*})', formula: 'v2', derived: "exponential.wall.N.x2'" },
      {
        eq: 'Th. 3',
        name: '\\lim_{N \\to \\infty} \\delta_N^{*}',
        formula: '0',
        derived: 'exponential.wall.N.duration@N→∞',
        note: 'the impact is instantaneous in the limit, as with $c^2Nf^2/2$.',
      },
      {
        eq: 'Th. 3',
        name: '\\delta_N^{*}',
        formula: '2*log((u + w)/(u - w))/(N*u)',
        derived: 'exponential.wall.N.duration',
        where: { u: 'exponential.wall.N.speed' },
        origin: 'own',
        note: 'the rate: $\\delta_N^{*}$ is $O(N^{-1})$, $u$ the speed below, where $c^2Nf^2/2$ gives $O(N^{-1/2})$; $x_2^{*}(\\delta_N^{*}) = v_2\\delta_N^{*}$ with it, within the theorem’s $O(N^{-1/2})$.',
      },
      {
        eq: 'Th. 3',
        name: '\\min x_1^{*}',
        formula: '-log(1 + g11*w^2/2)/N',
        derived: 'exponential.wall.N.depth',
        origin: 'own',
        note: 'the depth of the entry, where $\\exp(-Nx_1)$ has taken the kinetic energy $\\tfrac{1}{2}g_{11}w^2$ on top of its value 1 at $x_1 = 0$: $O(N^{-1})$.',
      },
      {
        eq: 'Th. 3',
        name: 'u',
        formula: 'sqrt(w^2 + 2/g11)',
        derived: 'exponential.wall.N.speed',
        origin: 'own',
        note: 'the speed $u = \\lim_{t \\to \\infty} \\dot{x}_1^{*}$: beyond the wall the point keeps speeding up to $u > w$: $\\exp(-Nx_1)$ is 1 at $x_1 = 0$ for every $N$ and gives that up as $x_1$ grows. So the model, entered at $f = 0$, leaves faster than it came at every $N$; the limit of the trajectories is the elastic bounce only for an entry from $f_0 > 0$, where $\\exp(-Nf_0) \\to 0$ and $u \\to w$.',
      },
    ],
    // The model's case: a constant metric without potential.
    scope: 'a constant metric without potential, where $\\Gamma = 0$, $\\partial V = 0$ and the $o(\\varepsilon)$ terms of (3.5) vanish identically',
    notDerived: [
      {
        eq: '(3.1)',
        name: '\\sum \\partial f/\\partial x_i|_{x=0}\\, v_i < 0',
        reason:
          'a hypothesis of Theorem 3, not a result: the velocity at $x = 0$ points into $f < 0$. In the semi-geodesic coordinates, $f \\equiv x_1$, it reads $\\dot{x}_1(0) < 0$, as the paper notes; the model enters with $\\dot{x}_1(0) = -w$, $w > 0$ declared, so a check of it would only restate that declaration.',
      },
      {
        eq: '§3',
        name: '\\dot{v} = (e - 1)(2R)^{-1}v\\sqrt{v^2 - u^2}',
        reason:
          'the corollary of Theorem 3 for a point in a circle with $e$ near 1, its averaged speed law and the sliding after $t > 2R/[u(1 - e)]$: derived in the circle-billiard report; this model follows one impact on a plane wall.',
      },
      {
        eq: 'Th. 3',
        name: '\\text{finitely many impacts on } [0, T]',
        reason: 'the extension to several impacts: the model follows one entry into the medium and the exit from it.',
      },
      {
        eq: '(3.2)',
        name: '\\dot{x}_1^{*} \\to w\\ \\text{from } f_0 > 0',
        reason:
          'the elastic bounce under $V_N^{*}$ as $N \\to \\infty$, which the remark after Theorem 3 states: it needs an entry from a height $f_0 > 0$, where $\\exp(-Nf_0) \\to 0$. The model enters at $f = 0$, where $\\exp(-Nf)$ is 1 at every $N$, and its closed form under $V_N^{*}$ is of that entry alone: it leaves at $u > w$ (above).',
      },
      {
        eq: 'Th. 3',
        name: 'g_{ij}(x),\\ V(x)',
        reason:
          'the theorem for a metric and a potential that vary: the model’s are constant, so (3.3)–(3.6) are checked where their $o(\\varepsilon)$ terms vanish.',
      },
    ],
  },
});
