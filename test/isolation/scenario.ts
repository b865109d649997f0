import type { TestApp } from '../helpers/app.js';

export interface TenantHandle {
  id: string;
  slug: string;
  /** Admin token with this tenant selected. */
  token: string;
  /** Tenant API key. */
  apiKey: string;
}

/**
 * How one tenant-scoped operation is proven isolated: arrange data in tenant A, call the
 * operation as tenant B (naming A's data where the operation takes a name or id), and assert that
 * B sees nothing of A and that A's data is unchanged. Each scenario makes its own assertions.
 */
export type IsolationScenario = (ctx: { t: TestApp; a: TenantHandle; b: TenantHandle }) => Promise<void>;

/** Scenarios by operation name; each feature's `*.scenarios.ts` contributes its operations'. */
export type IsolationScenarios = Record<string, IsolationScenario>;
