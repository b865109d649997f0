import bcrypt from 'bcrypt';
import { validationError } from '../../errors.js';

/** docs/users.md: bcrypt, 10 rounds. bcrypt runs on libuv's thread pool, off the event loop. */
export const BCRYPT_ROUNDS = 10;
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt silently ignores bytes past 72; refuse such passwords instead of truncating them. */
export const PASSWORD_MAX_BYTES = 72;

export function assertPasswordAcceptable(password: string, field = 'password'): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw validationError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`, [
      { field, message: `must be at least ${PASSWORD_MIN_LENGTH} characters` },
    ]);
  }
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
    throw validationError(`Password must be at most ${PASSWORD_MAX_BYTES} bytes (bcrypt ignores the rest)`, [
      { field, message: `must be at most ${PASSWORD_MAX_BYTES} bytes in UTF-8` },
    ]);
  }
}

export function hashPassword(password: string): Promise<string> {
  assertPasswordAcceptable(password);
  return bcrypt.hash(password, BCRYPT_ROUNDS);
}

// Compared against when the account does not exist, so unknown and known emails take the same time.
const dummyHash = bcrypt.hash('tenantbase-dummy-password', BCRYPT_ROUNDS);

/** Checks a password against a hash, or against a dummy hash when there is no account. */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? (await dummyHash));
  return ok && hash !== undefined;
}
