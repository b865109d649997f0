import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../config.js';
import { createAdministrator, resetAdministratorPassword } from '../domain/admins/admin-accounts.js';
import { AppError } from '../errors.js';
import type { DatabaseOpener } from './database.js';
import { CommandError, readAll, type CliIo } from './io.js';
import { migrateVerbosely } from './migrate.js';

export interface PasswordOptions {
  /** Read the password from stdin (a pipe), instead of generating one. */
  passwordStdin?: boolean;
}

/** The password given on stdin, or a generated one that is printed once on stdout. */
async function choosePassword(io: CliIo, options: PasswordOptions): Promise<{ password: string; generated: boolean }> {
  if (options.passwordStdin) return { password: await readAll(io.stdin), generated: false };
  return { password: randomBytes(18).toString('base64url'), generated: true };
}

function checkedEmail(email: string): string {
  const parsed = z.email().safeParse(email);
  if (!parsed.success) throw new CommandError(`"${email}" is not an email address`, 2);
  return parsed.data.toLowerCase();
}

/** Runs `work` on a migrated database, turning AppErrors into command errors. */
async function withDatabase(
  config: Config,
  io: CliIo,
  open: DatabaseOpener,
  work: (db: Awaited<ReturnType<DatabaseOpener>>) => Promise<void>,
) {
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

/** `tenantbase admin create <email>`: another administrator. */
export async function adminCreate(
  config: Config,
  io: CliIo,
  open: DatabaseOpener,
  args: { email: string; name?: string | undefined } & PasswordOptions,
): Promise<void> {
  const email = checkedEmail(args.email);
  const { password, generated } = await choosePassword(io, args);
  await withDatabase(config, io, open, async (db) => {
    await createAdministrator(db, { email, name: args.name ?? 'Administrator', password });
    io.log(`Created the administrator ${email}`);
    if (generated) io.out(password);
  });
}

/** `tenantbase admin reset-password <email>`: a lost password, without deleting anything. */
export async function adminResetPassword(config: Config, io: CliIo, open: DatabaseOpener, args: { email: string } & PasswordOptions) {
  const email = checkedEmail(args.email);
  const { password, generated } = await choosePassword(io, args);
  await withDatabase(config, io, open, async (db) => {
    await resetAdministratorPassword(db, email, password);
    io.log(`Set a new password for ${email}${generated ? ' (printed below, shown once)' : ''}`);
    if (generated) io.out(password);
  });
}
