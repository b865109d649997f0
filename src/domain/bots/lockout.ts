/**
 * The identify lockout ladder (docs/bots.md): every series of 5 failed identifies locks the bot,
 * for 1 minute the first time, then 5, 30, 60 and 120 minutes (and 120 from then on). A
 * successful identify or a secret reset starts the ladder again.
 */
export const LOCKOUT_AFTER_FAILURES = 5;
export const LOCKOUT_MINUTES = [1, 5, 30, 60, 120] as const;
