// DerivedSystem → one self-contained TypeScript module implementing the
// contract of src/runtime/contract.ts (documented in docs/contract.md).
import { add, dependsOn, ZERO, type Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { TIME } from '../model/names.js';
import { emitBlock, type Input } from './emit.js';
import { numberLiteral } from './js-expr.js';
import { CHOLESKY, SOLVE_LU, SOLVE_SPD } from './solvers.js';
import { contactInfo, contactSource } from './contacts.js';

export const TOOLKIT = 'unilateral-mechanics 0.1.0';

const JS_RESERVED = new Set(
  ('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval undefined NaN Infinity Math Float64Array ArrayLike Params Readonly Record number')
    .split(' '),
);
/** Argument names of the generated functions: user symbols may not shadow them. */
const ARGUMENTS = new Set(['t', 'q', 'qd', 'x', 'z', 'pm', 'p', 'out', 'active', 'opts', 'model']);

export interface GeneratedModule {
  readonly fileName: string;
  readonly source: string;
  /** Operations after CSE in the dynamics block (M and forcing), the hot path of `accelerations`. */
  readonly dynamicsOps: number;
}

/** Local names for every input symbol, unique and never shadowing an argument. */
function localNames(sys: DerivedSystem): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  const claim = (symbol: string, preferred: string): void => {
    let name = preferred;
    while (JS_RESERVED.has(name) || ARGUMENTS.has(name) || taken.has(name)) name += '_';
    taken.add(name);
    out.set(symbol, name);
  };
  const { model } = sys;
  for (const c of model.coordinates) claim(c.name, c.name);
  for (const p of model.parameters) claim(p.name, p.name);
  for (const c of model.coordinates) claim(c.qd.name, `${c.name}_d`);
  return out;
}

/** The model record, one line per entry so a reader can scan it. */
function formatInfo(info: Record<string, unknown>): string {
  const lines = Object.entries(info).map(([k, v]) => {
    if (Array.isArray(v) && v.length && typeof v[0] === 'object') return `  ${k}: [\n${v.map((x) => `    ${JSON.stringify(x)},`).join('\n')}\n  ],`;
    return `  ${k}: ${JSON.stringify(v)},`;
  });
  return `{\n${lines.join('\n')}\n}`;
}

