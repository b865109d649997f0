import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('has working defaults and is frozen', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3001, dataDir: './data', databaseUrl: undefined, bodyLimit: 1024 * 1024, corsOrigins: '*' });
    expect(c).toMatchObject({ databaseTenantContext: 'session', databaseListenUrl: undefined, databaseCallTimeoutMs: 30_000 });
    expect(c.mcp).toMatchObject({ port: 3002, host: '127.0.0.1', toolProfile: 'all', serviceApiUrl: 'http://localhost:3001/api' });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('parses values from the environment', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'a@b.c' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MCP_TOOL_PROFILE: 'everything' }, 'MCP_TOOL_PROFILE'],
    [{ DATABASE_TENANT_CONTEXT: 'statement' }, 'DATABASE_TENANT_CONTEXT'],
    [{ DATABASE_LISTEN_URL: 'http://x' }, 'DATABASE_LISTEN_URL'],
    [{ DATABASE_CALL_TIMEOUT_MS: '0' }, 'DATABASE_CALL_TIMEOUT_MS'],
    [{ DATABASE_CALL_TIMEOUT_MS: 'soon' }, 'DATABASE_CALL_TIMEOUT_MS'],
  ])('stops on %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });
});
