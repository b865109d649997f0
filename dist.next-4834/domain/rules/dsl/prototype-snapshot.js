const WATCHED = [
  ["Object.prototype", Object.prototype],
  ["Function.prototype", Function.prototype],
  ["Array.prototype", Array.prototype],
  ["String.prototype", String.prototype],
  ["Number.prototype", Number.prototype],
  ["Boolean.prototype", Boolean.prototype],
  ["globalThis", globalThis]
];
function ownProperties() {
  const properties = /* @__PURE__ */ new Map();
  for (const [name, target] of WATCHED) {
    for (const key of Reflect.ownKeys(target)) {
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      properties.set(`${name}.${String(key)}`, "value" in descriptor ? descriptor.value : descriptor.get);
    }
  }
  return properties;
}
const prototypeSnapshot = () => ownProperties();
function changedSince(before) {
  const now = ownProperties();
  const changed = [...now.keys()].filter((key) => !before.has(key) || !Object.is(before.get(key), now.get(key)));
  return [...changed, ...[...before.keys()].filter((key) => !now.has(key))];
}
export {
  changedSince,
  prototypeSnapshot
};
//# sourceMappingURL=prototype-snapshot.js.map
