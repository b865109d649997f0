import { createHash } from 'node:crypto';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/app.js';

export interface Tenant {
  id: string;
  slug: string;
  token: string;
  apiKey: string;
}

export interface FileSpec {
  path: string;
  content: string;
  encoding?: 'utf8' | 'base64';
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Deploys over REST with the tenant's key; answers the REST response. */
export const deploy = (t: TestApp, tenant: Tenant, subdomain: string, files: FileSpec[]) =>
  t.post('/api/sites', { subdomain, files }, { apiKey: tenant.apiKey });

/** Deploys and fails the test unless it succeeded. */
export async function deployed(t: TestApp, tenant: Tenant, subdomain: string, files: FileSpec[]) {
  const res = await deploy(t, tenant, subdomain, files);
  if (res.status !== 201) throw new Error(`deploy failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { subdomain: string; url: string; version: number; fileCount: number; totalBytes: number; newFiles: number };
}

export const sitesOf = async (t: TestApp, tenant: Tenant) => (await t.get('/api/sites', { apiKey: tenant.apiKey })).body.data as any[];

/** A request to a site by Host, through inject (no socket). */
export function visit(
  t: TestApp,
  subdomain: string,
  url: string,
  options: { method?: 'GET' | 'HEAD' | 'POST' | 'OPTIONS'; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method: options.method ?? 'GET',
    url,
    headers: { host: `${subdomain}.${t.config.sites.domain}:3001`, ...options.headers },
  };
  return t.app.inject(request);
}

/** Rows of every site table, all tenants (a test's look behind the service). */
export async function storedRows(t: TestApp): Promise<Record<'hosts' | 'sites' | 'versions' | 'files' | 'blobs', number>> {
  const { probe } = await import('../helpers/distribution/exceptions.js');
  const [row] = await probe(() =>
    t.db.query<{ hosts: number; sites: number; versions: number; files: number; blobs: number }>(
      `select (select count(*)::int from site_hosts) as hosts, (select count(*)::int from sites) as sites,
              (select count(*)::int from site_versions) as versions, (select count(*)::int from site_files) as files,
              (select count(*)::int from site_blobs) as blobs`,
    ),
  );
  return row!;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 });

/** A request over a real socket to `port`, its target sent exactly as given, naming the site in the Host header. */
export function overSocket(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, agent: keepAlive, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
