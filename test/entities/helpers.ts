import type { TestApp } from '../helpers/app.js';

export type Auth = { apiKey: string };

/** A small valid definition for `name`, with extra fields appended. */
export function definition(name: string, fields: unknown[] = []) {
  return {
    entity: { name, displayName: name.replace(/_/g, ' '), description: `${name} entity` },
    fields: [{ name: 'Title', fieldKey: 'title', fieldType: 'text', isRequired: true }, ...fields],
  };
}

export async function createEntity(t: TestApp, auth: Auth, name: string, options: { publish?: boolean; fields?: unknown[] } = {}) {
  const body = options.publish
    ? { definition: definition(name, options.fields), auto_publish: true, version_message: 'Initial version' }
    : { definition: definition(name, options.fields) };
  const res = await t.post('/api/entities', body, auth);
  if (res.status !== 201) throw new Error(`create ${name} failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Everything observable about the tenant's model, to prove a refused call wrote nothing. */
export async function snapshot(t: TestApp, auth: Auth) {
  const res = await t.get('/api/metadata/export', auth);
  if (res.status !== 200) throw new Error(`export failed: ${JSON.stringify(res.body)}`);
  const { exportedAt: _e, ...rest } = res.body.data;
  const history: Record<string, unknown> = {};
  for (const e of rest.entities) history[e.name] = (await t.get(`/api/entities/${e.name}/changes`, auth)).body.data.history;
  return { ...rest, history };
}
