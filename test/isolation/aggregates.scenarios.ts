import { expect } from 'vitest';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import type { IsolationScenarios } from './scenario.js';

/** aggregate_records: B aggregating an entity of A's name sees only its own (empty) entity, whatever the filters and groups. */
export const AGGREGATE_SCENARIOS: IsolationScenarios = {
  aggregate_records: async ({ t, a, b }) => {
    const name = `sums_${Math.random().toString(36).slice(2, 8)}`;
    const fields = [
      { fieldKey: 'label', fieldType: 'text' as const },
      { fieldKey: 'amount', fieldType: 'number' as const },
    ];
    await seedPublishedEntity(t, a.id, name, fields);
    await seedPublishedEntity(t, b.id, name, fields);
    const path = `/api/entities/${name}/records`;
    const created = await t.post(path, { label: 'secret of A', amount: 42 }, { apiKey: a.apiKey });
    expect(created.status).toBe(201);

    const fromB = (query: string) => t.get(`${path}/aggregate?${query}`, { apiKey: b.apiKey });
    expect((await fromB('op=sum&field=amount')).body.data).toEqual({ op: 'sum', field: 'amount', value: null, count: 0 });
    const grouped = await fromB(`groupBy=label&filter.id=${created.body.data.id}&search=secret`);
    expect(grouped.status).toBe(200);
    expect(grouped.body.data).toMatchObject({ groups: [], totalGroups: 0, truncated: false });
    // A entity B does not have at all answers as a missing entity would.
    const other = await t.get(`/api/entities/${name}_only_a/records/aggregate`, { apiKey: b.apiKey });
    await seedPublishedEntity(t, a.id, `${name}_only_a`, fields);
    const again = await t.get(`/api/entities/${name}_only_a/records/aggregate`, { apiKey: b.apiKey });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(other.body);

    const ofA = await t.get(`${path}/aggregate?op=sum&field=amount`, { apiKey: a.apiKey });
    expect(ofA.body.data).toMatchObject({ value: 42, count: 1 });
  },
};
