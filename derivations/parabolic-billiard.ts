import { defineModel } from '../src/model/index.js';

// Kozlov 1988, §5: a heavy point above the parabola y = x²/(2a), striking it
// elastically. The vertical bouncing is stable while its apex stays below the
// focus (0, a/2) — (4.1) with f″(0) = 1/a — and doubles its period there; the
// orbits born there run to and fro along the confocal parabolas (5.7),
// striking the wall at right angles, all with the period 4√(a/g). The
// motion is integrable (§5): I = (xẏ − (y − a/2)ẋ)ẋ + gx²/2 is kept in
// flight and by every elastic impact. In Chaplygin's coordinates (5.2) at
// b = 0, derived from the wall, the motion keeps the separated equations (5.3)
// with h and γ = (I − ah)/2, and on the vertical bouncing their quadratic's
// roots a and 2h/g bound the two-gon (5.6). Fig. 3's two runs reach exactly
// those roots in v and w, the sides of their quadrilaterals (5.4), (5.5).
// A motion through the focus (I = 0) is flown to the wall, struck by the
// derived impact and flown back: on the axis again at the focus's height,
// after the vertical bouncing's period 2g⁻¹√(2h) at its energy (§5).
export default defineModel({
  name: 'parabolic-billiard',
  title: 'Parabolic billiard under gravity (Kozlov §5)',
  sources: ['kozlov1988'],
  description: 'A heavy point bouncing elastically above the parabola y = x²/(2a).',
  coordinates: [
    { name: 'x', description: 'horizontal position', unit: 'm' },
    { name: 'y', description: 'height above the vertex', unit: 'm' },
  ],
  parameters: {
    a: { default: 1, description: 'twice the focal distance of the parabola (f″(0) = 1/a)', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    e: { default: 1, description: 'coefficient of restitution' },
  },
  kinetic: "(x'^2 + y'^2)/2",
  potential: 'g*y',
  unilateral: [{ name: 'wall', description: 'the parabola y = x²/(2a)', constraint: 'y - x^2/(2*a) >= 0', law: { newton: 'e' } }],
  // Leaving the vertex straight up at 2.5 m/s: the apex at 0.32 m, below the focus at 0.5 m.
  // The point in its plane; the parabola is drawn from the wall constraint (the sketch's default surfaces).
  drawing: { points: { P: ['x', 'y'] } },
  initial: { q: { x: 0, y: 0 }, qd: { x: 0, y: 2.5 }, t1: 3 },
  // The vertical bouncing at v = 2.5, found from a start 1 cm off the axis (its energy held:
  // the orbits form a family along it), and followed as a shrinks to 0.5: it doubles its
  // period where the focus a/2 comes down to the apex v²/(2g), at a = v²/g = 0.637.
  orbit: {
    q0: { x: 0.01, y: 0.00005 },
    qd0: { x: 0.01, y: 2.5 },
    section: { contact: 'wall' },
    fix: ["y'"],
    continuation: { parameter: 'a', from: 1, to: 0.5 },
  },
  // Kozlov §4–§5 against the report's periodic orbit: v = ẏ just after the impact on the
  // section, held at 2.5. The vertical bouncing's return map has multipliers exp(±iθ),
  // cos θ = 1 − 2f″(0)v²/g (the reflection at the normal tilted by f″(0)x, then a flight
  // of 2v/g), on the unit circle while f″(0) = 1/a < g/v² (4.1). Its stiff-floor refinement (4.5)
  // is derived in kozlov-stiff-bouncing.
  paper: {
    source: 'kozlov1988',
    formulas: [
      {
        eq: '§4',
        name: '\\tau',
        formula: '2*v0/g',
        derived: 'orbit.period',
        where: { v0: "orbit.y'" },
        tolerance: 1e-8,
        note: 'the period of the vertical bouncing: the flight up and down at the speed $v_0$ just after each impact.',
      },
      {
        eq: '(4.1)',
        name: '\\operatorname{tr} P',
        formula: '2 - 4*W^2/(a*g)',
        derived: "impact1.single.next[x,x]@x=0@x'-=0 + impact1.single.next[x'-,x'-]@x=0@x'-=0",
        where: { W: "impact1.y'-" },
        at: { e: 1 },
        note: 'the trace of the strike-to-strike map in $(x, \\dot{x}^{-})$, derived in closed form and taken at the vertical bouncing $x = \\dot{x}^{-} = 0$, $\\dot{y}^{-} < 0$; its determinant is 1, so the bouncing is linearly stable where $|\\operatorname{tr} P| < 2$, i.e. $f^{\\prime\\prime}(0) = 1/a < g/(\\dot{y}^{-})^2$ (4.1). Its refinement for a stiff floor, (4.5), is derived in the report on the vertical bouncing on a stiff floor (kozlov-stiff-bouncing).',
      },
      {
        eq: '(4.1)',
        name: '\\cos\\theta',
        formula: '1 - 2*v0^2/(a*g)',
        derived: 'orbit.multiplier2.re',
        where: { v0: "orbit.y'" },
        tolerance: 1e-6,
        note: 'the linearization behind (4.1): the multipliers $\\exp(\\pm i\\theta)$ of the measured orbit, $\\cos\\theta = 1 - 2f^{\\prime\\prime}(0)v_0^2/g$ with $f^{\\prime\\prime}(0) = 1/a$ their real part; the paper states the condition $|\\cos\\theta| < 1$.',
      },
      {
        eq: '(4.1)',
        name: '|\\rho|',
        formula: '1',
        derived: 'orbit.multiplier2.abs',
        tolerance: 1e-6,
        note: 'the multipliers $\\rho = \\exp(\\pm i\\theta)$ at $a = 1$, $1/a < g/v_0^2$: linearly stable, on the unit circle.',
      },
      {
        eq: '(4.1)',
        name: 'a_{*}',
        formula: 'v0^2/g',
        derived: 'orbit.bifurcation1',
        where: { v0: "orbit.y'" },
        tolerance: 1e-5,
        reading: 'that is, while its apex $\\dot{y}^2/(2g)$ is below the focus $a/2$',
        note: 'stability is lost where $f^{\\prime\\prime}(0) = 1/a$ reaches $g/v_0^2$: the branch’s period doubling, the apex $v_0^2/(2g)$ at the focus $a/2$ (§5). The paper puts this bifurcation at $h = mga$, “when the height of the bounce equals the distance to the focus”; that height is $a/2$, so the energy there is $h = mga/2$ (a misprint in the paper), as here: $v_0^2/2 = ga_{*}/2$ per unit mass.',
      },
      {
        eq: '§5',
        name: 'I^{+} = I^{-}',
        formula: 'XP*(X*YP - (X^2/(2*a) - a/2)*XP) + g*X^2/2 = XM*(X*YM - (X^2/(2*a) - a/2)*XM) + g*X^2/2',
        where: { X: 'x', XP: "impact1.single.x'+", YP: "impact1.single.y'+", XM: "impact1.x'-", YM: "impact1.y'-" },
        at: { e: 1 },
        note: 'the first integral that makes the billiard integrable, the limit $b \\to 0$ of the Painlevé–Chaplygin one, which the paper leaves unwritten: $I = (x\\dot{y} - (y - a/2)\\dot{x})\\dot{x} + gx^2/2$, the angular momentum about the focus $(0, a/2)$ times $\\dot{x}$. In flight $d(\\ell_F\\dot{x})/dt = -gx\\dot{x}$; here the derived elastic impact on $y = x^2/(2a)$ keeps it.',
      },
      {
        eq: '(5.7)',
        name: 'x_{\\text{next}}',
        formula: '-X',
        derived: "impact1.single.return.x@x'-=(g*x/sqrt(a*g))@y'-=(-sqrt(a*g))",
        where: { X: 'x' },
        at: { e: 1 },
        note: 'the family (5.7) runs along the parabolas $2y = x_1 + x^2/(a - x_1)$ confocal with the wall $y = x^2/(2a)$; for $x_1 > a$ they open downwards, a flight with the horizontal speed $u$, $u^2 = g(x_1 - a)$, meeting the wall at right angles where $x^2 = a(x_1 - a)$. Its member striking at $x$ arrives with $\\dot{x}^{-} = u = gx/\\sqrt{ag}$, $\\dot{y}^{-} = -gx/u = -\\sqrt{ag}$; the derived impact and flight bring it to the mirror point $-x$, for every $x$ and $a$.',
      },
      {
        eq: '(5.7)',
        name: '\\tau_{\\mathrm{c}}',
        formula: '4*sqrt(a/g)',
        derived: "impact1.single.return@x'-=(g*x/sqrt(a*g))@y'-=(-sqrt(a*g)) + impact1.single.return@x'-=(g*x/sqrt(a*g))@y'-=(-sqrt(a*g))@x=(-x)",
        at: { e: 1 },
        note: 'the period $\\tau_{\\mathrm{c}}$ of that member: the derived flight from $x$ to $-x$ and the one back, each lasting $2\\sqrt{a/g}$ whatever $x$ (so whatever $x_1$). The family is born at the period doubling $a = a_{*}$ of the vertical bouncing, where its member $x \\to 0$ is that bouncing run twice.',
      },
      {
        eq: '(5.7)',
        name: '\\tau_{\\mathrm{c}}\\ \\text{(run)}',
        formula: '4*sqrt(a/g)',
        derived: 'confocal.family.period',
        tolerance: 1e-6,
        note: 'a member of (5.7) run: leaving the wall at $x_0 = 0.3a$ along its normal, $(\\dot{x}, \\dot{y}) = (-x_0\\sqrt{g/a}, \\sqrt{ag})$, the reverse of its arrival, it strikes at $-x_0$ and is back at $x_0$ after this time, measured from the run.',
      },
      {
        eq: '(5.7)',
        name: 'x_{\\text{next}}\\ \\text{(run)}',
        formula: '-X0',
        derived: 'confocal.family.first',
        where: { X0: 'confocal.family.x0' },
        tolerance: 1e-6,
        note: 'the same run’s first strike, at the mirror point.',
      },
      {
        eq: '(4.1)',
        name: '|\\lambda|,\\ a < v^2/g',
        formula: '2*V^2/(a*g) - 1 + sqrt((1 - 2*V^2/(a*g))^2 - 1)',
        derived: 'confocal.unstable.growth',
        where: { V: 'confocal.unstable.v' },
        tolerance: 1e-3,
        note: 'the vertical bouncing with its apex above the focus, $v^2/g = 5a/4 > a$, run from $10^{-6}$ off the axis: its strikes leave the axis, $|x|$ multiplied at each by the modulus of the multiplier outside the unit circle, $\\cos\\theta = 1 - 2v^2/(ag) < -1$ of (4.1) and $|\\lambda| = |\\cos\\theta| + \\sqrt{\\cos^2\\theta - 1}$ (measured from its fifth to its ninth strike, where the other direction has died out and $|x| < 0.01$).',
      },
      {
        eq: '(5.3)',
        name: '\\dot{v}^2',
        formula: '(4/(m*(w - v)))^2*(m^2*g/4*v^2 - (m*h/2 + m^2*(a + b)*g/4)*v - gamma)*(a - v)*v/(v + b)',
        derived: "parabolic.v'^2",
        where: {
          v: 'parabolic.v',
          w: 'parabolic.w',
          m: '1',
          b: '0',
          h: "(x'^2 + y'^2)/2 + g*y",
          gamma: "((x*y' - (y - a/2)*x')*x' + g*x^2/2 - a*((x'^2 + y'^2)/2 + g*y))/2",
        },
        note: 'Chaplygin’s equation for $v$ at $b = 0$, squared (the paper takes the root of the sign of the motion), $\\alpha = m^2g/4$, $\\beta = mh/2 + m^2(a + b)g/4$, unit mass: the derived rate of Chaplygin’s coordinate $v$ of (5.2), $v, w = (2y + a \\mp \\sqrt{(2y - a)^2 + 4x^2})/2$, at every state, with $h$ the energy and the integration constant $\\gamma = (I - ah)/2$, $I$ the integral of §5 (the toolkit’s identification: $F(a) = 0$ on the vertical bouncing, $I = 0$, as the paper requires).',
      },
      {
        eq: '(5.3)',
        name: '\\dot{w}^2',
        formula: '(4/(m*(w - v)))^2*(-m^2*g/4*w^2 + (m*h/2 + m^2*(a + b)*g/4)*w + gamma)*(w - a)*w/(w + b)',
        derived: "parabolic.w'^2",
        where: {
          v: 'parabolic.v',
          w: 'parabolic.w',
          m: '1',
          b: '0',
          h: "(x'^2 + y'^2)/2 + g*y",
          gamma: "((x*y' - (y - a/2)*x')*x' + g*x^2/2 - a*((x'^2 + y'^2)/2 + g*y))/2",
        },
        note: 'the same for $w$, with the same $h$ and $\\gamma$: the two separated equations hold together, so $h$ and $\\gamma$ are first integrals of the flight, and the quadratic $F(c) = \\alpha c^2 - \\beta c - \\gamma$ is $\\ge 0$ at $v$ and $\\le 0$ at $w$, the bounds (5.4), (5.5).',
      },
      {
        eq: '(5.6)',
        name: '\\dot{w}^2,\\ F(a) = 0',
        formula: '(4/(m*(w - v)))^2*m^2*g/4*(w - a)^2*((m*h/2 + m^2*a*g/4)/(m^2*g/4) - a - w)',
        derived: "parabolic.w'@x=0@x'=0^2",
        where: { v: 'parabolic.v@x=0', w: 'parabolic.w@x=0', m: '1', h: "y'^2/2 + g*y" },
        note: 'the vertical bouncing, $x = \\dot{x} = 0$: there $I = 0$, so $\\gamma = \\alpha a^2 - \\beta a$ and $F(c) = \\alpha(c - a)(c - x_2)$, $x_1 = a$, $x_2 = \\beta/\\alpha - a = 2h/(mg)$; (5.3) becomes this, the derived rate of $w$ on the axis ($v = a \\le w = 2y$ above the focus, $\\dot{w} = 0$ below). So $w \\le x_2$: the two-gon (5.6), $x_2 > a$ iff $2\\alpha a < \\beta$, the apex $h/(mg)$ above the focus $a/2$.',
      },
      {
        eq: '(5.2)',
        name: 'ax^2 = (a + b)(a - v)(w - a)',
        formula: 'a*X^2 = (a + b)*(a - v)*(w - a)',
        where: { X: 'x', v: 'parabolic.v', w: 'parabolic.w', b: '0' },
        note: 'Chaplygin’s parabolic coordinates at $b = 0$, as derived from the wall: $v, w = (2y + a \\mp \\sqrt{(2y - a)^2 + 4x^2})/2$, the parabolas $2y = c + x^2/(a - c)$ confocal with it through the point (the third relation of (5.2), for the paraboloid’s coordinate across the plane, is left out in the plane $z = 0$).',
      },
      {
        eq: '(5.2)',
        name: '2y = v + w - (b + a)',
        formula: '2*Y = v + w - (b + a)',
        where: { Y: 'y', v: 'parabolic.v', w: 'parabolic.w', b: '0' },
      },
      {
        eq: '(5.1)',
        name: 'z^2/b = 2y + b - x^2/(a + b),\\ b \\to 0',
        formula: '2*Y + b - X^2/(a + b) = v*w/a',
        where: { X: 'x', Y: 'y', v: 'parabolic.v', w: 'parabolic.w', b: '0' },
        note: 'Painlevé’s paraboloid $2y + b = x^2/(a + b) + z^2/b$ (the scan prints $x^2/b$ for its last term): as $b \\to 0$ the point keeps $z^2/b = 2y + b - x^2/(a + b) \\ge 0$, in the limit $2y \\ge x^2/a$, the region above the wall. There it is $vw/a$ in the derived coordinates (5.2), so the wall is $v = 0$.',
      },
      {
        eq: '§5',
        name: '2g^{-1}\\sqrt{2h/m}',
        formula: 't1 - xi/XP = 2*g^(-1)*sqrt(2*h/m)',
        where: {
          t1: '(eta + sqrt(eta^2 + a*g + u^2))/(g + u^2/a)',
          xi: 'u*(eta + sqrt(eta^2 + a*g + u^2))/(g + u^2/a)',
          XP: "impact1.single.x'+@x=(u*(eta+sqrt(eta^2+a*g+u^2))/(g+u^2/a))@x'-=(u)@y'-=(eta-g*(eta+sqrt(eta^2+a*g+u^2))/(g+u^2/a))",
          h: '(u^2 + eta^2)/2 + g*a/2',
          m: '1',
        },
        at: { e: 1 },
        note: 'a motion through the focus $(0, a/2)$ at the velocity $(u, \\eta)$ ($I = 0$, so $F(a) = 0$: the asymptotic motions of the unstable bouncing): its flight to the wall, lasting $t_1$, strikes at $\\xi = ut_1$, and the derived impact sends it back to the axis after $-\\xi/\\dot{x}^{+}$. The two together take the period $2g^{-1}\\sqrt{2h/m}$ of the vertical bouncing at its energy $h$, at every velocity (unit mass).',
      },
      {
        eq: '§5',
        name: 'y = a/2 \\text{ at } x = 0',
        formula: 'xi^2/(2*a) - YP*xi/XP - g*xi^2/(2*XP^2) = a/2',
        where: {
          xi: 'u*(eta + sqrt(eta^2 + a*g + u^2))/(g + u^2/a)',
          XP: "impact1.single.x'+@x=(u*(eta+sqrt(eta^2+a*g+u^2))/(g+u^2/a))@x'-=(u)@y'-=(eta-g*(eta+sqrt(eta^2+a*g+u^2))/(g+u^2/a))",
          YP: "impact1.single.y'+@x=(u*(eta+sqrt(eta^2+a*g+u^2))/(g+u^2/a))@x'-=(u)@y'-=(eta-g*(eta+sqrt(eta^2+a*g+u^2))/(g+u^2/a))",
        },
        at: { e: 1 },
        note: 'the same motion, where it is back on the axis: at the height of the focus, so it passes through it again after the bounce, as §5 states.',
      },
      {
        eq: '§5',
        name: '\\dot{v} = 0,\\ \\text{smooth sliding}',
        formula: '0',
        derived: "parabolic.v'@y'=(x*u/a)@x'=(u)@y=(x*x/(2*a))",
        note: 'the smooth sliding along the wall, $y = x^2/(2a)$ at the tangent velocity $(u, xu/a)$: the derived rate of Chaplygin’s $v$ vanishes there at every $x$ and $u$, so the sliding keeps $v \\equiv 0$, the degenerate quadrilateral (5.4) with $x_1 = 0$ ($\\gamma = 0$), as the paper describes it: the limiting case of the motions of the first kind.',
      },
      {
        eq: '(5.4)',
        name: '2y \\le x_1 + x^2/(a - x_1):\\ \\max_t v',
        formula: '(h/2 + a*g/4 - sqrt((h/2 + a*g/4)^2 + g*gamma))/(g/2)',
        derived: 'confocal.a.v.max',
        where: { h: 'confocal.a.h', gamma: 'confocal.a.gamma' },
        tolerance: 1e-5,
        note: 'Fig. 3a’s motion ($x_2 > a \\ge x_1$): the side $2y = x_1 + x^2/(a - x_1)$ is the level $v = x_1$ of the derived coordinate $v$ of (5.2), so the paper’s bound is $v \\le x_1$, the smaller root of $F(c) = \\alpha c^2 - \\beta c - \\gamma$, $\\alpha = g/4$, $\\beta = h/2 + ag/4$ at the start’s $h$ and $\\gamma$. Measured: the largest $v$ along the run, 4001 samples over 20 s, against that root. The lower side $x^2/a \\le 2y$ is the wall, $v \\ge 0$.',
      },
      {
        eq: '(5.4)',
        name: '2y \\le x_2 + x^2/(a - x_2):\\ \\max_t w',
        formula: '(h/2 + a*g/4 + sqrt((h/2 + a*g/4)^2 + g*gamma))/(g/2)',
        derived: 'confocal.a.w.max',
        where: { h: 'confocal.a.h', gamma: 'confocal.a.gamma' },
        tolerance: 1e-5,
        note: 'the same run’s other side, $w \\le x_2$, the larger root: the largest $w$ along it. Both maxima reaching the roots show the path bounded by the quadrilateral and touching its sides.',
      },
      {
        eq: '(5.5)',
        name: 'x_1 + x^2/(a - x_1) \\le 2y:\\ \\min_t w',
        formula: '(h/2 + a*g/4 - sqrt((h/2 + a*g/4)^2 + g*gamma))/(g/2)',
        derived: 'confocal.b.w.min',
        where: { h: 'confocal.b.h', gamma: 'confocal.b.gamma' },
        tolerance: 1e-5,
        note: 'Fig. 3b’s motion ($x_2 \\ge x_1 \\ge a$): both sides are levels of $w$, the lower $w = x_1$ (for $x_1 > a$ the parabola opens downwards, so $2y \\ge x_1 + x^2/(a - x_1)$ is $w \\ge x_1$): the smallest $w$ along its run against the smaller root of $F$ at its start.',
      },
      {
        eq: '(5.5)',
        name: '2y \\le x_2 + x^2/(a - x_2):\\ \\max_t w',
        formula: '(h/2 + a*g/4 + sqrt((h/2 + a*g/4)^2 + g*gamma))/(g/2)',
        derived: 'confocal.b.w.max',
        where: { h: 'confocal.b.h', gamma: 'confocal.b.gamma' },
        tolerance: 1e-5,
        note: 'the same run’s upper side, $w \\le x_2$: the largest $w$ against the larger root. The third side $x^2/a \\le 2y$ is the wall, $v \\ge 0$.',
      },
    ],
    notDerived: [
      {
        eq: '§5',
        name: '\\text{smooth sliding stable, all } h > 0',
        reason:
          'the stability of the smooth slidings along the parabola at every energy: a motion in lasting contact with the wall, which the model’s Newton impact law does not follow (it strikes, it does not slide), and no sliding orbit is declared. That the sliding keeps $v \\equiv 0$ is derived above.',
      },
    ],
    // Fig. 3: two starts in flight, both at a = 1. (0.2, 0.3) moving sideways at 0.5, below the
    // focus: c₁ ≈ 0.52 < a < c₂ ≈ 1.10, the quadrilateral (5.4) about the axis (Fig. 3a); (0, 0.8)
    // above the focus moving sideways at 1: a < c₁ ≈ 1.10 < c₂ ≈ 1.60, the quadrilateral (5.5) (Fig. 3b).
    studyFigures: [
      {
        kind: 'confocal-motions',
        starts: [
          { panel: 'a', q: { x: 0.2, y: 0.3 }, qd: { x: 0.5, y: 0 } },
          { panel: 'b', q: { x: 0, y: 0.8 }, qd: { x: 1, y: 0 } },
        ],
      },
    ],
  },
});
