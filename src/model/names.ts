// The one notation (docs/notation.md): how derived quantities are named as
// kernel symbols. Brackets and primes cannot occur in user identifiers, so
// these names never clash with a coordinate or parameter.

/** The time symbol. */
export const TIME = 't';
/** Names a model may not declare. */
// Also every member of Object.prototype: generated code reads parameters as
// p.name, and p.constructor on a plain object is never undefined.
export const RESERVED: ReadonlySet<string> = new Set([TIME, 'pi', ...Object.getOwnPropertyNames(Object.prototype)]);

/** q̇ of coordinate x: "x'" (also how users write it). */
export const velocityName = (x: string): string => `${x}'`;
/** q̈ of coordinate x: "x''". */
export const accelerationName = (x: string): string => `${x}''`;
/** Generalized momentum p_x. */
export const momentumName = (x: string): string => `p[${x}]`;
/** Pre-impact velocity of coordinate x: "x'-". */
export const preImpactName = (x: string): string => `${x}'-`;
/** Post-impact velocity of coordinate x: "x'+". */
export const postImpactName = (x: string): string => `${x}'+`;
/** Retaining-constraint multiplier λ_i (1-based). */
export const multiplierName = (i: number): string => `lambda[${i}]`;

export type SymbolRole =
  | { readonly role: 'velocity'; readonly of: string }
  | { readonly role: 'acceleration'; readonly of: string }
  | { readonly role: 'momentum'; readonly of: string }
  | { readonly role: 'multiplier'; readonly index: number }
  | { readonly role: 'plain'; readonly name: string };

/** Inverse of the naming scheme, for printers. */
export function symbolRole(name: string): SymbolRole {
  if (name.endsWith("''")) return { role: 'acceleration', of: name.slice(0, -2) };
  if (name.endsWith("'")) return { role: 'velocity', of: name.slice(0, -1) };
  let m = /^p\[(.+)\]$/.exec(name);
  if (m) return { role: 'momentum', of: m[1]! };
  m = /^lambda\[(\d+)\]$/.exec(name);
  if (m) return { role: 'multiplier', index: Number(m[1]) };
  return { role: 'plain', name };
}
