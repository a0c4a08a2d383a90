// The unilateral part of a generated module: gaps, their Jacobian, contact
// phase accelerations with multipliers, and the impact map with mode
// selection (contract: src/runtime/contract.ts).
import type { Expr } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import type { Block } from './emit.js';
import { IMPACT, SCHUR } from './solvers.js';

type BlockFn = (outputs: readonly Expr[], assign: (i: number, code: string) => string) => Block;

export interface ContactInfo {
  readonly name: string;
  readonly law: { kind: 'newton'; restitution: string } | { kind: 'plastic' } | { kind: 'w-law'; w: string } | { kind: 'stick' };
}

export function contactInfo(sys: DerivedSystem): ContactInfo[] {
  return sys.model.unilateral.map((u) => {
    switch (u.law.kind) {
      case 'newton':
        return { name: u.name, law: { kind: 'newton', restitution: u.law.e.name } };
      case 'w-law':
        return { name: u.name, law: { kind: 'w-law', w: u.law.W.name } };
      case 'plastic':
        return { name: u.name, law: { kind: 'plastic' } };
      case 'stick':
        return { name: u.name, law: { kind: 'stick' } };
    }
  });
}

/** Source lines of the unilateral functions, or none for a model without contacts. */
export function contactSource(sys: DerivedSystem, block: BlockFn): string[] {
  const u = sys.unilateral;
  if (!u) return [];
  const n = sys.model.coordinates.length;
  const m = u.contacts.length;
  const tangents = u.contacts.flatMap((c, j) => (c.tangent ? [{ row: c.tangent, contact: j }] : []));
  const mt = tangents.length;
  const mr = sys.constraints?.A.length ?? 0;
  const K = m + mt + mr;
  const gaps = block(u.contacts.map((c) => c.constraint.gap), (i, code) => `out[${i}] = ${code};`);
  const rowOutputs: Expr[] = [
    ...u.contacts.flatMap((c) => c.normal.row), ...u.contacts.map((c) => c.normal.rate), ...u.contacts.map((c) => c.normal.bias),
    ...tangents.flatMap((t) => t.row.row), ...tangents.map((t) => t.row.rate), ...tangents.map((t) => t.row.bias),
  ];
  const offsets = [m * n, m * n + m, m * n + 2 * m, m * n + 2 * m + mt * n, m * n + 2 * m + mt * n + mt];
  const rows = block(rowOutputs, (k, code) => {
    if (k < offsets[0]!) return `N$[${k}] = ${code};`;
    if (k < offsets[1]!) return `nr$[${k - offsets[0]!}] = ${code};`;
    if (k < offsets[2]!) return `nb$[${k - offsets[1]!}] = ${code};`;
    if (k < offsets[3]!) return `T$[${k - offsets[2]!}] = ${code};`;
    if (k < offsets[4]!) return `tr$[${k - offsets[3]!}] = ${code};`;
    return `tb$[${k - offsets[4]!}] = ${code};`;
  });
  const restitution = block(u.contacts.map((c) => c.restitution), (i, code) => `E$[${i}] = ${code};`);
  const retainingRate = sys.constraints ? block(sys.constraints.b, (i, code) => `rb$[${i}] = ${code};`) : undefined;
  const buffers = [
    `const m$ = ${m};`,
    `const mt$ = ${mt};`,
    `const MULTIPLE_IMPACTS$: 'error' | 'lcp' = ${JSON.stringify(sys.model.multipleImpacts)};`,
    `/** Contact of each tangent row (sticking contacts). */`,
    `const TC$: readonly number[] = [${tangents.map((t) => t.contact).join(', ')}];`,
    `const g$ = new Float64Array(${m});`,
    `const N$ = new Float64Array(${Math.max(1, m * n)});`,
    `const nr$ = new Float64Array(${m});`,
    `const nb$ = new Float64Array(${m});`,
    `const T$ = new Float64Array(${Math.max(1, mt * n)});`,
    `const tr$ = new Float64Array(${Math.max(1, mt)});`,
    `const tb$ = new Float64Array(${Math.max(1, mt)});`,
    `const E$ = new Float64Array(${m});`,
    `const U$ = new Float64Array(${m});`,
    `const ML$ = new Float64Array(${n * n});`,
    `const MV$ = new Float64Array(${n});`,
    `const R$ = new Float64Array(${K * n});`,
    `const B$ = new Float64Array(${n});`,
    `const C$ = new Float64Array(${K});`,
    `const Y$ = new Float64Array(${n});`,
    `const X$ = new Float64Array(${K * n});`,
    `const W$ = new Float64Array(${K * K});`,
    `const S$ = new Float64Array(${K});`,
    `const SIG$ = new Float64Array(${K});`,
    `const ROW$ = new Int32Array(${K});`,
    `const dep$ = new Uint8Array(${K});`,
    '/** Whether M$ was positive definite at the last factorization (else schur$ regularizes with the rows). */',
    'let massSpd$ = true;',
    ...(mr ? [`const rb$ = new Float64Array(${mr});`] : []),
  ];
  const L: string[] = ['// ---- unilateral constraints (gaps f ≥ 0; reactions +Gᵀσ̇, impulses +GᵀΛ)', '', ...buffers, ''];
  L.push('function gapValues$(t: number, p: Params, out: Float64Array): void {', ...gaps.lines, '}', '');
  L.push('/** Normal rows N, ∂f/∂t and acceleration bias; tangent rows of sticking contacts. */', 'function contactRows$(t: number, p: Params): void {', ...rows.lines, '}', '');
  L.push('function restitution$(t: number, p: Params): void {', ...(restitution.lines.length ? restitution.lines : ['  E$.fill(0);']), '}', '');
  L.push(
    '/** M (also factored into ML$), contact rows and restitution at the state in s$. */',
    'function prepareContacts$(t: number, p: Params): void {',
    '  mass$(t, p, M$);',
    '  massSpd$ = factorMass$();',
    '  contactRows$(t, p);',
    '  restitution$(t, p);',
    '}',
    '',
  );
  if (sys.constraints && retainingRate) {
    L.push(
      '/** Appends the retaining rows A q̇ + b = 0 (velocity level) to R$/C$ from row k. */',
      'function retainingRows$(t: number, p: Params, k: number): number {',
      '  constraints$(t, p, A$, c$);',
      ...retainingRate.lines,
      `  for (let r = 0; r < ${mr}; r++) {`,
      '    for (let i = 0; i < n$; i++) R$[(k + r) * n$ + i] = A$[r * n$ + i];',
      '    C$[k + r] = -rb$[r];',
      '  }',
      `  return k + ${mr};`,
      '}',
      '',
    );
  } else L.push('function retainingRows$(_t: number, _p: Params, k: number): number {', '  return k;', '}', '');
  L.push(SCHUR, '');
  L.push(
    '/** One value per unilateral constraint, ≥ 0 admissible. */',
    `export function gaps(t: number, q: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${m})): Float64Array {`,
    '  load$(q, undefined);',
    '  gapValues$(t, p, out);',
    '  return out;',
    '}',
    '',
    '/** ∂gap/∂q, row-major m×n. */',
    `export function gapJacobian(t: number, q: ArrayLike<number>, p: Params, out: Float64Array = new Float64Array(${m * n})): Float64Array {`,
    '  load$(q, undefined);',
    '  contactRows$(t, p);',
    `  for (let k = 0; k < ${m * n}; k++) out[k] = N$[k];`,
    '  return out;',
    '}',
    '',
    '/**',
    ' * Contact phase with the given contacts held (g̈ = 0, and the tangent of a',
    ' * sticking contact held too): q̈, then σ̇ of the active normals in contact',
    ' * order, then σ̇ of their tangent rows, then the retaining λ.',
    ' * M q̈ = forcing + Rᵀσ̇ (− Aᵀλ); σ̇ < 0 on a normal means release.',
    ' */',
    `export function contactAccelerations(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, p: Params, active: ArrayLike<boolean>, out: Float64Array = new Float64Array(${n + K})): Float64Array {`,
    '  load$(q, qd);',
    '  dynamics$(t, p, M$, f$);',
    '  massSpd$ = factorMass$();',
    '  contactRows$(t, p);',
    '  let k = 0;',
    '  for (let j = 0; j < m$; j++) {',
    '    if (!active[j]) continue;',
    '    for (let i = 0; i < n$; i++) R$[k * n$ + i] = N$[j * n$ + i];',
    '    C$[k++] = -nb$[j];',
    '  }',
    '  for (let r = 0; r < mt$; r++) {',
    '    if (!active[TC$[r]]) continue;',
    '    for (let i = 0; i < n$; i++) R$[k * n$ + i] = T$[r * n$ + i];',
    '    C$[k++] = -tb$[r];',
    '  }',
    '  const contactRowsCount = k;',
    ...(mr
      ? ['  constraints$(t, p, A$, c$);', `  for (let r = 0; r < ${mr}; r++) {`, '    for (let i = 0; i < n$; i++) R$[k * n$ + i] = A$[r * n$ + i];', '    C$[k++] = -c$[r];', '  }']
      : []),
    '  for (let i = 0; i < n$; i++) B$[i] = f$[i];',
    '  if (!schur$(k)) Y$.fill(NaN);',
    '  for (let i = 0; i < n$; i++) out[i] = Y$[i];',
    '  for (let r = 0; r < k; r++) out[n$ + r] = r < contactRowsCount ? SIG$[r] : -SIG$[r];',
    '  return out;',
    '}',
    '',
    IMPACT,
    '',
  );
  return L;
}
