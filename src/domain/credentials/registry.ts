import { AppError, unauthorized } from '../../errors.js';
import type { Principal } from '../access/principal.js';

/** Where a credential is presented: the REST API, or the MCP HTTP transports. */
export type Surface = 'rest' | 'mcp';

/** One kind of bearer credential (API key, session token, admin JWT, …). */
export interface CredentialKind {
  readonly name: string;
  /** Surfaces that accept it. */
  readonly surfaces: readonly Surface[];
  /** What to tell a caller who presents a valid one of these on a surface that does not accept it. */
  readonly refusal?: Partial<Record<Surface, string>>;
  /** Cheap shape test (a prefix, the JWT form); `authenticate` decides. */
  matches(token: string): boolean;
  /** The principal behind a valid, live credential; null otherwise. */
  authenticate(token: string): Promise<Principal | null>;
}

/** Every credential kind of the service, for REST and MCP alike; composed once at start. */
export interface CredentialRegistry {
  readonly kinds: readonly CredentialKind[];
  /** The principal behind `token` on `surface`; UNAUTHORIZED (never anonymous) when it is not valid there. */
  authenticate(token: string, surface: Surface): Promise<Principal>;
}

const INVALID: Record<Surface, string> = {
  rest: 'Invalid, expired or revoked credential',
  mcp: 'Invalid, expired or revoked credential; send an API key or a token from tenant_login as Authorization: Bearer <token>',
};

export function createCredentialRegistry(kinds: readonly CredentialKind[]): CredentialRegistry {
  return {
    kinds,
    async authenticate(token, surface) {
      const candidates = kinds.filter((k) => k.matches(token));
      for (const kind of candidates) {
        if (!kind.surfaces.includes(surface)) continue;
        const principal = await kind.authenticate(token);
        if (principal) return principal;
      }
      for (const kind of candidates) {
        const refusal = kind.refusal?.[surface];
        if (refusal && !kind.surfaces.includes(surface) && (await kind.authenticate(token))) throw unauthorized(refusal);
      }
      throw new AppError('UNAUTHORIZED', INVALID[surface]);
    },
  };
}

export const looksLikeJwt = (t: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t);
