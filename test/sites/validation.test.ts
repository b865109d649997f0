import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deploy, deployed, storedRows, visit, type FileSpec, type Tenant } from './helpers.js';

const INDEX: FileSpec[] = [{ path: 'index.html', content: 'ok' }];

/** Refused deploys: the code, the status, and nothing stored (no claim, no site, no version, no blob). */
const REFUSED: Array<{ title: string; subdomain: string; files: unknown; status: number; code: string; message?: RegExp }> = [
  { title: 'subdomain too short', subdomain: 'ab', files: INDEX, status: 400, code: 'VALIDATION_ERROR' },
  { title: 'subdomain too long', subdomain: 'a'.repeat(64), files: INDEX, status: 400, code: 'VALIDATION_ERROR' },
  { title: 'subdomain with a double hyphen', subdomain: 'my--site', files: INDEX, status: 400, code: 'VALIDATION_ERROR' },
  { title: 'subdomain ending in a hyphen', subdomain: 'my-site-', files: INDEX, status: 400, code: 'VALIDATION_ERROR' },
  { title: 'subdomain with a dot', subdomain: 'my.site', files: INDEX, status: 400, code: 'VALIDATION_ERROR' },
  { title: 'subdomain with an underscore', subdomain: 'my_site', files: INDEX, status: 400, code: 'VALIDATION_ERROR' },
  { title: 'reserved www', subdomain: 'www', files: INDEX, status: 400, code: 'VALIDATION_ERROR', message: /reserved/ },
  { title: 'reserved api', subdomain: 'api', files: INDEX, status: 400, code: 'VALIDATION_ERROR', message: /reserved/ },
  { title: 'reserved admin', subdomain: 'ADMIN', files: INDEX, status: 400, code: 'VALIDATION_ERROR', message: /reserved/ },
  { title: 'reserved mcp', subdomain: 'mcp', files: INDEX, status: 400, code: 'VALIDATION_ERROR', message: /reserved/ },
  { title: 'no files', subdomain: 'no-files', files: [], status: 400, code: 'VALIDATION_ERROR' },
  { title: 'files not an array', subdomain: 'not-array', files: { path: 'a' }, status: 400, code: 'VALIDATION_ERROR' },
  {
    title: 'unknown encoding',
    subdomain: 'bad-enc',
    files: [{ path: 'a.txt', content: 'x', encoding: 'hex' }],
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    title: 'invalid base64',
    subdomain: 'bad-b64',
    files: [{ path: 'a.bin', content: 'not base64!', encoding: 'base64' }],
    status: 400,
    code: 'VALIDATION_ERROR',
    message: /base64/,
  },
  {
    title: 'a path given twice',
    subdomain: 'twice',
    files: [
      { path: 'a.txt', content: '1' },
      { path: 'a.txt', content: '2' },
    ],
    status: 400,
    code: 'VALIDATION_ERROR',
    message: /twice/,
  },
  {
    title: 'a path both a file and a folder',
    subdomain: 'file-folder',
    files: [
      { path: 'docs', content: '1' },
      { path: 'docs/a.html', content: '2' },
    ],
    status: 400,
    code: 'VALIDATION_ERROR',
    message: /both a file and a folder/,
  },
  {
    title: 'path over 512 bytes',
    subdomain: 'long-path',
    files: [{ path: `${'a/'.repeat(256)}x`, content: '1' }],
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    title: 'segment over 255 bytes',
    subdomain: 'long-seg',
    files: [{ path: `${'a'.repeat(256)}.html`, content: '1' }],
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    title: 'one bad path among good ones',
    subdomain: 'one-bad',
    files: [...INDEX, { path: 'ok.css', content: 'x' }, { path: 'assets/../../x', content: 'x' }],
    status: 400,
    code: 'VALIDATION_ERROR',
    message: /files\.2\.path/,
  },
  {
    title: 'a _redirects rule forced with !',
    subdomain: 'forced',
    files: [...INDEX, { path: '_redirects', content: '/a /b 301!' }],
    status: 400,
    code: 'VALIDATION_ERROR',
    message: /_redirects.*line 1/,
  },
  {
    title: 'a _redirects proxy rewrite',
    subdomain: 'proxy',
    files: [...INDEX, { path: '_redirects', content: '# ok\n/api/* https://example.com/:splat 200' }],
    status: 400,
    code: 'VALIDATION_ERROR',
    message: /line 2/,
  },
  {
    title: 'a _redirects rule with an unknown status',
    subdomain: 'bad-status',
    files: [...INDEX, { path: '_redirects', content: '/a /b 307' }],
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    title: 'more than 1,000 _redirects rules',
    subdomain: 'many-rules',
    files: [...INDEX, { path: '_redirects', content: Array.from({ length: 1001 }, (_, i) => `/r${i} /x 301`).join('\n') }],
    status: 400,
    code: 'VALIDATION_ERROR',
    message: /1000/,
  },
  {
    title: 'a _headers Set-Cookie',
    subdomain: 'cookie',
    files: [...INDEX, { path: '_headers', content: '/*\n  Set-Cookie: a=b' }],
    status: 400,
    code: 'VALIDATION_ERROR',
    message: /set-cookie/,
  },
  {
    title: 'a _headers header without a path',
    subdomain: 'no-path',
    files: [...INDEX, { path: '_headers', content: '  X-Frame-Options: DENY' }],
    status: 400,
    code: 'VALIDATION_ERROR',
  },
];

