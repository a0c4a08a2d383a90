// The error a call throws, checked to be of the expected class (a test
// about an error must fail when nothing, or something else, is thrown).
import { expect } from 'vitest';

export function thrown<E extends Error>(fn: () => unknown, kind: abstract new (...args: never[]) => E): E {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(kind);
    return e as E;
  }
  throw new Error(`expected a ${kind.name}, but nothing was thrown`);
}
