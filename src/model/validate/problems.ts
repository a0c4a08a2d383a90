// What every validator returns: its value (as much of it as is valid) and the
// problems it found, each a MechanicsError of kind 'model' with a stable code
// and the model and field it is in. buildModel joins them into one error.
// Tests: every file of test/model/validate/ asserts the problems' codes and fields.
// Tests: test/model/validate/ (every validator reports through it).
import { MechanicsError, type ErrorCode } from '../../errors.js';

export interface Checked<T> {
  readonly value: T;
  readonly problems: readonly MechanicsError[];
}

/** The problems one validator collects while it checks its field. */
export class Problems {
  readonly list: MechanicsError[] = [];

  constructor(readonly model: string | undefined) {}

  add(code: ErrorCode, field: string, message: string): void {
    this.list.push(new MechanicsError(code, 'model', message, { ...(this.model !== undefined ? { model: this.model } : {}), field }));
  }

  /** A kernel error (parse error, unknown symbol, …) located in a model field. */
  locate(err: MechanicsError, field: string): void {
    this.list.push(err.at({ ...(this.model !== undefined ? { model: this.model } : {}), field }));
  }

  /** The problems of another validator, in order. */
  take<T>(checked: Checked<T>): T {
    this.list.push(...checked.problems);
    return checked.value;
  }

  result<T>(value: T): Checked<T> {
    return { value, problems: this.list };
  }
}
