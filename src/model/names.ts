// The one notation (docs/notation.md): the derived symbols of a model (q̇, q̈,
// p_q, λ_i, q̇ just before and after an impact) and the role each plays.
//
// A role is data attached to the symbol when it is made, never read back out
// of its name: printers ask `symbolRole(s)`. The names still follow the
// notation ("x'", "x''", "p[x]", "lambda[1]", "x'-", "x'+") because they are
// what plain-text printing shows; brackets and primes cannot occur in user
// identifiers, so a derived name never clashes with a coordinate or parameter.
import { sym, type Sym } from '../core/expr.js';

/** The time symbol. */
export const TIME = 't';
/** Names a model may not declare. */
// Also every member of Object.prototype: generated code reads parameters as
// p.name, and p.constructor on a plain object is never undefined.
export const RESERVED: ReadonlySet<string> = new Set([TIME, 'pi', ...Object.getOwnPropertyNames(Object.prototype)]);

export type SymbolRole =
  | { readonly role: 'velocity'; readonly of: Sym }
  | { readonly role: 'acceleration'; readonly of: Sym }
  | { readonly role: 'momentum'; readonly of: Sym }
  /** q̇ just before an impact. */
  | { readonly role: 'pre-impact-velocity'; readonly of: Sym }
  /** q̇ just after an impact. */
  | { readonly role: 'post-impact-velocity'; readonly of: Sym }
  /** [q̇] = q̇⁺ − q̇⁻, the jump of q̇ at an impact (rubanovich1981 (2.1): [ψ̇]). */
  | { readonly role: 'velocity-jump'; readonly of: Sym }
  /** Retaining-constraint multiplier λ_i (1-based). */
  | { readonly role: 'multiplier'; readonly index: number }
  /** sgn ṡ, the direction of sliding of a support pair (by number, Smirnov) or a contact (by name). */
  | { readonly role: 'slip-sign'; readonly label: string }
  /** Smirnov's support reaction N_k ≥ 0 of pair k (1-based), on its bearing side ε_k. */
  | { readonly role: 'support-reaction'; readonly index: number }
  /** ε_k = ±1, the side of support pair k that bears. */
  | { readonly role: 'support-side'; readonly index: number }
  /** κ_k^{ε_k}, the friction coefficient of the side of support pair k that bears. */
  | { readonly role: 'support-coefficient'; readonly index: number }
  /** f_{i1}, the friction coefficient of the face, of index i, that support pair 1 bears on (smirnov1981 (2.2)'s f_{ps}): its LaTeX. */
  | { readonly role: 'face-coefficient'; readonly tex: string }
  /** The modulus of the support friction: of pair k (1-based), or of all pairs (index 0, Smirnov's Φ of (2.2)). */
  | { readonly role: 'support-friction'; readonly index: number }
  /** q′ = dq/dτ in a fast time τ = √N t (kozlov1988 (3.4)): the velocity written apart from q̇. */
  | { readonly role: 'fast-velocity'; readonly of: Sym }
  /** Another value of a derived symbol, numbered: a report's fresh letter for it (ẋ⁺₂ beside ẋ⁺). */
  | { readonly role: 'numbered'; readonly of: Sym; readonly index: number }
  /** A result a paper's row names, standing for it in another row's formula, printed as that name (kozlov1988 (4.2)'s y₀(t)). */
  | { readonly role: 'named-result'; readonly tex: string };

// Keyed by the interned symbol: a symbol nobody holds any more takes its role with it.
const roles = new WeakMap<Sym, SymbolRole>();

function derived(name: string, role: SymbolRole): Sym {
  const s = sym(name);
  roles.set(s, role);
  return s;
}

