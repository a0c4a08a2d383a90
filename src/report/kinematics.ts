// The kinematics of a model described by its geometry, printed as a paper
// states it (src/model/geometry/description.ts computes every fact):
//   each frame's rotation as its product of elementary rotations,
//   R_B = R_z(ψ) R_x(θ) R_z(φ), or R_B = R(q) of a unit quaternion, then its
//   matrix, whole where it fits a line, else column by column;
//   its angular velocity in its own components, ω₁ = ψ̇ sin θ sin φ + θ̇ cos φ, …
//   (ω = 2G(q)q̇ for a quaternion, G printed);
//   each point's position r in the ground frame's components;
//   each body's mass, centre and inertia about it (a table);
//   each rolling contact's point P and the constraints it makes;
// and T in König's form, ½ m v_G² + ½ Σ I_k ω_k² (+ ½J₀ν² per unit
// quaternion), for the energy section where the quadratic form in q̇ is too
// long to print (the free body's).
// Tests: test/report/kinematics.test.ts.
import { add, HALF, mul, pow, sym, ZERO, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import type { FrameDescription, GeometryDescription } from '../model/geometry/description.js';
import type { Mat3, Vec3 } from '../model/geometry/vectors.js';
import type { Coordinate } from '../model/types.js';
import { equation, equations, m, paragraph, ref, type Block, type EquationRow, type Inline, type Section, matrixEquation } from './document.js';
import { latexMatrix, subscriptLatex, symbolNameLatex } from './latex.js';
import { fits, math, mathLines, mechanicsSymbol, modelHeads, reportSymbols } from './notation.js';

/** A name as a subscript: B → _{B}, P0 → _{P_{0}}, disk → _{\mathrm{disk}}. */
const sub = (name: string): string => subscriptLatex([name]);

/**
 * The letters (symbol names) of the kinematics, the usual ones unless the
 * model's own names take them (notation.ts reportSymbols does the same):
 * the rotation R, the angular velocity ω, positions r, a centre's speed v,
 * the quaternion's rate matrix G (not the mass matrix's letter), the rate ν
 * of its squared norm, the plane's normal n and the contact point P.
 */
interface Letters {
  readonly R: string;
  readonly omega: string;
  readonly r: string;
  readonly v: string;
  readonly G: string;
  readonly nu: string;
  readonly n: string;
  readonly P: string;
}

function lettersOf(system: DerivedSystem): Letters {
  const heads = modelHeads(system.model);
  const taken = [...heads, reportSymbols(system).mass];
  const pick = (candidates: readonly string[]): string => candidates.find((c) => !taken.includes(symbolNameLatex(c))) ?? candidates[0]!;
  return {
    R: pick(['R', 'D']),
    omega: pick(['omega', 'Omega']),
    r: pick(['r', 'rho']),
    v: pick(['v', 'u']),
    G: pick(['G', 'Gamma']),
    nu: pick(['nu', 'eta']),
    n: pick(['n', 'k']),
    P: pick(['P', 'K']),
  };
}

/** A letter's LaTeX. */
const tex = (name: string): string => symbolNameLatex(name);

/** The rotation matrix of a frame relative to the ground: R_{B}. */
const rotationOf = (L: Letters, frame: string): string => `${tex(L.R)}${sub(frame)}`;

/** ω's k-th own component (1-based): ω_k where one frame turns, ω_{B,k} where several do. */
const omegaName = (L: Letters, d: GeometryDescription, frame: string, k: number): string =>
  d.frames.length === 1 ? `${L.omega}_${k}` : `${L.omega}_${frame}_${k}`;

const column = (v: Vec3): string => latexMatrix(v.map((e) => [math(e)]));

/** A vector as a column where it fits a line, else component by component. */
function vectorRows(label: string, lhs: string, v: Vec3): EquationRow[] {
  const printed = v.map((e) => [math(e)]);
  if (fits(printed, 6)) return [matrixEquation(label, lhs, printed)];
  // A subscripted name (ρ_S) takes its component's index on the braced whole: KaTeX refuses a double subscript.
  const base = lhs.includes('_') ? `{${lhs}}` : lhs;
  return v.map((e, k) => equation(`${label}-${k + 1}`, `${base}_{${k + 1}}`, mathLines(e)));
}

/** The product R_B = R_parent R_{a₁}(θ₁)…, or R(q) of a quaternion, or the matrix alone for a joint's child. */
function productForm(L: Letters, d: GeometryDescription, f: FrameDescription): string | undefined {
  const parent = f.parent === d.ground ? [] : [rotationOf(L, f.parent)];
  if (!f.turn) return undefined;
  if (f.turn.kind === 'quaternion') return [...parent, `${tex(L.R)}(${f.turn.q.map(math).join(', ')})`].join('\\,');
  return [...parent, ...f.turn.rotations.map((r) => `${tex(L.R)}_{${r.axis}}(${math(r.angle)})`)].join('\\,');
}

/** A frame's matrix whole where it fits, else its columns (the frame's unit vectors in ground components). */
function matrixRows(L: Letters, f: FrameDescription, named: boolean): EquationRow[] {
  const R = rotationOf(L, f.name);
  const printed = f.R.map((row) => row.map(math));
  if (fits(printed, 6)) return [matrixEquation(undefined, named ? '' : R, printed)];
  const col = (j: 0 | 1 | 2): Vec3 => [f.R[0][j], f.R[1][j], f.R[2][j]];
  const unit = ['(1, 0, 0)', '(0, 1, 0)', '(0, 0, 1)'];
  return ([0, 1, 2] as const).map((j) => equation(`rotation-${f.name}-${j + 1}`, `${R}\\,${unit[j]}^{\\top}`, column(col(j))));
}

function frameBlocks(L: Letters, d: GeometryDescription, f: FrameDescription, coordinates: readonly Coordinate[]): Block[] {
  const R = rotationOf(L, f.name);
  const product = productForm(L, d, f);
  const sym = (k: number): string => mechanicsSymbol(omegaName(L, d, f.name, k));
  const rows = f.omega.map((w, k) => equation(`omega-${f.name}-${k + 1}`, sym(k + 1), mathLines(w)));
  const quaternion = f.turn?.kind === 'quaternion' ? f.turn : undefined;
  const axes = f.turn?.kind === 'axes' ? f.turn.rotations.map((r) => r.axis) : [];
  const intro: Inline[] = [
    `Frame ${f.name}, turned from ${f.parent}`,
    ...(quaternion
      ? [' by the unit quaternion ', m(`(${quaternion.q.map(math).join(', ')})`), ', has the rotation']
      : axes.length
        ? [
            axes.length === 1
              ? ` by the rotation about its ${axes[0]} axis, has the rotation`
              : ` by rotations about its axes ${axes.join(', ')} in turn, has the rotation`,
          ]
        : [' by its joint, has the rotation']),
    ' (its columns the unit vectors of the frame in the components of ',
    d.ground,
    ')',
  ];
  const blocks: Block[] = [
    paragraph(...intro),
    equations(...(product ? [equation(`rotation-${f.name}`, R, product), ...matrixRows(L, f, true)] : matrixRows(L, f, false))),
  ];
  if (quaternion) {
    const rates = quaternion.rates.map((r) => r.map(math));
    // The quaternion's entries are coordinates (validate/quaternion.ts): their rates are the velocities.
    const qd = `(${quaternion.q.map((e) => math(coordinates.find((c) => c.q === e)?.qd ?? e)).join(', ')})^{\\top}`;
    const ownParent = f.parent === d.ground ? '' : `${tex(L.R)}(${quaternion.q.map(math).join(', ')})^{\\top}${tex(L.omega)}${sub(f.parent)} + `;
    blocks.push(
      paragraph('and the angular velocity, in its own components,'),
      equations(
        equation(`omega-${f.name}`, `${tex(L.omega)}${sub(f.name)}`, `${ownParent}2\\,${tex(L.G)}\\,${qd}`),
        matrixEquation(undefined, tex(L.G), rates),
        ...rows,
      ),
    );
  } else {
    blocks.push(paragraph('and the angular velocity, in its own components,'), equations(...rows));
  }
  return blocks;
}

const isDiagonal = (I: Mat3): boolean => I.every((row, i) => row.every((e, j) => i === j || e === ZERO));

/** An inertia tensor as a paper writes it: diag(A, A, C), or its matrix. */
const inertiaLatex = (I: Mat3): string =>
  isDiagonal(I) ? `\\operatorname{diag}(${I.map((row, i) => math(row[i]!)).join(', ')})` : latexMatrix(I.map((row) => row.map(math)));

function bodyBlocks(d: GeometryDescription): Block[] {
  if (d.bodies.length === 0) return [];
  return [
    paragraph(
      d.bodies.length === 1 ? 'The body (Table ' : 'The bodies (Table ',
      ref('tab:bodies'),
      d.bodies.length === 1 ? ') has its inertia about its centre in the frame named.' : ') have their inertia about their centres in the frames named.',
    ),
    {
      kind: 'table',
      id: 'bodies',
      caption: 'Bodies',
      columns: ['Body', 'Mass', 'Centre', 'Frame', 'Inertia about the centre'],
      align: 'lllll',
      rows: d.bodies.map((b) => [
        [b.name],
        [m(math(b.mass))],
        [b.centre],
        b.rotation ? [b.rotation.frame] : ['(particle)'],
        b.rotation ? [m(inertiaLatex(b.rotation.inertia))] : [],
      ]),
    },
  ];
}

function rollingBlocks(L: Letters, system: DerivedSystem, d: GeometryDescription): Block[] {
  const [r, v, w, n] = [tex(L.r), tex(L.v), tex(L.omega), tex(L.n)];
  return d.rolling.flatMap((c) => {
    const P = d.rolling.length === 1 ? tex(L.P) : `${tex(L.P)}${sub(c.name)}`;
    const contact = (system.model.rolling ?? []).find((r) => r.name === c.name);
    // The rolling body's centre (validate/rolling.ts found the body).
    const G = sub(d.bodies.find((b) => b.name === c.body)!.centre);
    const names = contact ? [...contact.tangents, ...(contact.normal ? [contact.normal] : [])] : [];
    return [
      paragraph(`Body ${c.body}, a ${c.shape}, rolls without slipping on the plane at its contact point`),
      equations(...vectorRows(`contact-${c.name}`, `${r}_{${P}}`, c.contact)),
      paragraph(
        'The body’s material point at ',
        m(P),
        ' moves with ',
        m(`${v}_{${P}} = \\dot{${r}}${G} + ${w} \\times (${r}_{${P}} - ${r}${G})`),
        ' (',
        m(w),
        ` in the components of ${d.ground}); no slip is `,
        m(`${n} \\times ${v}_{${P}} = 0`),
        ', ',
        m(n),
        ' the plane’s normal',
        ...(contact?.normal ? [', and the body stays on the plane through the origin, ', m(`${r}_{${P}} \\cdot ${n} = 0`)] : []),
        ...(names.length
          ? [': constraints ', ...names.flatMap((n, k) => [...(k === 0 ? [] : k === names.length - 1 ? [' and '] : [', ']), ref(`constraint-${n}`)])]
          : []),
        '.',
      ),
    ];
  });
}

/** The Kinematics subsection of the model section, for a model described by its geometry. */
export function kinematicsSection(system: DerivedSystem): Section | undefined {
  const d = system.model.geometry;
  if (!d) return undefined;
  const L = lettersOf(system);
  const R = tex(L.R);
  const points = d.points.flatMap((p) => vectorRows(`position-${p.name}`, `${tex(L.r)}${sub(p.name)}`, p.position));
  const blocks: Block[] = [
    paragraph(
      `The ground frame ${d.ground} is inertial. A frame's rotation `,
      m(R),
      ` maps its components to those of ${d.ground} (`,
      m(`${R}_{x}, ${R}_{y}, ${R}_{z}`),
      ' turn about one axis, right-handed), and its angular velocity ',
      m(tex(L.omega)),
      ' is written in its own components.',
    ),
    ...d.frames.flatMap((f) => frameBlocks(L, d, f, system.model.coordinates)),
    ...(points.length ? [paragraph(`The points, in the components of ${d.ground} from its origin:`), equations(...points)] : []),
    ...bodyBlocks(d),
    ...rollingBlocks(L, system, d),
  ];
  return { id: 'kinematics', title: 'Kinematics', blocks };
}

/**
 * T = Σ ½ m v_G² + ½ ωᵀIω + ½J₀Σν² over the bodies (dynamics.ts), with the
 * angular velocities of the Kinematics subsection, where the bodies alone
 * make T (undefined otherwise), with the rows defining each centre's speed
 * v_G = |ṙ_G| and each ν = d|q|²/dt.
 */
export function koenigRows(system: DerivedSystem): { T: string[]; speeds: EquationRow[]; rates: EquationRow[] } | undefined {
  const d = system.model.geometry;
  if (!d?.T || d.T !== system.model.T) return undefined;
  const L = lettersOf(system);
  const rates = [...new Set(d.bodies.flatMap((b) => b.rotation?.gauge?.rates ?? []))];
  const nu = (rate: Expr): Expr => sym(rates.length === 1 ? L.nu : `${L.nu}_${rates.indexOf(rate) + 1}`);
  const speed = (centre: string): Expr => sym(`${L.v}_${centre}`);
  const terms = d.bodies.flatMap((b) => {
    const translation = b.velocity.some((v) => v !== ZERO) ? [mul(HALF, b.mass, pow(speed(b.centre), 2))] : [];
    if (!b.rotation) return translation;
    const { frame, inertia, gauge } = b.rotation;
    const w = [1, 2, 3].map((k) => sym(omegaName(L, d, frame, k)));
    const rotation = mul(HALF, add(...inertia.flatMap((row, i) => row.map((e, j) => mul(e, w[i]!, w[j]!)))));
    const norm = gauge ? [mul(HALF, gauge.moment, add(...gauge.rates.map((r) => pow(nu(r), 2))))] : [];
    return [...translation, rotation, ...norm];
  });
  const speeds = d.bodies
    .filter((b) => b.velocity.some((v) => v !== ZERO))
    .map((b) => equation(undefined, math(speed(b.centre)), `|\\dot{${tex(L.r)}}${sub(b.centre)}|`));
  return { T: mathLines(terms), speeds, rates: rates.map((r) => equation(undefined, math(nu(r)), mathLines(r))) };
}
