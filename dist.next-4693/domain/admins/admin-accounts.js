import { conflict, notFound } from "../../errors.js";
import { hashPassword } from "../auth/passwords.js";
import { findAdminByEmail, insertAdmin } from "./admin.repository.js";
async function createAdministrator(db, input) {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  if (await findAdminByEmail(db, email)) throw conflict(`An administrator ${email} already exists`);
  await insertAdmin(db, { email, name: input.name, passwordHash });
}
async function resetAdministratorPassword(db, email, password) {
  const passwordHash = await hashPassword(password);
  const rows = await db.query("update admins set password_hash = $2, updated_at = now() where lower(email) = lower($1) returning id", [
    email,
    passwordHash
  ]);
  if (rows.length === 0) throw notFound(`No administrator has the email ${email.toLowerCase()}`);
}
export {
  createAdministrator,
  resetAdministratorPassword
};
//# sourceMappingURL=admin-accounts.js.map
