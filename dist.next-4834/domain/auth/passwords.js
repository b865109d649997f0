import bcrypt from "bcrypt";
import { validationError } from "../../errors.js";
const BCRYPT_ROUNDS = 10;
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_BYTES = 72;
function assertPasswordAcceptable(password, field = "password") {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw validationError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`, [
      { field, message: `must be at least ${PASSWORD_MIN_LENGTH} characters` }
    ]);
  }
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) {
    throw validationError(`Password must be at most ${PASSWORD_MAX_BYTES} bytes (bcrypt ignores the rest)`, [
      { field, message: `must be at most ${PASSWORD_MAX_BYTES} bytes in UTF-8` }
    ]);
  }
}
function hashPassword(password) {
  assertPasswordAcceptable(password);
  return bcrypt.hash(password, BCRYPT_ROUNDS);
}
const dummyHash = bcrypt.hash("tenantbase-dummy-password", BCRYPT_ROUNDS);
async function verifyPassword(password, hash) {
  const ok = await bcrypt.compare(password, hash ?? await dummyHash);
  return ok && hash !== void 0;
}
export {
  BCRYPT_ROUNDS,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  assertPasswordAcceptable,
  hashPassword,
  verifyPassword
};
//# sourceMappingURL=passwords.js.map
