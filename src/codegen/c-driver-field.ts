// The C driver's vector field while contacts are held, shared by its
// frictionless phase (contact_accelerations) and its Coulomb phase
// (friction_phase): the model's rhs in free flight, else q̈ from the
// phase's call, whose output starts with q̈.
// Tests: test/codegen/c-driver.test.ts.

/** any_held() and field(): `call` fills `out`, whose first N entries are q̈. */
export const heldField = (P: string, call: string, out: string, what: string): string => `static int any_held(void) {
  for (int j = 0; j < M; j++)
    if (held[j]) return 1;
  return 0;
}

/* ẋ = [q̇, q̈]: by the model's rhs in free flight, by ${what} while contacts are held. */
static void field(double t, const double *x, double *dx) {
  if (!any_held()) {
    ${P}_rhs(t, x, p, dx);
    return;
  }
  ${call};
  for (int i = 0; i < N; i++) {
    dx[i] = x[N + i];
    dx[N + i] = ${out}[i];
  }
}`;
