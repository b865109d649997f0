import { TenantbaseError } from '@tenantbase/client';
import { api, data } from './client.ts';
import type { Answer, Body } from './answers.ts';

export type MyChannel = Answer<'get_my_channel'>;
export type ChannelGrant = MyChannel['permissions'];
export type NewChannel = Body<'publish_channel'>;
export type ChannelChanges = Body<'update_channel'>;
export type AuditPage = Answer<'list_channel_audit'>;
export type AuditEntry = AuditPage['data'][number];
export type AuditOutcome = AuditEntry['outcome'];

/** The tenant's channel, published or not; `null` when it never had one. */
export const getMyChannel = () =>
  data<unknown>()(api.GET('/api/my-channel')).catch((error: unknown) => {
    if (error instanceof TenantbaseError && error.code === 'NOT_FOUND') return null;
    throw error;
  });

export const publishChannel = (channel: NewChannel) => data<unknown>()(api.POST('/api/my-channel', { body: channel }));

export const updateChannel = (changes: ChannelChanges) => data<unknown>()(api.PATCH('/api/my-channel', { body: changes }));

export const setChannelPermissions = (permissions: ChannelGrant) =>
  data<unknown>()(api.PUT('/api/my-channel/permissions', { body: { permissions } }));

export const unpublishChannel = () => data<unknown>()(api.DELETE('/api/my-channel'));

export const listChannelAudit = (query: { outcome?: AuditOutcome; tool_name?: string; page: number; limit: number }) =>
  data<unknown>()(api.GET('/api/my-channel/audit', { params: { query } }));
