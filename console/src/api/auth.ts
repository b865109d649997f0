import { api, data } from './client.ts';
import type { Admin, Permissions, Role, Tenant } from './types.ts';

export const adminLogin = (email: string, password: string) =>
  data<{ token: string; admin: Admin }>()(api.POST('/api/auth/login', { body: { email, password } }));

export const adminLogout = (token: string) =>
  data<{ loggedOut: boolean }>()(api.POST('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } }));

export const tenantLogin = (tenant: string, email: string, password: string) =>
  data<{ token: string; expiresAt: string; user: { id: string; email: string; name: string; role: Role } }>()(
    api.POST('/api/auth/tenant/login', { params: { header: { 'X-Tenant-ID': tenant } }, body: { email, password } }),
  );

export const tenantMe = (token: string) =>
  data<{ id: string; email: string; name: string; role: Role; permissions: Permissions }>()(
    api.GET('/api/auth/tenant/me', { headers: { Authorization: `Bearer ${token}` } }),
  );

export const tenantLogout = () => data<{ loggedOut: boolean }>()(api.POST('/api/auth/tenant/logout'));

export const listTenants = (token?: string) =>
  data<Tenant[]>()(api.GET('/api/auth/tenants', token ? { headers: { Authorization: `Bearer ${token}` } } : {}));

export const createTenant = (body: { name: string; slug?: string; description?: string }) =>
  data<Tenant>()(api.POST('/api/auth/tenants', { body }));

/** A new admin token carrying the tenant; made with the administrator's own token. */
export const selectTenant = (adminToken: string, idOrSlug: string) =>
  data<{ token: string; tenant: Tenant }>()(
    api.POST('/api/auth/tenants/{idOrSlug}/select', {
      params: { path: { idOrSlug } },
      headers: { Authorization: `Bearer ${adminToken}` },
    }),
  );
