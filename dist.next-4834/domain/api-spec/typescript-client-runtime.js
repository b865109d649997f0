import { ERROR_CODES } from "../../errors.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../records/list-limits.js";
const CLIENT_RUNTIME = `/** The service's error codes (the \`error.code\` of every refusal). */
export type ErrorCode = ${ERROR_CODES.map((c) => JSON.stringify(c)).join(" | ")};

export interface ErrorDetail {
  readonly field?: string;
  readonly message: string;
}

/** A refusal of the service: \`code\` says what kind (e.g. VALIDATION_ERROR), \`details\` which fields. */
export class TenantbaseError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'TenantbaseError';
  }
}

export interface ClientOptions {
  /** The service's address, e.g. http://localhost:3001 (with or without /api). */
  baseUrl: string;
  /** A tenant API key (X-API-Key), or */
  apiKey?: string;
  /** a tenant-user or admin token (Authorization: Bearer). */
  token?: string;
  /** Tenant slug or id (X-Tenant-ID); defaults to the tenant this client was generated for. */
  tenant?: string;
  fetch?: typeof fetch;
}

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A page of a list: \`limit\` defaults to ${DEFAULT_PAGE_SIZE} and is at most ${MAX_PAGE_SIZE}. */
export interface Page<R> {
  readonly data: readonly R[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
  readonly totalPages: number;
}

export type SortOrder = 'asc' | 'desc';

/** A filter on one field: a value (equality) or operators, e.g. \`{ gte: 10, lt: 20 }\`, \`{ in: ['a', 'b'] }\`. */
export type FilterOps<T, Op extends string> =
  | ([T] extends [never] ? never : T)
  | { readonly [K in Op]?: K extends 'isNull' ? boolean : K extends 'in' ? readonly T[] : T };

export interface ListParams<Sort extends string, Filter> {
  page?: number;
  limit?: number;
  sort?: Sort;
  order?: SortOrder;
  /** Text search across text, textarea, email and select fields (case and accents ignored). */
  search?: string;
  filter?: Filter;
}

/** A relation with \`resolve: true\`: the related record's id, name and data. */
export interface Related<D> {
  readonly id: string;
  readonly name: string;
  readonly data: D;
}

export interface Deleted {
  readonly id: string;
  readonly deleted: true;
}

export class Http {
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly fetch: typeof fetch;

  constructor(options: ClientOptions) {
    const url = options.baseUrl.replace(/\\/+$/, '');
    this.base = url.endsWith('/api') ? url : \`\${url}/api\`;
    this.fetch = options.fetch ?? fetch;
    this.headers = { accept: 'application/json' };
    if (options.apiKey) this.headers['x-api-key'] = options.apiKey;
    if (options.token) this.headers.authorization = \`Bearer \${options.token}\`;
    if (options.tenant) this.headers['x-tenant-id'] = options.tenant;
  }

  async call(method: string, path: string, query?: URLSearchParams, body?: unknown): Promise<unknown> {
    const encoded = query ? query.toString() : '';
    const search = encoded ? \`?\${encoded}\` : '';
    const headers = body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' };
    const response = await this.fetch(\`\${this.base}\${path}\${search}\`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let envelope: { success?: boolean; data?: unknown; error?: { code?: string; message?: string; details?: ErrorDetail[] } };
    try {
      envelope = text ? (JSON.parse(text) as typeof envelope) : {};
    } catch {
      throw new TenantbaseError('INTERNAL_ERROR', \`\${method} \${path} answered \${response.status} without JSON\`, response.status);
    }
    if (response.ok && envelope.success === true) return envelope.data;
    const error = envelope.error ?? {};
    const code = (${JSON.stringify(ERROR_CODES)} as readonly string[]).includes(error.code ?? '') ? (error.code as ErrorCode) : 'INTERNAL_ERROR';
    throw new TenantbaseError(code, error.message ?? \`HTTP \${response.status}\`, response.status, error.details ?? []);
  }
}

function listQuery(params: ListParams<string, object> & { resolve?: boolean }): URLSearchParams {
  const query = new URLSearchParams();
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.limit !== undefined) query.set('limit', String(params.limit));
  if (params.sort !== undefined) query.set('sort', params.sort);
  if (params.order !== undefined) query.set('order', params.order);
  if (params.search !== undefined) query.set('search', params.search);
  if (params.resolve) query.set('resolve', 'true');
  for (const [key, condition] of Object.entries(params.filter ?? {}) as Array<[string, unknown]>) {
    if (condition === undefined) continue;
    if (typeof condition !== 'object' || condition === null) {
      query.set(\`filter.\${key}\`, String(condition));
      continue;
    }
    for (const [op, value] of Object.entries(condition) as Array<[string, unknown]>) {
      if (value !== undefined) query.set(\`filter.\${key}.\${op}\`, Array.isArray(value) ? value.map(String).join(',') : String(value));
    }
  }
  return query;
}

/** The records of one entity. */
export class EntityClient<Rec, Resolved, Input, Patch, Sort extends string, Filter extends object> {
  private readonly path: string;

  constructor(
    private readonly http: Http,
    entity: string,
  ) {
    this.path = \`/entities/\${encodeURIComponent(entity)}/records\`;
  }

  list(params?: ListParams<Sort, Filter> & { resolve?: false }): Promise<Page<Rec>>;
  list(params: ListParams<Sort, Filter> & { resolve: true }): Promise<Page<Resolved>>;
  async list(params: ListParams<Sort, Filter> & { resolve?: boolean } = {}): Promise<Page<Rec> | Page<Resolved>> {
    return (await this.http.call('GET', this.path, listQuery(params))) as Page<Rec> | Page<Resolved>;
  }

  get(id: string, options?: { resolve?: false }): Promise<Rec>;
  get(id: string, options: { resolve: true }): Promise<Resolved>;
  async get(id: string, options: { resolve?: boolean } = {}): Promise<Rec | Resolved> {
    const query = new URLSearchParams(options.resolve ? { resolve: 'true' } : {});
    return (await this.http.call('GET', \`\${this.path}/\${encodeURIComponent(id)}\`, query)) as Rec | Resolved;
  }

  async create(data: Input): Promise<Rec> {
    return (await this.http.call('POST', this.path, undefined, data)) as Rec;
  }

  async update(id: string, data: Patch): Promise<Rec> {
    return (await this.http.call('PATCH', \`\${this.path}/\${encodeURIComponent(id)}\`, undefined, data)) as Rec;
  }

  async delete(id: string): Promise<Deleted> {
    return (await this.http.call('DELETE', \`\${this.path}/\${encodeURIComponent(id)}\`)) as Deleted;
  }
}
`;
export {
  CLIENT_RUNTIME
};
//# sourceMappingURL=typescript-client-runtime.js.map
