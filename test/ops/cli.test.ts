import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_VERSION } from '../../src/services.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../helpers/app.js';
import { cliAgainst } from './cli-harness.js';

/** The `tenantbase` command line, in-process against a test database (the bin itself: process.test.ts). */
describe('tenantbase command line', () => {
  let t: TestApp;
  let cli: ReturnType<typeof cliAgainst>;
  beforeAll(async () => {
    t = await createTestApp();
    cli = cliAgainst(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string) => t.post('/api/auth/login', { email, password });
  const adminEmails = async () => (await t.db.query<{ email: string }>('select email from admins order by email')).map((r) => r.email);

  it('answers --version, --help and help per command', async () => {
    expect(await cli(['--version'])).toMatchObject({ code: 0, out: SERVICE_VERSION });
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'migrate', 'mcp', 'admin', 'backup', 'restore', 'doctor']) expect(help.out).toContain(command);
    const admin = await cli(['help', 'admin']);
    expect(admin.out).toMatch(/create \[options\] <email>/);
    expect(admin.out).toMatch(/reset-password \[options\] <email>/);
    const reset = await cli(['admin', 'reset-password', '--help']);
    expect(reset).toMatchObject({ code: 0 });
    expect(reset.out).toContain('--password-stdin');
  });

  it('refuses an unknown command or option with a non-zero exit', async () => {
    const unknown = await cli(['bogus']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.log).toContain("unknown command 'bogus'");
    expect((await cli(['migrate', '--nope'])).code).not.toBe(0);
  });

  it('admin create: a generated password printed once on stdout logs in', async () => {
    const created = await cli(['admin', 'create', 'Second@Example.com', '--name', 'Second']);
    expect(created.code).toBe(0);
    expect(created.log).toContain('Created the administrator second@example.com');
    expect(created.out).toMatch(/^\S{20,}$/);
    expect((await login('second@example.com', created.out)).status).toBe(200);
  });

  it('admin create with --password-stdin', async () => {
    const created = await cli(['admin', 'create', 'third@example.com', '--password-stdin'], { stdin: 'third-password-1\n' });
    expect(created).toMatchObject({ code: 0, out: '' });
    expect((await login('third@example.com', 'third-password-1')).status).toBe(200);
  });

  it.each([
    ['an existing email', ['admin', 'create', ADMIN_EMAIL], undefined, /already exists/],
    ['a bad email', ['admin', 'create', 'not-an-email'], undefined, /not an email address/],
    ['a short password', ['admin', 'create', 'short@example.com', '--password-stdin'], 'short', /at least 8 characters/],
    ['an empty password', ['admin', 'create', 'empty@example.com', '--password-stdin'], '', /at least 8 characters/],
  ])('admin create refuses %s and writes nothing', async (_case, argv, stdin, message) => {
    const before = await adminEmails();
    const run = await cli(argv, stdin === undefined ? {} : { stdin });
    expect(run.code).not.toBe(0);
    expect(run.log).toMatch(message);
    expect(run.out).toBe('');
    expect(await adminEmails()).toEqual(before);
  });

  it('admin reset-password recovers a lost password without touching anything else', async () => {
    const reset = await cli(['admin', 'reset-password', ADMIN_EMAIL]);
    expect(reset.code).toBe(0);
    expect((await login(ADMIN_EMAIL, reset.out)).status).toBe(200);
    const chosen = await cli(['admin', 'reset-password', ADMIN_EMAIL.toUpperCase(), '--password-stdin'], { stdin: 'chosen-password-9' });
    expect(chosen.code).toBe(0);
    expect((await login(ADMIN_EMAIL, reset.out)).status).toBe(401);
    expect((await login(ADMIN_EMAIL, 'chosen-password-9')).status).toBe(200);
  });

  it('admin reset-password ends the tokens issued before (logins and their tenant selections)', async () => {
    const [email, password] = ['fourth@example.com', 'fourth-password-1'];
    expect((await cli(['admin', 'create', email, '--password-stdin'], { stdin: password })).code).toBe(0);
    const token = (await login(email, password)).body.data.token as string;
    const created = await t.post('/api/auth/tenants', { name: 'Reset Shop' }, { token });
    const selected = (await t.post(`/api/auth/tenants/${created.body.data.slug}/select`, {}, { token })).body.data.token as string;
    expect((await t.get('/api/auth/me', { token: selected })).status).toBe(200);
    const other = (await login(ADMIN_EMAIL, 'chosen-password-9' /* set by the test above */)).body.data.token as string;

    const reset = await cli(['admin', 'reset-password', email, '--password-stdin'], { stdin: 'fourth-password-2' });
    expect(reset.code).toBe(0);
    for (const old of [token, selected]) {
      const me = await t.get('/api/auth/me', { token: old });
      expect(me.status).toBe(401);
      expect(me.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
    expect((await login(email, password)).status).toBe(401);
    const fresh = (await login(email, 'fourth-password-2')).body.data.token as string;
    expect((await t.get('/api/auth/me', { token: fresh })).body.data.admin.email).toBe(email);
    const reselected = await t.post(`/api/auth/tenants/${created.body.data.slug}/select`, {}, { token: fresh });
    expect((await t.get('/api/auth/me', { token: reselected.body.data.token })).status).toBe(200);
    // Another administrator's tokens are untouched.
    expect((await t.get('/api/auth/me', { token: other })).status).toBe(200);
  });

  it.each([
    ['an unknown administrator', ['admin', 'reset-password', 'nobody@example.com'], undefined, /No administrator has the email/],
    ['a short password', ['admin', 'reset-password', ADMIN_EMAIL, '--password-stdin'], '1234567', /at least 8 characters/],
    ['a password over 72 bytes', ['admin', 'reset-password', ADMIN_EMAIL, '--password-stdin'], 'é'.repeat(37), /at most 72 bytes/],
  ])('admin reset-password refuses %s and changes nothing', async (_case, argv, stdin, message) => {
    const [before] = await t.db.query<{ h: string }>('select password_hash as h from admins where email = $1', [ADMIN_EMAIL]);
    const run = await cli(argv, stdin === undefined ? {} : { stdin });
    expect(run.code).not.toBe(0);
    expect(run.log).toMatch(message);
    const [after] = await t.db.query<{ h: string }>('select password_hash as h from admins where email = $1', [ADMIN_EMAIL]);
    expect(after!.h).toBe(before!.h);
  });

  it('doctor: a healthy database passes every check', async () => {
    const run = await cli(['doctor']);
    expect(run.code).toBe(0);
    expect(run.out).not.toContain('FAIL');
    for (const check of ['configuration', 'database', 'migrations: all applied', 'isolation', 'administrators'])
      expect(run.out).toContain(check);
  });

  it('doctor names a bad setting in words', async () => {
    const run = await cli(['doctor'], { env: { PORT: 'eighty', MCP_SERVER_PORT: '3002' } });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/FAIL configuration: .*PORT/s);
    const clash = await cli(['doctor'], { env: { PORT: '4000', MCP_SERVER_PORT: '4000' } });
    expect(clash.code).toBe(1);
    expect(clash.out).toContain('FAIL ports: PORT and MCP_SERVER_PORT are both 4000');
  });

  it('doctor finds a table that row-level security does not bind', async () => {
    await t.db.exec('alter table records no force row level security');
    try {
      const run = await cli(['doctor']);
      expect(run.code).toBe(1);
      expect(run.out).toMatch(/FAIL isolation: .*table records is reachable by tenantbase_app without forced row-level security/);
    } finally {
      await t.db.exec('alter table records force row level security');
    }
    expect((await cli(['doctor'])).code).toBe(0);
  });
});
