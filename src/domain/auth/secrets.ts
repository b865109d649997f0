import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';

/** JWT_SECRET from the environment, else one generated at first start and kept in the database. */
export async function loadJwtSecret(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.query("insert into settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing", [
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>("select value from settings where key = 'jwt_secret'");
  if (!row) throw new Error('Could not load the JWT secret');
  return new TextEncoder().encode(row.value);
}
