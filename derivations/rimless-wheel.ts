import { defineModel, type ModelSpec } from '../src/model/index.js';

/**
 * Rubanovich & Formalsky 1981, §2: the "wheel with legs" (rimless wheel).
 * k spokes of length l, total mass 2m with the centre of mass at the hub,
 * moment of inertia I = 2 m l² I* about the hub (I* ∈ [0, 1]), on a line
 * inclined at gamma. Spoke j's tip is at (x + l sin(psi + 2π(j − 1)/k),
 * y − l cos(psi + 2π(j − 1)/k)), spoke j the report's contact j (f_j);
 * alpha = π/k is half the angle between spokes.
 * The tips arrive plastically and stick.
 */
/**
 * One stance of the wheel with the half-angle α between neighbouring spokes
 * kept symbolic (α = π/k for k spokes): the standing spoke 1 at ψ and the
 * arriving spoke 2 at ψ + 2α, at the impact ψ = −α. Rubanovich–Formalsky's
 * §2 results hold for every k, so the rimless wheel's report derives them
 * from this model; the critical α₀(I*) is where spoke 1 stops lifting off.
 * The line is inclined at γ as the wheel's: the impacts do not feel it, the
 * speed to roll on over the next spoke does (γ = 0 the horizontal line).
 */
export function rimlessWheelStance(): ModelSpec {
  const spoke = (name: string, angle: string) => ({ name, constraint: `y - l*cos(${angle}) >= 0`, law: { stick: `x + l*sin(${angle})` } });
  return defineModel({
    name: 'rimless-wheel-stance',
    title: 'Rimless wheel, one stance with symbolic spoke angle (Rubanovich–Formalsky §2)',
    coordinates: [
      { name: 'x', description: 'hub, along the line', unit: 'm' },
      { name: 'y', description: 'hub, normal to the line', unit: 'm' },
      { name: 'psi', description: 'angle of spoke 1 from the line’s normal', unit: 'rad' },
    ],
    parameters: {
      m: { default: 1, description: 'half the total mass', unit: 'kg' },
      l: { default: 1, description: 'spoke length', unit: 'm' },
      g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
      Istar: { default: 0.5, range: [0, 1], description: 'I* = I/(2 m l²), reduced moment of inertia' },
      alpha: { default: Math.PI / 6, range: [0, 'pi/2'], open: true, description: 'half the angle between neighbouring spokes, π/k' },
      gamma: { default: 0.1, description: 'slope angle', unit: 'rad' },
    },
    kinetic: "m*(x'^2 + y'^2) + m*l^2*Istar*psi'^2",
    potential: '2*m*g*(y*cos(gamma) - x*sin(gamma))',
    unilateral: [spoke('spoke1', 'psi'), spoke('spoke2', 'psi + 2*alpha')],
    impactScenarios: [
      {
        name: 'spoke 2 strikes while spoke 1 stands',
        arriving: 'spoke2',
        closed: ['spoke1'],
        at: { psi: '-alpha', y: 'l*cos(alpha)' },
        independent: ['psi'],
        approach: { psi: 'negative' },
        critical: 'alpha',
      },
    ],
    initial: { q: { y: 'l', psi: 0 }, qd: {}, t1: 1 },
  });
}

/** (2.9)'s symbols: r the ratio (2.6) of a lift-off impact, k = π/α spokes. */
const RATIO = { r: 'impact1.leaves.ratio', k: 'pi/alpha' };
/** k ≥ 5 spokes, every I*. */
const ROLLING = { alpha: '(0, pi/5]' };
/** k > 4 spokes, real, every I*: where (2.9)'s base (I* + cos 2α)/(1 + I*) is positive for every I* ((2.8): spoke 1 lifts off). */
const LIFTING = { alpha: '(0, pi/4)' };
/** k > 3, real, I* > 1/2: the base is positive there too (I* > 1/2 ≥ −cos 2α). */
const HEAVY_RIM = { alpha: '(0, pi/3)', Istar: '(1/2, 1]' };
/** k = 4 and k = 3, where (2.9) holds only for I* > −cos(2π/k) (spoke 1 lifts off, (2.8)): I* > 0 and I* > 1/2. */
const FEW_SPOKES = [
  [4, { Istar: '(0, 1]' }, '0'],
  [3, { Istar: '(1/2, 1]' }, '1/2'],
] as const;

