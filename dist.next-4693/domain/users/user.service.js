import { notFound, validationError } from "../../errors.js";
import { hashPassword } from "../auth/passwords.js";
import { deleteUserSessions } from "./session.repository.js";
import * as users from "./user.repository.js";
import { assertMayManage } from "./user.rules.js";
import { isUuid } from "../../uuid.js";
async function existing(tx, id) {
  const user = isUuid(id) ? await users.findUser(tx, id) : void 0;
  if (!user) throw notFound(`User ${id} not found in this tenant`);
  return user;
}
async function createUser(tx, actor, input, now) {
  assertMayManage(actor, "create_user", { role: input.role, permissions: input.permissions });
  const passwordHash = await hashPassword(input.password);
  return users.insertUser(
    tx,
    {
      email: input.email.toLowerCase(),
      name: input.name,
      passwordHash,
      role: input.role,
      permissions: input.permissions ?? {},
      metadata: input.metadata ?? {}
    },
    now
  );
}
const listUsers = (tx) => users.listUsers(tx);
const getUser = (tx, id) => existing(tx, id);
async function updateUser(tx, actor, id, changes, now) {
  if (Object.values(changes).every((v) => v === void 0)) {
    throw validationError("Nothing to update: send at least one of name, role, permissions, isActive, metadata");
  }
  const target = await existing(tx, id);
  assertMayManage(actor, "update_user", { target, role: changes.role, permissions: changes.permissions });
  const updated = await users.updateUser(tx, id, changes, now);
  if (!updated) throw notFound(`User ${id} not found in this tenant`);
  if (changes.isActive === false) await deleteUserSessions(tx, id);
  return updated;
}
async function changePassword(tx, actor, id, password, now) {
  const target = await existing(tx, id);
  assertMayManage(actor, "change_user_password", { target });
  await users.setPasswordHash(tx, id, await hashPassword(password), now);
  const keep = actor.kind === "tenant_user" && actor.userId === id ? actor.sessionId : void 0;
  const sessionsEnded = await deleteUserSessions(tx, id, keep);
  return { id, passwordChanged: true, sessionsEnded };
}
async function deleteUser(tx, actor, id) {
  const target = await existing(tx, id);
  assertMayManage(actor, "delete_user", { target });
  await users.deleteUser(tx, id);
  return { id, deleted: true };
}
export {
  changePassword,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  updateUser
};
//# sourceMappingURL=user.service.js.map
