import { createTenantbaseClient, TenantbaseError, unwrap } from '@tenantbase/client';
import { sessionStore } from '../session/session.ts';
import type { Known } from './types.ts';

/** The one way the console reaches the service: the generated typed client, same origin. */
export const api = createTenantbaseClient({
  baseUrl: window.location.origin,
  token: () => sessionStore.get()?.token,
});

type Call<T> = Promise<{ data?: { success?: true; data?: T }; error?: unknown; response: Response }>;

/**
 * `data<Documented>()(api.GET(…))`: the answer's data, typed by the generated client when the
 * OpenAPI document describes it and by the documented shape meanwhile (see `Known`). A 401 on a
 * signed-in call means the session ended (expired, revoked, user deactivated): back to sign-in.
 */
export const data =
  <Documented>() =>
  async <T>(call: Call<T>): Promise<Known<T, Documented>> => {
    try {
      return (await unwrap(call)) as Known<T, Documented>;
    } catch (error) {
      if (error instanceof TenantbaseError && error.code === 'UNAUTHORIZED' && sessionStore.get()) {
        sessionStore.set(null, 'Your session has ended (it expired or was revoked). Please sign in again.');
      }
      throw error;
    }
  };