/**
 * (2.1), (2.2): the impulse–momentum equations the impacts' results come from, once for each mode, w = ψ̇(−0),
 * wp = ψ̇(+0), I = 2ml²I*; the hub's jump [ẋ_c] = −l cos α [ψ̇] (the compass's (1.7) without its ½) sets (2.1).
 */
const IMPULSE_MOMENTUM = (['leaves', 'stays'] as const).flatMap((mode) => {
  const tag = `\\ \\text{(B ${mode})}`;
  const w = { w: "impact1.psi'-", wp: `impact1.${mode}.psi'+` };
  const stays = mode === 'stays';
  // B stays: (2.1) as printed, in the jump [ψ̇] of (2.2) (wp = 0 set in would print the jump as −w).
  const jump: Readonly<Record<string, string>> = stays ? { J: "impact1.stays.[psi']" } : w;
  return [
    {
      eq: '(2.1)',
      name: `E_{R_{1x}} + E_{R_{2x}}${tag}`,
      formula: stays ? '-2*m*l*J*cos(alpha)' : '-2*m*l*(wp - w)*cos(alpha)',
      derived: stays ? 'impact1.stays.spoke2.t + impact1.stays.spoke1.t' : 'impact1.leaves.spoke2.t',
      where: jump,
    },
    {
      eq: '(2.2)',
      name: `[\\dot{\\psi}]${tag}`,
      formula: '((E_R1x + E_R2x)*l*cos(alpha) + (E_R1y - E_R2y)*l*sin(alpha))/(2*m*l^2*Istar)',
      derived: `impact1.${mode}.[psi']`,
      where: stays
        ? { E_R1x: 'impact1.stays.spoke2.t', E_R1y: 'impact1.stays.spoke2.n', E_R2x: 'impact1.stays.spoke1.t', E_R2y: 'impact1.stays.spoke1.n' }
        : { E_R1x: 'impact1.leaves.spoke2.t', E_R1y: 'impact1.leaves.spoke2.n', E_R2x: '0', E_R2y: '0' },
      note: stays
        ? 'B stays: only the sum $E_{R_{1x}} + E_{R_{2x}}$ is determined, and only the sum enters.'
        : 'B leaves, so $E_{R_2} = 0$ (1.14); $I = 2 m l^2 I^{*}$.',
    },
  ];
});