/** q̇ of coordinate q: "q'" (also how users write it). */
export const velocitySymbol = (q: Sym): Sym => derived(`${q.name}'`, { role: 'velocity', of: q });
/** q̈ of coordinate q: "q''". */
export const accelerationSymbol = (q: Sym): Sym => derived(`${q.name}''`, { role: 'acceleration', of: q });
/** Generalized momentum p_q: "p[q]". */
export const momentumSymbol = (q: Sym): Sym => derived(`p[${q.name}]`, { role: 'momentum', of: q });
/** Pre-impact velocity of q: "q'-". */
export const preImpactSymbol = (q: Sym): Sym => derived(`${q.name}'-`, { role: 'pre-impact-velocity', of: q });
/** Post-impact velocity of q: "q'+". */
export const postImpactSymbol = (q: Sym): Sym => derived(`${q.name}'+`, { role: 'post-impact-velocity', of: q });
/** [q̇], the jump of q̇ at an impact: "[q']", as the impact facts name it (impact1.stays.[psi']). */
export const velocityJumpSymbol = (q: Sym): Sym => derived(`[${q.name}']`, { role: 'velocity-jump', of: q });
/** dq/dτ of q in a fast time τ: "q'τ". */
export const fastVelocitySymbol = (q: Sym): Sym => derived(`${q.name}'τ`, { role: 'fast-velocity', of: q });
/** Retaining-constraint multiplier λ_i (1-based): "lambda[i]". */
export const multiplierSymbol = (i: number): Sym => derived(`lambda[${i}]`, { role: 'multiplier', index: i });
/** sgn ṡ of support pair i (1-based) or of a contact (its name): the direction of sliding the friction equations are written for. */
export const slipSignSymbol = (label: number | string): Sym => derived(`sgn_s[${label}]`, { role: 'slip-sign', label: `${label}` });

/** Smirnov's reaction N_k of support pair k (1-based): "N_s[k]". */
export const supportReactionSymbol = (k: number): Sym => derived(`N_s[${k}]`, { role: 'support-reaction', index: k });
/** ε_k = ±1, the bearing side of support pair k (1-based): "eps_s[k]". */
export const supportSideSymbol = (k: number): Sym => derived(`eps_s[${k}]`, { role: 'support-side', index: k });
/** κ_k^{ε_k}, the friction coefficient of pair k's bearing side (1-based): "kappa_s[k]". */
export const supportCoefficientSymbol = (k: number): Sym => derived(`kappa_s[${k}]`, { role: 'support-coefficient', index: k });
/** f_{p s} of support pair s on its face of index p, a letter (i, j, …): "f_face[f_{i1}]". */
export const faceCoefficientSymbol = (tex: string): Sym => derived(`f_face[${tex}]`, { role: 'face-coefficient', tex });
/** The friction modulus κ_k^{ε_k} N_k of support pair k (1-based), or Φ = Σ_k of them (k = 0): "Phi_s[k]". */
export const supportFrictionSymbol = (k: number): Sym => derived(`Phi_s[${k}]`, { role: 'support-friction', index: k });

/**
 * The symbol named `of` with the index k, for another value of what `of` stands for: a plain name takes the index
 * into its name (h → h_2, printed h₂ as any such name); a derived symbol keeps its role and prints with the index
 * after it (ẋ⁺ → ẋ⁺₂), never as a coordinate's name with a subscript.
 */
export const numberedSymbol = (of: Sym, k: number): Sym =>
  roles.has(of) ? derived(`${of.name}_${k}`, { role: 'numbered', of, index: k }) : sym(`${of.name}_${k}`);

/** The symbol of a result a paper's row names, its name in LaTeX: "result[y_0(t)]" (brackets keep it apart from a model's names). */
export const namedResultSymbol = (tex: string): Sym => derived(`result[${tex}]`, { role: 'named-result', tex });

/** The role of a derived symbol; undefined for coordinates, parameters, time and other plain symbols. */
export function symbolRole(s: Sym): SymbolRole | undefined {
  return roles.get(s);
}

// Names of the derived symbols of a coordinate named x, for callers that key
// numeric environments by name. Each goes through the constructor, so the
// symbol behind the name exists and carries its role.
export const velocityName = (x: string): string => velocitySymbol(sym(x)).name;
export const momentumName = (x: string): string => momentumSymbol(sym(x)).name;
export const preImpactName = (x: string): string => preImpactSymbol(sym(x)).name;
export const postImpactName = (x: string): string => postImpactSymbol(sym(x)).name;
export const multiplierName = (i: number): string => multiplierSymbol(i).name;
