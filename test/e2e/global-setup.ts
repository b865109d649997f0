// The e2e tests drive the built console: build it first when its sources changed (a no-op otherwise).
export default async function setup(): Promise<void> {
  // @ts-expect-error -- a plain ESM script without type declarations
  const { buildConsole } = (await import('../../scripts/build-console.mjs')) as { buildConsole: () => Promise<boolean> };
  await buildConsole();
}
