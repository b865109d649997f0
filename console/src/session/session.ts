import { useSyncExternalStore } from 'react';
import type { Admin, Permissions, Role, Tenant } from '../api/types.ts';

/** Who is signed in to this browser tab. Kept in sessionStorage: it ends with the tab. */
export type Session =
  | {
      kind: 'admin';
      /** The administrator's own token (no tenant), used to list and switch tenants. */
      adminToken: string;
      /** The token every call uses: the admin token that selects `tenant`, once one is chosen. */
      token: string;
      admin: Admin;
      tenant: Pick<Tenant, 'id' | 'name' | 'slug'> | null;
    }
  | {
      kind: 'user';
      token: string;
      tenant: { slug: string };
      user: { id: string; email: string; name: string; role: Role; permissions: Permissions };
    };

const KEY = 'tenantbase.console.session';
const listeners = new Set<() => void>();
let current: Session | null = read();
/** Why the last session ended without the person asking (shown on the sign-in page). */
let endedBecause: string | null = null;

function read(): Session | null {
  try {
    const text = sessionStorage.getItem(KEY);
    return text ? (JSON.parse(text) as Session) : null;
  } catch {
    return null;
  }
}

export const sessionStore = {
  get: (): Session | null => current,
  set(next: Session | null, reason: string | null = null): void {
    current = next;
    endedBecause = next ? null : reason;
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
    for (const listener of listeners) listener();
  },
  endedBecause: (): string | null => endedBecause,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** The signed-in session; only for components rendered inside the signed-in shell. */
export function useSignedIn(): Session {
  const session = useSession();
  if (!session) throw new Error('useSignedIn outside the signed-in shell');
  return session;
}

/** The tenant the session works in (slug), if any. */
export const tenantSlugOf = (session: Session | null): string | undefined =>
  session?.kind === 'user' ? session.tenant.slug : (session?.tenant?.slug ?? undefined);
