import type { LargeSeed, SeededTenant } from './seed.js';
import { CATEGORIAS, LARGE_ENTITY, pick, random, STATUSES, title, WORDS } from './seed.js';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Workload {
  id: string;
  label: string;
  /** Workloads the bare baseline also answers. */
  baseline: boolean;
  write: boolean;
  next(tenants: readonly SeededTenant[]): BenchRequest;
}

const base = '/api/entities/orders/records';
/** Each request picks a tenant uniformly: most tenants are small (Zipf), a few are large. */
const tenantOf = (tenants: readonly SeededTenant[]) => {
  let t = pick(tenants);
  while (t.orders.length === 0) t = pick(tenants);
  return t;
};
const get = (t: SeededTenant, path: string): BenchRequest => ({ method: 'GET', path, headers: { 'x-api-key': t.apiKey } });
const send = (t: SeededTenant, method: 'POST' | 'PUT', path: string, body: unknown): BenchRequest => ({
  method,
  path,
  headers: { 'x-api-key': t.apiKey, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const WORKLOADS: Workload[] = [
  {
    id: 'W1',
    label: 'get by id',
    baseline: true,
    write: false,
    next: (ts) => {
      const t = tenantOf(ts);
      return get(t, `${base}/${pick(t.orders)}`);
    },
  },
  {
    id: 'W2',
    label: 'list page of 20',
    baseline: true,
    write: false,
    next: (ts) => get(tenantOf(ts), `${base}?limit=20`),
  },
  {
    id: 'W3',
    label: 'filtered + sorted list',
    baseline: false,
    write: false,
    next: (ts) => get(tenantOf(ts), `${base}?filter.status=${pick(STATUSES)}&sort=amount&order=desc&limit=20`),
  },
  {
    id: 'W4',
    label: 'search',
    baseline: false,
    write: false,
    next: (ts) => get(tenantOf(ts), `${base}?search=${encodeURIComponent(pick(WORDS).normalize('NFD').replace(/\p{M}/gu, ''))}&limit=20`),
  },
  {
    id: 'W5',
    label: 'list with resolve',
    baseline: false,
    write: false,
    next: (ts) => get(tenantOf(ts), `${base}?resolve=true&limit=20`),
  },
  {
    id: 'W6',
    label: 'create',
    baseline: true,
    write: true,
    next: (ts) => {
      const t = tenantOf(ts);
      return send(t, 'POST', base, {
        title: title(),
        status: pick(STATUSES),
        amount: Math.round(random() * 10000) / 100,
        customer: pick(t.customers),
      });
    },
  },
  {
    id: 'W7',
    label: 'update',
    baseline: false,
    write: true,
    next: (ts) => {
      const t = tenantOf(ts);
      return send(t, 'PUT', `${base}/${pick(t.orders)}`, { amount: Math.round(random() * 10000) / 100 });
    },
  },
];

/** The single-large-entity shape (bench/seed.ts, seedLargeTenant): one tenant, `productos`. */
const large = `/api/entities/${LARGE_ENTITY}/records`;
const asLarge = (s: LargeSeed, path: string): BenchRequest => ({ method: 'GET', path, headers: { 'x-api-key': s.tenant.apiKey } });

export const LARGE_WORKLOADS: Array<Omit<Workload, 'next'> & { next(seed: LargeSeed): BenchRequest }> = [
  {
    id: 'W1',
    label: 'get by id',
    baseline: true,
    write: false,
    next: (s) => asLarge(s, `${large}/${pick(s.ids)}`),
  },
  {
    id: 'W2',
    label: 'list 20, newest first',
    baseline: true,
    write: false,
    next: (s) => asLarge(s, `${large}?sort=createdAt&order=desc&limit=20`),
  },
  {
    id: 'W3',
    label: 'filter categoria, sort precio desc, 20',
    baseline: true,
    write: false,
    next: (s) => asLarge(s, `${large}?filter.categoria=${pick(CATEGORIAS)}&sort=precio&order=desc&limit=20`),
  },
  {
    id: 'W6',
    label: 'create',
    baseline: true,
    write: true,
    next: (s) => ({
      method: 'POST',
      path: large,
      headers: { 'x-api-key': s.tenant.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ titulo: title(), categoria: pick(CATEGORIAS), precio: Math.round(random() * 100000) / 100 }),
    }),
  },
];
