import { forbidden } from "../../errors.js";
const ROLE_RANK = { viewer: 0, member: 1, admin: 2, owner: 3 };
function assertMayManage(actor, action, change) {
  if (actor.kind !== "tenant_user") return;
  const rank = ROLE_RANK[actor.role];
  const { target, role, permissions } = change;
  if (target && ROLE_RANK[target.role] > rank) {
    throw forbidden(`Your role (${actor.role}) does not allow ${action} on a user whose role is ${target.role}`);
  }
  if (role && ROLE_RANK[role] > rank) {
    throw forbidden(`Your role (${actor.role}) does not allow ${action} with role ${role}: you can grant at most ${actor.role}`);
  }
  const self = target?.id === actor.userId;
  if (self && role !== void 0 && role !== target?.role) {
    throw forbidden(`You cannot change your own role (${action})`);
  }
  if (self && permissions !== void 0) {
    throw forbidden(`You cannot change your own permissions (${action})`);
  }
  if (permissions !== void 0 && ROLE_RANK[actor.role] < ROLE_RANK.admin) {
    throw forbidden(`Only owners and admins may set permissions (${action})`);
  }
}
export {
  ROLE_RANK,
  assertMayManage
};
//# sourceMappingURL=user.rules.js.map
