import { defineModel } from '../src/model/index.js';

// A uniform rod whose ends strike a rough floor and slide on it: the
// classic setting of Painlevé's paradox (smirnov1981 §3, self-locking; a
// sliding end with μ above a state-dependent threshold has a reaction matrix
// of the wrong sign). Centre of mass (x, y), angle θ from the floor; both
// ends A (x − l cos θ, y − l sin θ) and B (x + l cos θ, y + l sin θ) are kept
// above it, so that the rod lying down rests on the floor, not through it.
export default defineModel({
  name: 'falling-rod',
  title: 'Rod falling on a rough floor',
  description:
    'A uniform rod with both ends above a floor with Newton restitution and Coulomb friction: impacts with friction, sliding, sticking and the Painlevé situations, which for a uniform rod begin at the classical threshold μ = 4/3.',
  coordinates: [
    { name: 'x', description: 'horizontal position of the centre', unit: 'm' },
    { name: 'y', description: 'height of the centre', unit: 'm' },
    { name: 'theta', description: 'angle of the rod to the floor', unit: 'rad' },
  ],
  parameters: {
    m: { default: 1, description: 'mass', unit: 'kg' },
    l: { default: 1, range: [0, 2], open: 'lower', description: 'half length', unit: 'm' },
    g: { default: 9.81, description: 'gravitational acceleration', unit: 'm/s^2' },
    e: { default: 0.5, description: 'coefficient of restitution' },
    mu: { default: 0.3, range: [0, 5], description: 'friction coefficient' },
  },
  unplotted: { names: ['phase'], why: 'the plots of $\\theta$ and $\\dot{\\theta}$ against time show the same rotation' },
  kinetic: "m*(x'^2 + y'^2)/2 + m*l^2*theta'^2/6",
  potential: 'm*g*y',
  unilateral: [
    {
      name: 'endA',
      constraint: 'y - l*sin(theta) >= 0',
      slip: 'x - l*cos(theta)',
      law: { newton: 'e', coulomb: 'mu' },
      description: 'end A on the floor',
    },
    {
      name: 'endB',
      constraint: 'y + l*sin(theta) >= 0',
      slip: 'x + l*cos(theta)',
      law: { newton: 'e', coulomb: 'mu' },
      description: 'end B on the floor',
    },
  ],
  // The rod as its two halves, each marked l (the half length); each end's gap f1, f2 (its height) named under
  // it, and the floor's restitution e and friction mu on the floor.
  drawing: {
    points: {
      A: ['x - l*cos(theta)', 'y - l*sin(theta)'],
      C: ['x', 'y'],
      B: ['x + l*cos(theta)', 'y + l*sin(theta)'],
      gapA: ['x - l*cos(theta)', 'y - l*sin(theta) - 0.13*l'],
      gapB: ['x + l*cos(theta)', 'y + l*sin(theta) - 0.13*l'],
      floorMu: ['x + 1.6*l', '0.12*l'],
      floorE: ['x + 1.9*l', '0.12*l'],
    },
    segments: [
      ['A', 'C'],
      ['C', 'B'],
    ],
    ground: 'y = 0',
    labels: true,
    annotations: {
      notes: [
        { at: 'gapA', label: 'f1' },
        { at: 'gapB', label: 'f2' },
        { at: 'floorMu', label: 'mu' },
        { at: 'floorE', label: 'e' },
      ],
    },
  },
  initial: { q: { y: 1, theta: 0.7 }, qd: { x: 1 }, t1: 3 },
  // smirnov1981 §3 treats self-locking in general and prints nothing of the rod: its results here are the report's
  // own, each set beside a form typed by hand (the rod turning about a sticking end, I = ml²/3 + ml² = 4ml²/3 there).
  paper: {
    source: 'smirnov1981',
    formulas: [
      {
        eq: '§3',
        name: '\\ddot{\\theta}\\ \\text{on end A, sticking}',
        formula: '-3*g*cos(theta)/(4*l)',
        derived: "phase.endA:stick.theta''",
        where: { theta: 'theta' },
        origin: 'own',
        note: 'the equation of motion while end A is held sticking, the rod turning about it: set beside the form typed by hand, the moment of inertia about the end $ml^2/3 + ml^2 = 4ml^2/3$ and the weight $mg$ at the centre, whose arm about the end is $l\\cos\\theta$.',
      },
      {
        eq: '§3',
        name: '\\lambda^2',
        formula: '3*g/(4*l)',
        derived: "phase.endA:stick.theta''@∂theta@theta=(pi/2)",
        origin: 'own',
        note: 'that phase linearized about its rest $\\theta = \\pi/2$, the rod upright on end A: $\\delta\\ddot{\\theta} = \\lambda^2\\,\\delta\\theta$, the closed form of the eigenvalues $\\pm\\lambda$ the linearization finds numerically at the rests on one end; set beside the form typed by hand from the equation above, $\\cos\\theta \\approx \\pi/2 - \\theta$.',
      },
    ],
  },
});
