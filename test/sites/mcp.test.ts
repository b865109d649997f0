import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { overSocket, sha256, storedRows } from './helpers.js';

describe('static site tools over MCP, and the site over a real socket', () => {
  let s: McpTestService;
  let key: string;
  let otherKey: string;
  let port: number;
  beforeAll(async () => {
    s = await startMcpService();
    key = (await s.t.createTenant('Mcp Sites')).apiKey;
    otherKey = (await s.t.createTenant('Mcp Other')).apiKey;
    port = (s.t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await s.close();
  });

  it('deploys with base64 and utf8 files, lists, rolls back and deletes', async () => {
    const client = await connectHttp('streamable', s.mcpBase, key);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);
    const first = await ok(client, 'deploy_static_site', {
      subdomain: 'mcp-site',
      files: [
        { path: 'index.html', content: '<h1>one</h1>' },
        { path: 'img/a.png', content: png.toString('base64'), encoding: 'base64' },
      ],
    });
    expect(first).toMatchObject({
      subdomain: 'mcp-site',
      url: 'http://mcp-site.sites.localhost:3001/',
      version: 1,
      fileCount: 2,
      newFiles: 2,
    });
    const second = await ok(client, 'deploy_static_site', {
      subdomain: 'mcp-site',
      files: [
        { path: 'index.html', content: '<h1>two</h1>' },
        { path: 'img/a.png', content: png.toString('base64'), encoding: 'base64' },
      ],
    });
    // The image's content is stored once: only the new page is new.
    expect(second).toMatchObject({ version: 2, newFiles: 1 });

    const home = await overSocket(port, 'mcp-site.sites.localhost', '/');
    expect(home.status).toBe(200);
    expect(home.body.toString()).toBe('<h1>two</h1>');
    const image = await overSocket(port, `mcp-site.sites.localhost:${port}`, '/img/a.png');
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.body.equals(png)).toBe(true);
    expect(image.headers.etag).toBe(`"${sha256(png)}"`);

    const listed = await ok(client, 'list_static_sites');
    expect(listed).toEqual([expect.objectContaining({ subdomain: 'mcp-site', liveVersion: 2 })]);

    const rolled = await ok(client, 'rollback_static_site', { subdomain: 'mcp-site', version: 1 });
    expect(rolled).toMatchObject({ liveVersion: 1 });
    expect((await overSocket(port, 'mcp-site.sites.localhost', '/')).body.toString()).toBe('<h1>one</h1>');

    expect(await ok(client, 'delete_static_site', { subdomain: 'mcp-site' })).toEqual({ subdomain: 'mcp-site', deleted: true });
    expect((await overSocket(port, 'mcp-site.sites.localhost', '/')).status).toBe(404);
    await client.close();
  });

  it('answers refusals as isError with the codes of REST, writing nothing', async () => {
    const mine = await connectHttp('streamable', s.mcpBase, key);
    await ok(mine, 'deploy_static_site', { subdomain: 'mcp-taken', files: [{ path: 'index.html', content: 'mine' }] });
    const other = await connectHttp('streamable', s.mcpBase, otherKey);
    const before = await storedRows(s.t);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['deploy_static_site', { subdomain: 'mcp-taken', files: [{ path: 'index.html', content: 'theirs' }] }, 'CONFLICT'],
      ['deploy_static_site', { subdomain: 'api', files: [{ path: 'index.html', content: 'x' }] }, 'VALIDATION_ERROR'],
      ['deploy_static_site', { subdomain: 'mcp-new', files: [{ path: '/etc/passwd', content: 'x' }] }, 'VALIDATION_ERROR'],
      ['deploy_static_site', { subdomain: 'mcp-new' }, 'VALIDATION_ERROR'],
      ['delete_static_site', { subdomain: 'mcp-taken' }, 'NOT_FOUND'],
      ['rollback_static_site', { subdomain: 'mcp-taken', version: 1 }, 'NOT_FOUND'],
      ['rollback_static_site', { subdomain: 'mcp-taken', version: 0 }, 'VALIDATION_ERROR'],
    ];
    for (const [tool, args, code] of cases) {
      const answer = await callTool(other, tool, args);
      expect(answer.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(answer.json.code, `${tool} ${JSON.stringify(args)}`).toBe(code);
    }
    expect(await storedRows(s.t)).toEqual(before);
    expect((await overSocket(port, 'mcp-taken.sites.localhost', '/')).body.toString()).toBe('mine');
    await mine.close();
    await other.close();
  });

  it('takes a deploy larger than BODY_LIMIT over MCP HTTP and over /api/tools (the stdio server path)', async () => {
    const big = Buffer.alloc(1536 * 1024, 7).toString('base64');
    const client = await connectHttp('streamable', s.mcpBase, key);
    const viaMcp = await ok(client, 'deploy_static_site', {
      subdomain: 'mcp-big',
      files: [{ path: 'big.bin', content: big, encoding: 'base64' }],
    });
    expect(viaMcp).toMatchObject({ version: 1, totalBytes: 1536 * 1024 });
    await client.close();
    const viaTools = await s.t.post(
      '/api/tools/deploy_static_site',
      { subdomain: 'mcp-big', files: [{ path: 'big.bin', content: big, encoding: 'base64' }] },
      { apiKey: key },
    );
    expect(viaTools.status).toBe(200);
    expect(viaTools.body.data).toMatchObject({ version: 2, newFiles: 0 });
    // Other tools keep the service's BODY_LIMIT.
    const other = await s.t.post('/api/tools/list_static_sites', { padding: 'x'.repeat(1536 * 1024) }, { apiKey: key });
    expect(other.status).toBe(413);
  });

  it('serves the API as before on hosts that are not sites, over the socket', async () => {
    const res = await overSocket(port, `127.0.0.1:${port}`, '/api/health');
    expect(JSON.parse(res.body.toString())).toMatchObject({ success: true });
  });
});
