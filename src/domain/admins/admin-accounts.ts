import type { Queryable } from '../../db/database.js';
import { conflict, notFound } from '../../errors.js';
import { hashPassword } from '../auth/passwords.js';
import { findAdminByEmail, insertAdmin } from './admin.repository.js';

/**
 * Administrator accounts as the command line manages them (`tenantbase admin …`): there is no API
 * to create a second administrator or to recover a lost password, by design — whoever can run
 * commands against the database already holds it.
 */
export async function createAdministrator(db: Queryable, input: { email: string; name: string; password: string }): Promise<void> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  if (await findAdminByEmail(db, email)) throw conflict(`An administrator ${email} already exists`);
  await insertAdmin(db, { email, name: input.name, passwordHash });
}

/**
 * Sets a new password. Every token issued before — logins, the tenant selections made from them, the
 * console's cookie — stops working on its next request: they carry the old credential stamp
 * (`credentialStamp`). API keys are not tokens of a login and keep working (revoke them apart).
 */
export async function resetAdministratorPassword(db: Queryable, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const rows = await db.query('update admins set password_hash = $2, updated_at = now() where lower(email) = lower($1) returning id', [
    email,
    passwordHash,
  ]);
  if (rows.length === 0) throw notFound(`No administrator has the email ${email.toLowerCase()}`);
}
