import { defineModel } from '../src/model/index.js';

// smirnov1981 (2.4) as printed, for the vertices k = i, i + 1 at
// αₖ = φ + 2πk/n, with the friction moment f₁ r (Nᵢ + Nᵢ₊₁) sgn φ̇ of φ̈
// (f₁ = fr; the printed φ̈ equation drops its r) moved to the left: column k
// of the system for Nᵢ, Nᵢ₊₁ and its determinant.
const alpha = (k: string): string => `(phi + 2*pi*(${k})/n)`;
const kappa = 'm*l*fr*r*sgn/I';
const column = (k: string): [string, string] => [
  `cos(${alpha(k)}) - f*sin(${alpha(k)})*sgn + ${kappa}*sin(phi)`,
  `sin(${alpha(k)}) + f*cos(${alpha(k)})*sgn - ${kappa}*cos(phi)`,
];
const [ci, cj] = [column('i'), column('i + 1')];
// Arctg y written asin(y/√(1 + y²)), y = f sgn φ̇ (the language has no arctan).
const arctg = 'asin(f*sgn/sqrt(1 + f^2))';
const journal = { n: 'hinge.journal.n', i: 'hinge.journal.i', sgn: "sign(phi')" };

// Smirnov's examples 3 and 4 (smirnov1981 §2): a physical pendulum on a
// journal of radius r with sliding friction f and reduced coefficient f_r.
// The centre of mass (x down, y across) is pinned at distance l from the
// hinge by two holonomic constraints, the Cartesian components of the pin;
// the journal turns with the body (joint angle φ). The parameter is the
// paper's I, the moment of inertia about the hinge, so every formula names
// that one moment alike: about the centre of mass it is I − m l².
export default defineModel({
  name: 'rough-hinge-pendulum',
  title: 'Pendulum with friction in the hinge',
  sources: ['smirnov1981'],
  description:
    'A physical pendulum whose journal has friction (Smirnov, examples 3 and 4): the journal as an n-gon (2.4) against the iteration (2.6), and the self-locking condition.',
  coordinates: [
    { name: 'x', description: 'centre of mass, downwards', unit: 'm' },
    { name: 'y', description: 'centre of mass, across', unit: 'm' },
    { name: 'phi', description: 'angle from the downward vertical', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    l: { default: 0.5, description: 'hinge to centre of mass', unit: 'm' },
    // T has (I − m l²) φ'²/2: the moment about the centre of mass, positive only for I > m l².
    I: { default: 0.3, range: ['m*l^2', null], open: 'lower', description: 'moment of inertia about the hinge', unit: 'kg m^2' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    r: { default: 0.05, description: 'journal radius', unit: 'm' },
    f: { default: 0.3, range: [0, 2], description: 'sliding friction coefficient of the journal' },
    fr: { default: 0.35, range: [0, 10], description: 'reduced friction coefficient of the moment' },
  },
  kinetic: "m*(x'^2 + y'^2)/2 + (I - m*l^2)*phi'^2/2",
  potential: '-m*g*x',
  holonomic: [
    { name: 'pinx', expr: 'x - l*cos(phi)' },
    { name: 'piny', expr: 'y - l*sin(phi)' },
  ],
  hinges: [{ name: 'journal', constraints: ['pinx', 'piny'], angle: 'phi', radius: 'r', friction: 'f', reduced: 'fr' }],
  // x points down (V = −m g x): drawn with the vertical up the page, so the page's axes are y and −x; the sketch's
  // axis arrows (right and up) would name them x, y against the coordinate table: none, gravity's arrow shows down.
  // C on the pin's circle, (l sin φ, −l cos φ) on the page, so the sketch names the length l and the angle φ; the
  // journal of radius r about O; gravity down the page (V = −m g x, x down).
  drawing: {
    points: { O: [0, 0], C: ['l*sin(phi)', '-l*cos(phi)'] },
    segments: [['O', 'C']],
    discs: [{ center: 'O', radius: 'r' }],
    annotations: { axes: false, gravity: [0, -1] },
  },
  // The pin holds the centre at l(cos φ, sin φ): x and y would replot φ.
  unplotted: {
    names: ['x', 'y'],
    why: 'the pin holds the centre of mass at $x = l\\cos\\varphi$, $y = l\\sin\\varphi$, so that their plots would repeat those of $\\varphi$',
  },
  initial: { q: { x: 'l*cos(1)', y: 'l*sin(1)', phi: 1 }, qd: { x: '-l*sin(1)*2', y: 'l*cos(1)*2', phi: 2 }, t1: 15 },
  // smirnov1981 §2, example 3: the determinant of (2.4), Δᵢ as printed and corrected, and the self-locking threshold of (2.5);
  // example 4: the system (2.6) at the solution of its iteration.
  paper: {
    source: 'smirnov1981',
    formulas: [
      {
        eq: '(2.4)',
        name: '\\det',
        formula: `(${ci[0]})*(${cj[1]}) - (${ci[1]})*(${cj[0]})`,
        derived: 'hinge.journal.Δ',
        where: { ...journal, phi: 'phi' },
        // The determinant of the system (2.4) as typed here: Smirnov prints only its value Δᵢ.
        origin: 'reduction',
      },
      {
        eq: '(2.4)',
        name: '\\Delta_i',
        formula: `2*sqrt(1 + f^2)*(sqrt(1 + f^2)*cos(pi/n) - fr*r*m*l/I*sin(2*pi*i/n + 2*pi/n + ${arctg}))*sin(pi/n)`,
        derived: 'hinge.journal.Δ',
        where: journal,
        note: 'as printed: the sine’s argument $2\\pi i/n + 2\\pi/n + \\operatorname{Arctg}(f \\operatorname{sgn}\\dot\\varphi)$ is the direction of vertex $i + 1$, where the determinant of (2.4) (the row above) has the midpoint of the two vertices (the row below)',
      },
      {
        eq: '(2.4)',
        name: '\\tilde{\\Delta}_i',
        // The columns of (2.4) are √(1 + f²)(cos, sin)(αₖ + β) + κ(sin φ, −cos φ), β = Arctg(f sgn φ̇), κ = f_r r m l sgn φ̇/I:
        // their determinant is (1 + f²) sin(2π/n) + √(1 + f²) κ (cos(αᵢ₊₁ − φ + β) − cos(αᵢ − φ + β)), the difference of cosines
        // −2 sin(2πi/n + π/n + β) sin(π/n): the midpoint of the two vertices, and the sgn φ̇ of the friction moment.
        origin: 'correction',
        formula: `2*sqrt(1 + f^2)*(sqrt(1 + f^2)*cos(pi/n) - fr*r*m*l/I*sgn*sin(2*pi*i/n + pi/n + ${arctg}))*sin(pi/n)`,
        derived: 'hinge.journal.Δ',
        where: journal,
        note: '$\\tilde{\\Delta}_i$, the printed $\\Delta_i$ corrected: $\\pi/n$ in the sine’s argument for the printed $2\\pi/n$, and the $\\operatorname{sgn}\\dot\\varphi$ of the friction moment on the moment term. The two differ by half a vertex, which no relabelling of $i$ undoes; the threshold (2.5), where a $\\Delta_i$ first vanishes as $n \\to \\infty$, is the same for both',
      },
      { eq: '(2.5)', name: 'f_r^{*}', formula: 'I*sqrt(1 + f^2)/(r*m*l)', derived: 'hinge.journal.critical' },
      // §3: "the necessary self-locking condition is the same in both examples": (2.5) against the f_r below which the
      // iteration (2.6) of example 4 contracts, measured at the initial state.
      {
        eq: '(2.5)',
        name: 'f_r^{*}\\ \\text{of (2.6)}',
        formula: 'I*sqrt(1 + f^2)/(r*m*l)',
        derived: 'journal.journal.contraction',
        tolerance: 1e-9,
        note: 'the paper’s statement that the necessary condition of self-locking is the same in both examples: (2.5) typed from the paper against the reduced coefficient below which the iteration (2.6) of example 4 is a contraction, the slope of $|N|$ in itself reaching 1 (Section on the journal).',
      },
      // Example 4's system (2.6), each of its three equations solved for one unknown, at the solution its iteration
      // reached at the initial state (φ̈ and the reaction N₁ = (−1)^i N_ij1, N₂ = (−1)^j N_ij2 along x and y).
      {
        eq: '(2.6)',
        name: 'N_1',
        formula: '-m*l*(epsilon*sin(phi) + omega^2*cos(phi)) - m*g + f*sign(omega)*N2',
        derived: 'journal.journal.N1',
        where: { epsilon: 'journal.journal.phiddot', N2: 'journal.journal.N2', phi: 'initial.phi', omega: "initial.phi'" },
        tolerance: 1e-9,
        note: 'the first equation of (2.6) ($x$, down), $P = mg$, typed from the paper and evaluated at the derived model’s values: the angular acceleration $\\varepsilon = \\ddot\\varphi$ and the reactions $N_1 = (-1)^i N_{ij1}$, $N_2 = (-1)^j N_{ij2}$ along $x$ and $y$ that the report’s own equations of the journal give at the initial state (solved there by iteration from $f_r = 0$), and $\\omega = \\dot\\varphi$ there; the derived side is the report’s $N_1$.',
      },
      {
        eq: '(2.6)',
        name: 'N_2',
        formula: 'm*l*(epsilon*cos(phi) - omega^2*sin(phi)) - f*sign(omega)*N1',
        derived: 'journal.journal.N2',
        where: { epsilon: 'journal.journal.phiddot', N1: 'journal.journal.N1', phi: 'initial.phi', omega: "initial.phi'" },
        tolerance: 1e-9,
        note: 'the second equation of (2.6) ($y$), typed from the paper and evaluated at the same values of the derived model.',
      },
      {
        eq: '(2.6)',
        name: '\\ddot{\\varphi}',
        formula: '(-m*g*l*sin(phi) - fr*r*sqrt(N1^2 + N2^2)*sign(omega))/I',
        derived: 'journal.journal.phiddot',
        where: { N1: 'journal.journal.N1', N2: 'journal.journal.N2', phi: 'initial.phi', omega: "initial.phi'" },
        tolerance: 1e-9,
        note: 'the third equation of (2.6), the moments about the hinge with the friction moment $f_r r (N_{ij1}^2 + N_{ij2}^2)^{1/2}$, typed from the paper and evaluated at the same values of the derived model.',
      },
    ],
    // Close-ups of the journal at φ = 0.3, the page's axes (y, −x): Fig. 2 the journal as a hexagon turning with φ,
    // bearing on the two vertices either side of the load; Fig. 3 the reaction resolved along x and y at the points
    // where the journal's circle meets the axes.
    sketches: [
      {
        eq: 'Fig. 2',
        at: { x: 'l*cos(0.3)', y: 'l*sin(0.3)', phi: 0.3 },
        caption:
          'The journal of radius $r$ replaced by a regular $n$-gon, here $n = 6$, its vertices at $\\alpha_k = \\varphi + 2\\pi k/n$ from the downward vertical, bearing on the two neighbouring vertices $i = 5$, $i + 1$ either side of the load, with the reactions $N_i$, $N_{i+1}$ of (2.4)',
        drawing: {
          points: {
            O: [0, 0],
            ...Object.fromEntries(Array.from({ length: 6 }, (_, k) => [`V${k}`, [`r*sin(phi + ${k}*pi/3)`, `-r*cos(phi + ${k}*pi/3)`] as const])),
          },
          // The radius to vertex 0 shows φ (α₀ = φ), the sides the hexagon.
          segments: [['O', 'V0'], ...Array.from({ length: 6 }, (_, k) => [`V${k}`, `V${(k + 1) % 6}`] as const)],
          discs: [{ center: 'O', radius: 'r' }],
          labels: false,
          annotations: { axes: false },
        },
        reactions: { V5: 'N_i', V0: 'N_{i+1}' },
      },
      {
        eq: 'Fig. 3',
        at: { x: 'l*cos(0.3)', y: 'l*sin(0.3)', phi: 0.3 },
        caption:
          'The reaction of the journal resolved along the axes (example 4): its components $N_{ij1}$ along $x$ and $N_{ij2}$ along $y$ applied at the points where the journal’s circle meets the axes, one of each pair ($i, j = 1, 2$) bearing, the friction moment $f_r r (N_{ij1}^2 + N_{ij2}^2)^{1/2}$ of (2.6) (the paper writes the reduced coefficient $f_r$ as $f_1$ here, in $\\Delta_i$ and in (2.5))',
        drawing: {
          points: { O: [0, 0], rod: ['2*r*sin(phi)', '-2*r*cos(phi)'], X1: [0, '-r'], X2: [0, 'r'], Y1: ['r', 0], Y2: ['-r', 0] },
          segments: [['O', 'rod']],
          discs: [{ center: 'O', radius: 'r' }],
          labels: false,
          annotations: { axes: false },
        },
        reactions: { X1: 'N_{ij1}', Y1: 'N_{ij2}' },
      },
    ],
  },
});
