const LOCKOUT_AFTER_FAILURES = 5;
const LOCKOUT_MINUTES = [1, 5, 30, 60, 120];
export {
  LOCKOUT_AFTER_FAILURES,
  LOCKOUT_MINUTES
};
//# sourceMappingURL=lockout.js.map
