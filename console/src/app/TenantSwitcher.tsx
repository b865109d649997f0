import { Badge, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listTenants, selectTenant } from '../api/auth.ts';
import type { Session } from '../session/session.ts';
import { sessionStore } from '../session/session.ts';
import { notifyError } from '../ui/errors.tsx';

/** Administrators switch tenant here (a new token selecting it); a tenant user sees theirs. */
export function TenantSwitcher({ session }: { session: Session }) {
  if (session.kind === 'user') return <Badge variant="light">{session.tenant.slug}</Badge>;
  return <AdminTenantSwitcher session={session} />;
}

export async function switchTenant(session: Extract<Session, { kind: 'admin' }>, slug: string): Promise<void> {
  const selected = await selectTenant(session.adminToken, slug);
  // Over REST the answer carries the new token (only MCP selects without one).
  if (!selected.token) throw new Error('The service did not answer a token for the tenant');
  const { id, name, slug: chosen } = selected.tenant;
  sessionStore.set({ ...session, token: selected.token, tenant: { id, name, slug: chosen } });
}

function AdminTenantSwitcher({ session }: { session: Extract<Session, { kind: 'admin' }> }) {
  const [busy, setBusy] = useState(false);
  const tenants = useQuery({ queryKey: ['tenants'], queryFn: () => listTenants(session.adminToken) });
  return (
    <Select
      aria-label="Tenant"
      placeholder="Choose a tenant"
      w={{ base: 130, sm: 220 }}
      data={(tenants.data ?? []).map((t) => ({ value: t.slug, label: t.name }))}
      value={session.tenant?.slug ?? null}
      disabled={busy}
      searchable
      nothingFoundMessage="No tenant"
      onChange={(slug) => {
        if (!slug || slug === session.tenant?.slug) return;
        setBusy(true);
        switchTenant(session, slug)
          .catch((error: unknown) => notifyError(error, 'Could not switch tenant'))
          .finally(() => setBusy(false));
      }}
    />
  );
}
