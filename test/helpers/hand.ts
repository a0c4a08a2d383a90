// Hand-written formulas as kernel expressions: names are free symbols,
// velocities are written x' (the model's own notation), momenta p_x are
// written p_x (mathjs cannot read the kernel's name "p[x]").
import { sym, type Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { subs } from '../../src/core/subs.js';
import { simplify } from '../../src/core/trig.js';
import { momentumName, velocityName } from '../../src/model/names.js';

/** Parse a textbook formula: any name is a symbol, x' the velocity of x, p_x the momentum of x. */
export function hand(source: string): Expr {
  const e = parseExpr(source, { symbol: (name) => sym(name), velocity: (name) => sym(velocityName(name)) });
  const renames = new Map<string, Expr>();
  for (const m of source.matchAll(/\bp_([A-Za-z][A-Za-z0-9]*)/g)) renames.set(`p_${m[1]}`, sym(momentumName(m[1]!)));
  return renames.size ? subs(e, renames) : e;
}

/** The canonical (expanded, trig-simplified) form of a textbook formula. */
export const canonical = (source: string): Expr => simplify(hand(source));