export function generateModule(sys: DerivedSystem, sourceFile: string): GeneratedModule {
  const { model, lagrange2, constraints } = sys;
  const n = model.coordinates.length;
  const m = constraints?.A.length ?? 0;
  const N = n + m;
  const names = localNames(sys);
  // Inputs of a block evaluated on the state array s$ = [q, qd].
  const stateInputs = new Map<string, Input>();
  model.coordinates.forEach((c, i) => stateInputs.set(c.name, { local: names.get(c.name)!, read: `s$[${i}]` }));
  model.coordinates.forEach((c, i) => stateInputs.set(c.qd.name, { local: names.get(c.qd.name)!, read: `s$[${n + i}]` }));
  for (const p of model.parameters) stateInputs.set(p.name, { local: names.get(p.name)!, read: `p.${p.name} ?? ${numberLiteral(p.default)}` });
  stateInputs.set(TIME, { local: 't', read: 't' });
  const block = (outputs: readonly Expr[], assign: (i: number, code: string) => string) => emitBlock(outputs, stateInputs, assign);

  // ---- dynamics: M (upper triangle) and forcing in one block, so they share temporaries.
  const upper: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) upper.push([i, j]);
  const dyn = block([...upper.map(([i, j]) => lagrange2.massMatrix[i]![j]!), ...lagrange2.forcing], (k, code) => {
    if (k < upper.length) {
      const [i, j] = upper[k]!;
      return i === j ? `mm$[${i * n + j}] = ${code};` : `mm$[${i * n + j}] = mm$[${j * n + i}] = ${code};`;
    }
    return `ff$[${k - upper.length}] = ${code};`;
  });
  const massOnly = block(upper.map(([i, j]) => lagrange2.massMatrix[i]![j]!), (k, code) => {
    const [i, j] = upper[k]!;
    return i === j ? `mm$[${i * n + j}] = ${code};` : `mm$[${i * n + j}] = mm$[${j * n + i}] = ${code};`;
  });
  const vec = (exprs: readonly Expr[], target: string) => block(exprs, (i, code) => `${target}[${i}] = ${code};`);
  const momenta = vec(lagrange2.momenta, 'out');
  const bBlock = vec(lagrange2.b, 'bb$');
  const lBlock = block([lagrange2.L], (_, code) => `return ${code};`);
  const dLdqQ = vec(lagrange2.dLdq.map((e, i) => add(e, model.Q[i]!)), 'out');
  const energyBlock = sys.energy ? block([sys.energy], (_, code) => `return ${code};`) : undefined;
  const cons = constraints
    ? block([...constraints.A.flatMap((row) => row), ...constraints.bias], (k, code) =>
        k < m * n ? `aa$[${k}] = ${code};` : `cc$[${k - m * n}] = ${code};`)
    : undefined;

  const info = {
    name: model.name,
    title: model.title,
    coordinates: model.coordinates.map((c) => c.name),
    parameters: model.parameters.map((p) => ({ name: p.name, default: p.default, ...(p.description ? { description: p.description } : {}), ...(p.unit ? { unit: p.unit } : {}) })),
    constraintCount: m,
    unilateral: contactInfo(sys),
    initial: model.initial,
    conservative: isConservative(sys),
  };
  const L: string[] = [];
  const body = (b: { lines: readonly string[] }) => L.push(...b.lines);
  L.push(
    `// ${model.title} — generated by ${TOOLKIT} from ${sourceFile}. Do not edit.`,
    '//',
    '// Method: Lagrange equations of the second kind, M(q,t)·q̈ = forcing(q,q̇,t)',
    constraints
      ? '// (with retaining constraints: [M Aᵀ; A 0]·[q̈; λ] = [forcing; −(Ȧq̇ + ḃ)], reaction −Aᵀλ).'
      : '// (no retaining constraints).',
    '// Hamilton: q̇ = M⁻¹(p − b), ṗ = ∂L/∂q + Q, evaluated numerically.',
    '//',
    '// Layout (every array is a Float64Array or plain number array):',
    `//   q  = [${model.coordinates.map((c) => c.name).join(', ')}]`,
    `//   qd = [${model.coordinates.map((c) => c.qd.name).join(', ')}]`,
    '//   x  = [...q, ...qd]        state for rhs()',
    `//   z  = [...q, ...pm]        canonical state for hamiltonRhs(), pm = [${model.coordinates.map((c) => `p_${c.name}`).join(', ')}]`,
    `//   massMatrix: row-major ${n}×${n}; forcing, accelerations: length ${n}`,
    ...(constraints ? [`//   constraintAccelerations: [q̈ (${n}), λ (${m}: ${constraints.names.join(', ')})]`] : []),
    '//   p: parameter values by name; a missing one takes its default.',
    '',
    'export type Params = Readonly<Record<string, number | undefined>>;',
    '',
    `export const model = ${formatInfo(info)} as const;`,
    '',
    `const n$ = ${n};`,
    `const s$ = new Float64Array(${2 * n}); // [q, qd] scratch`,
    `const M$ = new Float64Array(${n * n});`,
    `const f$ = new Float64Array(${n});`,
    `const b$ = new Float64Array(${n});`,
    ...(constraints ? [`const A$ = new Float64Array(${m * n});`, `const c$ = new Float64Array(${m});`, `const K$ = new Float64Array(${N * N});`, `const r$ = new Float64Array(${N});`, `const y$ = new Float64Array(${N});`] : []),
    '',
    'function load$(q: ArrayLike<number>, qd: ArrayLike<number> | undefined): void {',
    '  for (let i = 0; i < n$; i++) {',
    '    s$[i] = q[i];',
    '    s$[n$ + i] = qd ? qd[i] : 0;',
    '  }',
    '}',
    '',
    '/** M and forcing at the state in s$. */',
    'function dynamics$(t: number, p: Params, mm$: Float64Array, ff$: Float64Array): void {',
  );
  body(dyn);
  L.push('}', '', 'function mass$(t: number, p: Params, mm$: Float64Array): void {');
  body(massOnly);
  L.push('}', '');
  if (cons) {
    L.push('/** Constraint rows A and bias c = Ȧq̇ + ḃ at the state in s$. */', 'function constraints$(t: number, p: Params, aa$: Float64Array, cc$: Float64Array): void {');
    body(cons);
    L.push(
      '}',
      '',
      '/** Solve [M Aᵀ; A 0]·[q̈; λ] = [f; −c] at the state in s$ into y$. */',
      'function kkt$(t: number, p: Params): void {',
      '  dynamics$(t, p, M$, f$);',
      '  constraints$(t, p, A$, c$);',
      `  const N = ${N};`,
      '  K$.fill(0);',
      '  for (let i = 0; i < n$; i++) {',
      '    for (let j = 0; j < n$; j++) K$[i * N + j] = M$[i * n$ + j];',
      '    r$[i] = f$[i];',
      '  }',
      `  for (let k = 0; k < ${m}; k++) {`,
      '    for (let j = 0; j < n$; j++) {',
      '      K$[(n$ + k) * N + j] = A$[k * n$ + j];',
      '      K$[j * N + n$ + k] = A$[k * n$ + j];',
      '    }',
      '    r$[n$ + k] = -c$[k];',
      '  }',
      '  solveLu$(N, K$, r$, y$);',
      '}',
      '',
      SOLVE_LU,
      '',
    );
  }
  L.push(CHOLESKY, '', SOLVE_SPD, '');
  L.push(
    '/** q̈ at the state in s$, written to out[off…off+n). */',
    'function qdd$(t: number, p: Params, out: Float64Array, off: number): void {',
    ...(constraints
      ? ['  kkt$(t, p);', '  for (let i = 0; i < n$; i++) out[off + i] = y$[i];']
      : ['  dynamics$(t, p, M$, f$);', '  solveSpd$(n$, M$, f$, out, off);']),
    '}',
    '',
    '/** The mass matrix M(q, t), row-major n×n. */',
    `export function massMatrix(t: number, q: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${n * n})): Float64Array {`,
    '  load$(q, undefined);',
    '  mass$(t, p, out);',
    '  return out;',
    '}',
    '',
    '/** The right-hand side of M q̈ = forcing (applied, Coriolis and centrifugal terms). */',
    `export function forcing(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${n})): Float64Array {`,
    '  load$(q, qd);',
    '  dynamics$(t, p, M$, out);',
    '  return out;',
    '}',
    '',
    '/** Generalized accelerations q̈, consistent with every retaining constraint. */',
    `export function accelerations(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${n})): Float64Array {`,
    '  load$(q, qd);',
    '  qdd$(t, p, out, 0);',
    '  return out;',
    '}',
    '',
    '/** First-order form: x = [q, qd] ↦ [qd, q̈]. */',
    `export function rhs(t: number, x: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${2 * n})): Float64Array {`,
    `  for (let i = 0; i < ${2 * n}; i++) s$[i] = x[i];`,
    '  for (let i = 0; i < n$; i++) out[i] = x[n$ + i];',
    '  qdd$(t, p, out, n$);',
    '  return out;',
    '}',
    '',
    '/** Generalized momenta p = ∂L/∂q̇. */',
    `export function momenta(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${n})): Float64Array {`,
    '  load$(q, qd);',
  );
  body(momenta);
  L.push(
    '  return out;',
    '}',
    '',
    'function b$fill(t: number, p: Params, bb$: Float64Array): void {',
  );
  body(bBlock);
  L.push('}', '', 'function lagrangian$(t: number, p: Params): number {');
  body(lBlock);
  L.push(
    '}',
    '',
    '/** Velocities from momenta at q (in s$): M q̇ = pm − b; writes q̇ into s$. */',
    'function velocities$(t: number, pm: ArrayLike<number>, pmOff: number, p: Params): void {',
    '  mass$(t, p, M$);',
    '  b$fill(t, p, b$);',
    '  for (let i = 0; i < n$; i++) f$[i] = pm[pmOff + i] - b$[i];',
    '  solveSpd$(n$, M$, f$, s$, n$);',
    '}',
    '',
    '/** H(q, pm, t) = pm·q̇ − L with q̇ = M⁻¹(pm − b). */',
    'export function hamiltonian(t: number, q: ArrayLike<number>, pm: ArrayLike<number>, p: Params): number {',
    '  load$(q, undefined);',
    '  velocities$(t, pm, 0, p);',
    '  let h = -lagrangian$(t, p);',
    '  for (let i = 0; i < n$; i++) h += pm[i] * s$[n$ + i];',
    '  return h;',
    '}',
    '',
    'function dLdqQ$(t: number, p: Params, out: Float64Array, off: number): void {',
  );
  body({ lines: dLdqQ.lines.map((l) => l.replace(/out\[(\d+)\] = /, (_, i) => `out[off + ${i}] = `)) });
  L.push(
    '}',
    '',
    '/** Canonical equations: z = [q, pm] ↦ [q̇, ṗ], ṗ = ∂L/∂q + Q' + (constraints ? ' − Aᵀλ' : '') + '. */',
    `export function hamiltonRhs(t: number, z: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${2 * n})): Float64Array {`,
    '  for (let i = 0; i < n$; i++) s$[i] = z[i];',
    '  velocities$(t, z, n$, p);',
    '  for (let i = 0; i < n$; i++) out[i] = s$[n$ + i];',
    '  dLdqQ$(t, p, out, n$);',
    ...(constraints
      ? [
          '  kkt$(t, p);',
          `  for (let k = 0; k < ${m}; k++) for (let i = 0; i < n$; i++) out[n$ + i] -= A$[k * n$ + i] * y$[n$ + k];`,
        ]
      : []),
    '  return out;',
    '}',
    '',
  );
  if (energyBlock) {
    L.push('/** Total energy T + V. */', 'export function energy(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params): number {', '  load$(q, qd);');
    body(energyBlock);
    L.push('}', '');
  }
  if (constraints) {
    L.push(
      '/** q̈ followed by the retaining multipliers λ. */',
      `export function constraintAccelerations(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${N})): Float64Array {`,
      '  load$(q, qd);',
      '  kkt$(t, p);',
      `  for (let i = 0; i < ${N}; i++) out[i] = y$[i];`,
      '  return out;',
      '}',
      '',
    );
  }
  L.push(...contactSource(sys, block));
  const source = L.join('\n').replace(/\n{3,}/g, '\n\n');
  return { fileName: `${model.name}.ts`, source, dynamicsOps: dyn.ops };
}

/** Energy is conserved: no generalized forces, a potential, and nothing depends on t explicitly. */
function isConservative(sys: DerivedSystem): boolean {
  const { model } = sys;
  // A rheonomic constraint (b ≠ 0) does work λ·b, so energy changes.
  const constraintsWork = (sys.constraints?.b ?? []).some((b) => b !== ZERO);
  return model.Q.every((q) => q === ZERO) && model.V !== undefined && !dependsOn(sys.lagrange2.L, TIME) && !constraintsWork;
}
