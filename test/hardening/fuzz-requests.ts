/**
 * A seeded generator of malformed and borderline requests, driven by the service's own
 * `/api/openapi.json`: every documented route (so routes added later are fuzzed without a change
 * here), its path parameters, documented query parameters and body properties, filled with values
 * of every JSON type, edge strings (U+0000, lone surrogates, very long, path tricks, prototype
 * names), deep nesting, unknown parameters and wrong content types.
 */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** mulberry32: a small seeded PRNG, so a failing seed replays exactly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Doc = { paths: Record<string, Record<string, any>> };

const EDGE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x'.repeat(5000),
  '../../etc/passwd',
  '%00',
  '%',
  '__proto__',
  'constructor',
  'prototype',
  "' or 1=1 --",
  '${jndi}',
  '<script>',
  'ünïcödé 🚀',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
];

/** encodeURIComponent, but a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
const safeEncode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};

export function createFuzzer(doc: Doc, seed: number, known: { entity: string; recordId: string; tenantSlug: string }) {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

  const scalar = (): unknown =>
    pick<() => unknown>([
      () => pick(EDGE_STRINGS),
      () => int(1000) - 500,
      () => pick([0, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 3.14]),
      () => rnd() < 0.5,
      () => null,
      () => pick([known.entity, known.recordId, known.tenantSlug, 'text', 'number', 'relation']),
    ])();
  const value = (depth: number): unknown => {
    if (depth > 3 || rnd() < 0.55) return scalar();
    if (rnd() < 0.1) {
      let deep: unknown = 'leaf';
      for (let i = 0; i < 70 + int(100); i++) deep = rnd() < 0.5 ? [deep] : { a: deep };
      return deep;
    }
    if (rnd() < 0.4) return Array.from({ length: int(4) }, () => value(depth + 1));
    return Object.fromEntries(
      Array.from({ length: int(5) }, () => [
        rnd() < 0.7 ? pick(['name', 'fieldKey', 'fieldType', 'config', 'title', 'data', 'a\u0000', 'options']) : pick(EDGE_STRINGS),
        value(depth + 1),
      ]),
    );
  };
  const text = (): string => {
    const v = scalar();
    return typeof v === 'string' ? v : JSON.stringify(v);
  };

  const body = (op: any): unknown => {
    const schema = op.requestBody?.content?.['application/json']?.schema;
    if (rnd() < 0.15 || !schema) return value(0);
    const properties = Object.keys(schema.properties ?? {});
    const out: Record<string, unknown> = {};
    for (const key of properties) if (rnd() < 0.7) out[key] = value(1);
    if (rnd() < 0.3) out[pick(EDGE_STRINGS)] = value(1);
    return out;
  };

  return function next(credentials: Record<string, string>): FuzzRequest {
    const route = pick(routes);
    const url = route.path.replace(/\{([^}]+)\}/g, (_all, name: string) => {
      const v = rnd() < 0.3 ? (name === 'entityName' ? known.entity : name === 'id' ? known.recordId : text()) : text();
      return rnd() < 0.1 ? v : safeEncode(v);
    });
    const params = new URLSearchParams();
    for (const p of (route.op.parameters ?? []) as Array<{ name: string; in: string }>) {
      if (p.in === 'query' && rnd() < 0.5)
        params.append(
          p.name === 'filter' ? `filter.${pick(['title', 'id', 'x'])}${pick(['', '.eq', '.in', '.isNull', '.bogus'])}` : p.name,
          text(),
        );
    }
    if (rnd() < 0.1) params.append(pick(EDGE_STRINGS) || 'q', text());
    if (rnd() < 0.05) {
      params.append('page', '1');
      params.append('page', '2');
    }
    const query = params.toString();
    const headers: Record<string, string> = { ...credentials };
    let payload: string | undefined;
    if (route.method !== 'GET' && route.method !== 'DELETE' ? rnd() < 0.95 : rnd() < 0.1) {
      const raw = rnd();
      payload =
        raw < 0.05
          ? '{"a":'
          : raw < 0.08
            ? '{"__proto__":{"polluted":1}}'
            : raw < 0.1
              ? '{"constructor":{"prototype":{"polluted":1}}}'
              : JSON.stringify(body(route.op));
      headers['content-type'] =
        rnd() < 0.05 ? pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) : 'application/json';
    }
    if (rnd() < 0.05) headers['x-tenant-id'] = pick([text(), known.tenantSlug]).replace(/[^\x20-\x7e]/g, '');
    return { method: route.method, url: `${url}${query ? `?${query}` : ''}`, headers, ...(payload === undefined ? {} : { payload }) };
  };
}
