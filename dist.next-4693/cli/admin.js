import { randomBytes } from "node:crypto";
import { z } from "zod";
import { createAdministrator, resetAdministratorPassword } from "../domain/admins/admin-accounts.js";
import { AppError } from "../errors.js";
import { CommandError, readAll } from "./io.js";
import { migrateVerbosely } from "./migrate.js";
async function choosePassword(io, options) {
  if (options.passwordStdin) return { password: await readAll(io.stdin), generated: false };
  return { password: randomBytes(18).toString("base64url"), generated: true };
}
function checkedEmail(email) {
  const parsed = z.email().safeParse(email);
  if (!parsed.success) throw new CommandError(`"${email}" is not an email address`, 2);
  return parsed.data.toLowerCase();
}
async function withDatabase(config, io, open, work) {
  const db = await open(config, io.log);
  try {
    await migrateVerbosely(db, io.log);
    await work(db);
  } catch (error) {
    if (error instanceof AppError) throw new CommandError(error.message);
    throw error;
  } finally {
    await db.close();
  }
}
async function adminCreate(config, io, open, args) {
  const email = checkedEmail(args.email);
  const { password, generated } = await choosePassword(io, args);
  await withDatabase(config, io, open, async (db) => {
    await createAdministrator(db, { email, name: args.name ?? "Administrator", password });
    io.log(`Created the administrator ${email}`);
    if (generated) io.out(password);
  });
}
async function adminResetPassword(config, io, open, args) {
  const email = checkedEmail(args.email);
  const { password, generated } = await choosePassword(io, args);
  await withDatabase(config, io, open, async (db) => {
    await resetAdministratorPassword(db, email, password);
    io.log(`Set a new password for ${email}${generated ? " (printed below, shown once)" : ""}`);
    if (generated) io.out(password);
  });
}
export {
  adminCreate,
  adminResetPassword
};
//# sourceMappingURL=admin.js.map