describe('deploy_static_site refuses bad input and stores nothing', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await createTestApp({ SITES_MAX_FILES: '5', SITES_MAX_DEPLOY_BYTES: '32768' });
    a = await t.createTenant('Validation');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(REFUSED)('$title', async ({ subdomain, files, status, code, message }) => {
    const before = await storedRows(t);
    const res = await t.post('/api/sites', { subdomain, files }, { apiKey: a.apiKey });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe(code);
    if (message) expect(`${res.body.error.message} ${JSON.stringify(res.body.error.details ?? [])}`).toMatch(message);
    expect(await storedRows(t)).toEqual(before);
    expect((await visit(t, subdomain.toLowerCase(), '/')).statusCode).toBe(404);
  });

  it('refuses more files than SITES_MAX_FILES with 413', async () => {
    const before = await storedRows(t);
    const files = Array.from({ length: 6 }, (_, i) => ({ path: `f${i}.txt`, content: 'x' }));
    const res = await deploy(t, a, 'too-many', files);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedRows(t)).toEqual(before);
  });

  it('refuses more decoded bytes than SITES_MAX_DEPLOY_BYTES with 413, counting base64 as its bytes', async () => {
    const before = await storedRows(t);
    const big = Buffer.alloc(32769, 1).toString('base64');
    const res = await deploy(t, a, 'too-big', [{ path: 'big.bin', content: big, encoding: 'base64' }]);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedRows(t)).toEqual(before);
    // Exactly the limit is fine.
    const fits = Buffer.alloc(32768, 1).toString('base64');
    expect((await deploy(t, a, 'just-fits', [{ path: 'big.bin', content: fits, encoding: 'base64' }])).status).toBe(201);
  });

  it('refuses a body over the deploy route limit with 413 before reading it', async () => {
    const before = await storedRows(t);
    const res = await deploy(t, a, 'huge-body', [{ path: 'a.txt', content: 'x'.repeat(3 * 1024 * 1024) }]);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedRows(t)).toEqual(before);
  });

  it('accepts an upper-case subdomain as its lower-case self', async () => {
    const res = await deploy(t, a, 'Mixed-Case', INDEX);
    expect(res.status).toBe(201);
    expect(res.body.data.subdomain).toBe('mixed-case');
    expect((await visit(t, 'mixed-case', '/')).body).toBe('ok');
  });

  it('lets viewers list sites but not deploy or delete them', async () => {
    await deployed(t, a, 'role-site', INDEX);
    const created = await t.post(
      '/api/auth/tenant/users',
      { email: 'viewer@sites.test', password: 'viewer-pass-1', name: 'V', role: 'viewer' },
      { apiKey: a.apiKey },
    );
    expect(created.status).toBe(201);
    const login = await t.post('/api/auth/tenant/login', { email: 'viewer@sites.test', password: 'viewer-pass-1' }, { tenant: a.slug });
    const token = login.body.data.token as string;
    expect((await t.get('/api/sites', { token })).status).toBe(200);
    const before = await storedRows(t);
    const denied = await t.post('/api/sites', { subdomain: 'viewer-site', files: INDEX }, { token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('FORBIDDEN');
    expect((await t.delete('/api/sites/role-site', { token })).status).toBe(403);
    expect(await storedRows(t)).toEqual(before);
  });
});