export function rimlessWheel(k: number): ModelSpec {
  const angle = (j: number): string => (j === 0 ? 'psi' : `psi + ${2 * j}*pi/${k}`);
  return defineModel({
    name: k === 6 ? 'rimless-wheel' : `rimless-wheel-${k}`,
    title: `Rimless wheel with ${k} spokes (Rubanovich–Formalsky §2)`,
    sources: ['rubanovich1981'],
    description: 'A hub with rigid spokes rolling down a slope by rocking from spoke to spoke.',
    coordinates: [
      { name: 'x', description: 'hub, along the slope', unit: 'm' },
      { name: 'y', description: 'hub, normal to the slope', unit: 'm' },
      { name: 'psi', description: 'angle of spoke 1 from the slope normal', unit: 'rad' },
    ],
    parameters: {
      m: { default: 1, description: 'half the total mass', unit: 'kg' },
      l: { default: 1, description: 'spoke length', unit: 'm' },
      Istar: { default: 0.5, range: [0, 1], description: 'I* = I/(2 m l²), reduced moment of inertia' },
      g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
      gamma: { default: 0.1, description: 'slope angle', unit: 'rad' },
    },
    kinetic: "m*(x'^2 + y'^2) + m*l^2*Istar*psi'^2",
    potential: '2*m*g*(y*cos(gamma) - x*sin(gamma))',
    unilateral: Array.from({ length: k }, (_, j) => ({
      name: `spoke${j + 1}`,
      constraint: `y - l*cos(${angle(j)}) >= 0`,
      law: { stick: `x + l*sin(${angle(j)})` },
    })),
    impactScenarios: [
      {
        name: 'spoke 2 strikes while spoke 1 stands',
        arriving: 'spoke2',
        closed: ['spoke1'],
        at: { psi: `-pi/${k}`, y: `l*cos(pi/${k})` },
        independent: ['psi'],
      },
    ],
    // Standing on spoke 1 (tip at rest, for every l) and rocking forward:
    // y = l cos ψ, and the tip's velocity ẋ + l cos ψ ψ̇ = ẏ + l sin ψ ψ̇ = 0 at ψ̇ = −1.
    // Each spoke's tip named after its spoke, spoke j the contact f_j, and the names drawn: the text and Table 8 speak of spokes by number.
    drawing: {
      points: Object.fromEntries([
        ['hub', ['x', 'y'] as const],
        ...Array.from({ length: k }, (_, j) => [`spoke${j + 1}`, [`x + l*sin(${angle(j)})`, `y - l*cos(${angle(j)})`] as const]),
      ]),
      segments: Array.from({ length: k }, (_, j) => ['hub', `spoke${j + 1}`] as const),
      ground: 'y = 0',
      labels: true,
      // ψ from the downward vertical to spoke 1, and 2α = 2π/k between neighbouring spokes (the paper's Fig. 3).
      annotations: {
        angles: [
          { coordinate: 'psi', at: 'hub', from: 'down', to: 'spoke1' },
          { angle: `2*pi/${k}`, label: '2*alpha', at: 'hub', from: 'spoke1', to: 'spoke2' },
        ],
      },
    },
    initial: { q: { psi: 0.2, y: 'l*cos(0.2)' }, qd: { x: 'l*cos(0.2)', y: 'l*sin(0.2)', psi: -1 }, t1: 7 },
    // Rubanovich–Formalsky §2 for every k, from one stance with α = π/k symbolic; w = ψ̇(−0),
    // E_R1 the impulse at the arriving spoke (spoke2), E_R2 at the standing one (spoke1).
    paper: {
      source: 'rubanovich1981',
      general: rimlessWheelStance(),
      formulas: [
        ...IMPULSE_MOMENTUM,
        {
          eq: '(2.3)',
          name: 'E_{R_{1y}}\\ \\text{(B stays)}',
          formula: '-m*l*w/sin(alpha)*(Istar + 1)',
          derived: 'impact1.stays.spoke2.n',
          where: { w: "impact1.psi'-" },
        },
        {
          eq: '(2.4)',
          name: 'E_{R_{2y}}\\ \\text{(B stays)}',
          formula: 'm*l*w/sin(alpha)*(Istar + cos(2*alpha))',
          derived: 'impact1.stays.spoke1.n',
          where: { w: "impact1.psi'-" },
        },
        {
          eq: '(2.5)',
          name: 'E_{R_{1y}}\\ \\text{(B leaves)}',
          formula: '-4*m*l*sin(alpha)*w*(Istar + cos(alpha)^2)/(Istar + 1)',
          derived: 'impact1.leaves.spoke2.n',
          where: { w: "impact1.psi'-" },
        },
        {
          eq: '(2.6)',
          name: '\\dot{\\psi}(+0)',
          formula: 'w*(Istar + cos(2*alpha))/(Istar + 1)',
          derived: "impact1.leaves.psi'+",
          where: { w: "impact1.psi'-" },
        },
        {
          eq: '(2.7)',
          name: 'E_{R_{1x}}\\ \\text{(B leaves)}',
          formula: '2*m*l*w*sin(alpha)*sin(2*alpha)/(Istar + 1)',
          derived: 'impact1.leaves.spoke2.t',
          where: { w: "impact1.psi'-" },
        },
        { eq: '(2.8)', name: '\\alpha_0', formula: 'pi/2 - acos(Istar)/2', derived: 'impact1.critical' },
        {
          eq: '(2.9)',
          name: '\\kappa',
          formula: '((Istar + cos(2*pi/k))/(Istar + 1))^k',
          derived: 'impact1.leaves.ratio^k',
          where: { k: 'pi/alpha' },
          note: 'the paper’s $\\nu$, the speed’s decrement per revolution; here $\\nu$ is the tangential contact measure.',
        },
        {
          eq: '§2',
          name: 'T(-0) - T(+0)',
          derived: 'impact1.leaves.ΔT',
          note: 'the paper says in words that each impact lowers the energy; the loss itself is this report’s, positive by §2’s inequality below.',
        },
        {
          eq: '§2',
          name: '\\dot{\\psi}(+0)^2\\ \\text{to roll on}',
          derived: 'impact1.vault@gamma=0',
          note: 'the paper says in words that below a limit of the speed rolling stops and rocking from leg to leg begins; the limit itself is this report’s: turning about the arriving foot, the hub rises by $l(1 - \\cos\\alpha)$ before it passes over, so the wheel rolls on iff $\\dot{\\psi}(+0)^2$ exceeds this, that is $\\dot{\\psi}(-0)^2$ exceeds it divided by the square of (2.6)’s ratio.',
        },
        {
          eq: '§2',
          name: '\\dot{\\psi}(+0)^2\\ \\text{to roll on, slope}\\ \\gamma',
          derived: 'impact1.vault',
          note: 'the same on the line inclined at $\\gamma$ down which the wheel rolls: the arriving spoke stands at $\\alpha - \\gamma$ from the vertical, so the hub rises by $l(1 - \\cos(\\alpha - \\gamma))$.',
        },
        {
          eq: '§2',
          name: '\\ddot{\\psi}\\ \\text{on spoke 1}',
          formula: 'g*sin(psi - gamma)/(l*(1 + Istar))',
          derived: "phase.spoke1.psi''",
          where: { psi: 'psi' },
          origin: 'own',
          note: 'the equation of motion while the wheel turns about the foot of spoke 1, the phase between impacts, printed with the general model’s contact phases; the paper says of it in words only that $T + V$ is constant there. Set beside the form typed by hand: the moment of inertia about the foot $I + 2ml^2 = 2ml^2(1 + I^{*})$, the weight $2mg$ at the hub, whose arm about the foot is $l\\sin(\\psi - \\gamma)$ on the line inclined at $\\gamma$.',
        },
        {
          eq: '§2',
          name: '\\lambda^2',
          formula: 'g/(l*(1 + Istar))',
          derived: "phase.spoke1.psi''@∂psi@psi=(gamma)",
          origin: 'own',
          note: 'the phase on spoke 1 linearized about its rest $\\psi = \\gamma$ (spoke 1 along the vertical): $\\delta\\ddot{\\psi} = \\lambda^2\\,\\delta\\psi$, the closed form of the eigenvalues $\\pm\\lambda$ the linearization finds numerically at each rest on one spoke. Set beside the form typed by hand from the pivot equation above, $\\sin(\\psi - \\gamma) \\approx \\psi - \\gamma$.',
        },
        {
          eq: '§2',
          name: 'c\\ \\text{in}\\ F = c\\dot{\\psi}^2',
          formula: '-m*l*log(r)/alpha = m*l*log((Istar + 1)/(Istar + cos(2*alpha)))/alpha',
          where: { r: 'impact1.leaves.ratio' },
          origin: 'own',
          note: 'the paper’s rolling friction, $2ml\\ddot{\\psi} = -F$ with $F = c\\dot{\\psi}^2$ ($c$ not given), multiplies $|\\dot{\\psi}|$ by $e^{-c\\Delta\\psi/(2ml)}$ over a turn $\\Delta\\psi$; over a stride, $2\\alpha$ on the horizontal line, the wheel’s speed is multiplied by the derived ratio $r$ of the impact, so the two agree stride by stride iff $c = -ml\\ln r/\\alpha$; beside it the same with (2.6) typed. As $k = \\pi/\\alpha$ grows, $c \\approx 2ml\\alpha/(1 + I^{*}) \\to 0$.',
        },
      ],
      // (2.9)'s statements after it, typed from the paper with r = (2.6)'s ratio and k = π/α: ν < 1 and
      // dν/dk > 0 for real k > 4, where, by (2.8), spoke 1 lifts off for every I* (α < π/4 ≤ α₀), so (2.6)
      // applies; the impulses' signs and ν's lower bound for k ≥ 5.
      claims: [
        { eq: '(2.3)', name: 'E_{R_{1y}}\\ \\text{(B stays)} > 0', claim: 'E > 0', where: { E: 'impact1.stays.spoke2.n' } },
        { eq: '(2.5)', name: 'E_{R_{1y}}\\ \\text{(B leaves)} > 0', claim: 'E > 0', where: { E: 'impact1.leaves.spoke2.n' } },
        { eq: '(2.4)', name: 'E_{R_{2y}}\\ \\text{(B stays)} < 0,\\ k \\ge 5', claim: 'E < 0', where: { E: 'impact1.stays.spoke1.n' }, on: ROLLING },
        { eq: '(2.6)', name: '\\dot{\\psi}(+0) < 0,\\ k \\ge 5', claim: 'wp < 0', where: { wp: "impact1.leaves.psi'+" }, on: ROLLING },
        { eq: '(2.7)', name: 'E_{R_{1x}}\\ \\text{(B leaves)} < 0', claim: 'E < 0', where: { E: 'impact1.leaves.spoke2.t' } },
        { eq: '(2.9)', name: '\\kappa < 1', claim: 'r^k < 1', where: RATIO, on: LIFTING },
        {
          eq: '(2.9)',
          name: 'd\\kappa/dk > 0',
          claim: 'r^k > 0',
          rate: 'k',
          where: RATIO,
          on: LIFTING,
          note: 'for every real $k > 4$, so, $\\kappa$ being continuous at $k = 4$, $\\kappa$ increases strictly with the number of spokes from $k = 4$ on: every integer $k > 3$, as the paper states.',
        },
        { eq: '(2.9)', name: '\\kappa < 1,\\ k > 3,\\ I^* > 1/2', claim: 'r^k < 1', where: RATIO, on: HEAVY_RIM },
        {
          eq: '(2.9)',
          name: 'd\\kappa/dk > 0,\\ k > 3,\\ I^* > 1/2',
          claim: 'r^k > 0',
          rate: 'k',
          where: RATIO,
          on: HEAVY_RIM,
          note: 'real $3 < k \\le 4$, where (2.9) holds only for $I^* > -\\cos(2\\pi/k)$ (spoke 1 lifts off, (2.8)): proved for $I^* > 1/2$; for $-\\cos(2\\pi/k) < I^* \\le 1/2$, a region no box fills, it is not.',
        },
        {
          eq: '(2.9)',
          name: '\\kappa > \\exp(-16\\pi/k)',
          claim: 'r^k > exp(-16*pi/k)',
          where: RATIO,
          on: ROLLING,
          note: 'with $\\kappa < 1$: $\\exp(-16\\pi/k) < \\kappa < 1$, so $\\kappa \\to 1$ as $k \\to \\infty$ for every $I^*$.',
        },
        {
          eq: '§2',
          name: '|\\dot{\\psi}(+0)| < |\\dot{\\psi}(-0)|',
          claim: 'wp^2 < w^2',
          where: { w: "impact1.psi'-", wp: "impact1.leaves.psi'+" },
          note: 'so $T(+0) < T(-0)$: the wheel turns about a spoke’s foot before and after the impact, $T = m l^2 (1 + I^{*}) \\dot{\\psi}^2$.',
        },
        {
          eq: '(2.9)',
          name: 'd\\kappa/dI^* > 0',
          claim: 'r^k > 0',
          rate: 'I',
          where: { ...RATIO, I: 'Istar' },
          on: LIFTING,
          note: 'for every real $k > 4$: of two wheels with as many spokes, the one of the larger $I^*$ keeps more of its speed per revolution, so Fig. 4’s curve at $I^* = 3/4$ lies above that at $1/4$.',
        },
        ...FEW_SPOKES.map(([n, on, least]) => ({
          eq: '(2.9)',
          name: `d\\kappa/dI^* > 0,\\ k = ${n}`,
          claim: 'r^k > 0',
          rate: 'I',
          where: { r: `impact1.leaves.ratio@alpha=(pi/${n})`, k: `${n}`, I: 'Istar' },
          on,
          note: `every $I^* > ${least}$, where spoke 1 lifts off ((2.8): $I^* + \\cos(2\\pi/${n}) > 0$) and (2.9) holds; for $I^* \\le ${least}$ spoke 1 stays ((2.4) $\\ge 0$) and the wheel stops.`,
        })),
        { eq: '(2.8)', name: '\\alpha_0 \\ge \\pi/4', claim: 'a0 >= pi/4', where: { a0: 'impact1.critical' } },
        {
          eq: '(2.8)',
          name: '\\alpha_0 \\le \\pi/2',
          claim: 'a0 <= pi/2',
          where: { a0: 'impact1.critical' },
          note: 'with the above, for every $I^* \\in [0, 1]$.',
        },
      ],
      notDerived: [
        {
          eq: '§2',
          name: '\\text{the round wheel rolls for ever}',
          reason:
            'it follows from $2ml\\ddot{\\psi} = -c\\dot{\\psi}^2$ alone, $\\psi(t) = (2ml/c)\\ln(1 + c\\dot{\\psi}_0 t/(2ml)) \\to \\infty$ as $t \\to \\infty$ while $\\dot{\\psi} \\to 0$, but the toolkit has no model of the round wheel under this force and does not solve that equation in closed form, so it is not derived here; the constant $c$ is derived above for the wheel with $k$ legs, whose speed falls by the same factor per stride, and which stops below the speed given above.',
        },
      ],
      figures: [
        {
          eq: 'Fig. 4',
          name: '\\kappa\\ (\\nu\\ \\text{in the paper})',
          plot: 'r^k',
          where: { r: 'impact1.leaves.ratio' },
          at: { alpha: 'pi/k' },
          x: { symbol: 'k', from: 4, to: 100, log: true },
          curves: { Istar: [0.25, 0.75] },
        },
      ],
      // §2's "below a threshold rolling stops and rocking begins" on the report's run, and why the orbit is sought at γ = 0.2.
      studyFigures: [{ kind: 'rolling-speeds' }],
      // Fig. 3 at the impact scenario's configuration: spokes 1 and 2 on the line, 2α = 2π/k apart at the hub.
      sketches: [
        {
          eq: 'Fig. 3',
          at: { psi: `-pi/${k}`, y: `l*cos(pi/${k})` },
          caption: `The wheel with ${k} legs at the instant the tip of spoke 2 (the paper’s $D$) touches the line while spoke 1’s ($B$) stands, the angle between them $2\\alpha = 2\\pi/k$`,
        },
      ],
    },
    // The steady rolling on a slope of 0.2 rad (its speed is the fixed point of the stride
    // map (2.6)), from a stance on spoke 1 at ψ = 0.9α turning at ψ̇ = −1.5 (tip at rest, l = 1).
    orbit: {
      q0: { y: Math.cos((0.9 * Math.PI) / k), psi: (0.9 * Math.PI) / k },
      qd0: { x: 1.5 * Math.cos((0.9 * Math.PI) / k), y: 1.5 * Math.sin((0.9 * Math.PI) / k), psi: -1.5 },
      params: { gamma: 0.2 },
      section: { contact: 'spoke2' },
    },
  });
}

export default rimlessWheel(6);
