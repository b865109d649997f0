import { describe, expect, it } from 'vitest';
import { hashSecret } from '../auth/tokens.js';
import { newSessionToken, sessionTokenTenant } from './session-token.js';

const TENANT = '3f2b6a1c-9d4e-4f5a-8b7c-0123456789ab';

describe('session tokens', () => {
  it('carry their tenant and at least 128 random bits, and are stored as their hash', () => {
    const { token, hash } = newSessionToken(TENANT);
    expect(sessionTokenTenant(token)).toBe(TENANT);
    expect(hash).toBe(hashSecret(token));
    const secret = token.split('_').slice(2).join('_');
    expect(Buffer.from(secret, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(newSessionToken(TENANT).token).not.toBe(token);
  });

  it.each(['', 'tbk_abc', 'tbs_', `tbs_${'g'.repeat(32)}_${'a'.repeat(43)}`, `tbs_${'a'.repeat(32)}_short`, 'a.b.c'])(
    'recognises no tenant in %j',
    (token) => {
      expect(sessionTokenTenant(token)).toBeNull();
    },
  );
});
