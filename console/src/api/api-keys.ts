import { api, data } from './client.ts';
import type { ApiKey } from './types.ts';

export const listApiKeys = () => data<ApiKey[]>()(api.GET('/api/auth/api-keys'));

/** Answers the key with its secret (`key`), which the service shows only this once. */
export const createApiKey = (name: string, scope: 'tenant' | 'admin') =>
  data<ApiKey & { key: string }>()(api.POST('/api/auth/api-keys', { body: { name, scope } }));

export const revokeApiKey = (id: string) =>
  data<{ id: string; revoked: boolean }>()(api.DELETE('/api/auth/api-keys/{id}', { params: { path: { id } } }));
