import { randomBytes } from "node:crypto";
async function loadJwtSecret(db, configured) {
  if (configured) return new TextEncoder().encode(configured);
  await db.query("insert into settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing", [
    randomBytes(48).toString("base64url")
  ]);
  const [row] = await db.query("select value from settings where key = 'jwt_secret'");
  if (!row) throw new Error("Could not load the JWT secret");
  return new TextEncoder().encode(row.value);
}
export {
  loadJwtSecret
};
//# sourceMappingURL=secrets.js.map
