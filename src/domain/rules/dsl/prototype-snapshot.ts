/**
 * What an escape from the expression language would change: the own properties (names and values)
 * of the built-in prototypes and of the global object. The escape tests and the fuzz script take a
 * snapshot before and list what changed after.
 */
const WATCHED: ReadonlyArray<readonly [string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Function.prototype', Function.prototype],
  ['Array.prototype', Array.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
  ['globalThis', globalThis],
];

export type PrototypeSnapshot = ReadonlyMap<string, unknown>;

function ownProperties(): Map<string, unknown> {
  const properties = new Map<string, unknown>();
  for (const [name, target] of WATCHED) {
    for (const key of Reflect.ownKeys(target)) {
      const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
      properties.set(`${name}.${String(key)}`, 'value' in descriptor ? descriptor.value : descriptor.get);
    }
  }
  return properties;
}

export const prototypeSnapshot = (): PrototypeSnapshot => ownProperties();

/** The properties added, removed or replaced since the snapshot. */
export function changedSince(before: PrototypeSnapshot): string[] {
  const now = ownProperties();
  const changed = [...now.keys()].filter((key) => !before.has(key) || !Object.is(before.get(key), now.get(key)));
  return [...changed, ...[...before.keys()].filter((key) => !now.has(key))];
}
