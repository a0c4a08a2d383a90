// The impact laws of the model language, one entry each: its key in a model
// file, what else it admits, how its value is read into the typed ImpactLaw,
// and the tangential position it pins (a sticking contact). The record is
// keyed by ImpactLaw['kind'], so a law added to the union does not compile
// until it has an entry; validate/impact-law.ts checks a law through it and
// never names one. spec.ts (ImpactLawSpec) says what each law means.
// Tests: test/model/impact-laws.test.ts, test/model/validate/impact-law.test.ts, test/model/validate/unilateral.test.ts.
import type { Expr, Sym } from '../core/expr.js';
import type { IMPACT_LAW_FIELDS } from './spec.js';
import type { ImpactLaw, Parameter } from './types.js';
import type { ExprReader } from './validate/expressions.js';
import type { Problems } from './validate/problems.js';
import { restitutionParameter } from './validate/restitution.js';
import { typeName, type Fields } from './validate/shape.js';

/** The variant of ImpactLaw of one kind. */
export type ImpactLawOf<K extends ImpactLaw['kind']> = Extract<ImpactLaw, { kind: K }>;

/** Where a law is read: its contact, the model's parameters and expression reader, and the field problems go to. */
export interface ImpactLawSite {
  readonly contact: string;
  readonly parameters: readonly Parameter[];
  readonly reader: ExprReader;
  readonly field: string;
  readonly out: Problems;
}

export interface ImpactLawModel<L extends ImpactLaw> {
  /** Its key in a model file's law ({ newton: 'e' }). */
  readonly key: Exclude<keyof typeof IMPACT_LAW_FIELDS, 'allowSuperelastic' | 'coulomb'>;
  /** How it is written, for messages. */
  readonly usage: string;
  /** Whether it takes allowSuperelastic (its coefficient may exceed 1). */
  readonly superelastic: boolean;
  /** Why a Coulomb coefficient is refused, for a law that is its own friction; absent: it takes one. */
  readonly refusesCoulomb?: (contact: string) => string;
  /** The law read from its fields, or undefined with the problems added at the site. */
  read(law: Fields, site: ImpactLawSite): L | undefined;
  /** The tangential position held while the contact is closed, for a law that pins it. */
  pinned?(law: L): Expr;
  /** The coefficient whose value 0 makes the law plastic (Newton's e), for a law that has one. */
  plasticAtZero?(law: L): Sym;
}

/** A law closed by one restitution coefficient, a parameter named at its key (validate/restitution.ts checks its range). */
function restitutionLaw<L extends ImpactLaw>(
  key: ImpactLawModel<L>['key'],
  usage: string,
  make: (coefficient: Sym, superelastic: boolean) => L,
): ImpactLawModel<L> {
  return {
    key,
    usage,
    superelastic: true,
    read: (law, site) => {
      const p = restitutionParameter(law, key, site);
      return p && make(p.symbol, law.allowSuperelastic === true);
    },
  };
}

export const IMPACT_LAWS: { readonly [K in ImpactLaw['kind']]: ImpactLawModel<ImpactLawOf<K>> } = {
  newton: { ...restitutionLaw('newton', '{newton: e}', (e, superelastic) => ({ kind: 'newton', e, superelastic })), plasticAtZero: (law) => law.e },
  plastic: {
    key: 'plastic',
    usage: '{plastic: true}',
    superelastic: false,
    read: (law, { field, out }) => {
      if (law.plastic !== true) out.add('bad-impact-law', `${field}.plastic`, `write a plastic law as {plastic: true}, got ${typeName(law.plastic)}`);
      return law.plastic === true ? { kind: 'plastic' } : undefined;
    },
  },
  'w-law': restitutionLaw('wLaw', '{wLaw: W}', (W, superelastic) => ({ kind: 'w-law', W, superelastic })),
  stick: {
    key: 'stick',
    usage: '{stick: tangentialPosition}',
    superelastic: false,
    refusesCoulomb: (contact) =>
      `'${contact}' sticks (infinite friction): a Coulomb coefficient has nothing to add; use {plastic: true, coulomb: 'mu'} for a finite one`,
    read: (law, { reader, field, out }) => {
      const tangent = reader.read(law.stick, `${field}.stick`, out, { smooth: true });
      return tangent && { kind: 'stick', tangent };
    },
    pinned: (law) => law.tangent,
  },
};

/** Every law's entry, in the registry's order (the order messages list them in). */
export const IMPACT_LAW_LIST: readonly ImpactLawModel<ImpactLaw>[] = Object.values(IMPACT_LAWS);

/** The entry of a law's own kind. */
const modelOf = <L extends ImpactLaw>(law: L): ImpactLawModel<L> => IMPACT_LAWS[law.kind] as unknown as ImpactLawModel<L>;

/** The tangential position a law pins while its contact is closed (a sticking contact's ξ), if it pins one. */
export const pinnedTangent = (law: ImpactLaw): Expr | undefined => modelOf(law).pinned?.(law);

/** The coefficient a law becomes plastic at when set to 0 (Newton's e), if it has one. */
export const plasticAtZero = (law: ImpactLaw): Sym | undefined => modelOf(law).plasticAtZero?.(law);
