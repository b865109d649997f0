import { z } from "zod";
import { deployBodyLimit, prepareDeploy } from "../domain/sites/prepare-deploy.js";
import { deploySite, deleteSite, listSites, rollbackSite } from "../domain/sites/site.service.js";
import { SUBDOMAIN_MAX, SUBDOMAIN_MIN, SUBDOMAIN_PATTERN, siteUrl } from "../domain/sites/subdomain.js";
import { toolRef } from "../errors.js";
import { bind, defineTenantOperation } from "./core/operation.js";
import { integer, timestamp } from "./core/schemas.js";
const subdomain = z.string().trim().toLowerCase().min(SUBDOMAIN_MIN).max(SUBDOMAIN_MAX).regex(SUBDOMAIN_PATTERN, 'lowercase letters and digits, single hyphens inside, e.g. "my-blog"').describe('Subdomain, e.g. "my-blog"');
const siteFile = z.object({
  path: z.string(),
  content: z.string(),
  encoding: z.enum(["utf8", "base64"]).default("utf8")
});
const versionOutput = z.strictObject({
  version: z.number().int(),
  fileCount: z.number().int(),
  totalBytes: z.number().int(),
  createdAt: timestamp,
  live: z.boolean()
});
const siteOutput = z.strictObject({
  subdomain: z.string(),
  url: z.string(),
  liveVersion: z.number().int(),
  fileCount: z.number().int(),
  totalBytes: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
  versions: z.array(versionOutput)
});
const withUrl = (config, site) => ({ ...site, url: siteUrl(config.sites, site.subdomain) });
const deployInput = z.object({ subdomain, files: z.array(siteFile).min(1) });
const deployStaticSite = defineTenantOperation({
  name: "deploy_static_site",
  title: "Deploy static site",
  description: 'Publishes files as the new live version of <subdomain>.<sites domain>, atomically (honours _redirects, _headers). e.g. { "subdomain": "my-blog", "files": [{ "path": "index.html", "content": "<h1>Hi</h1>" }] }',
  input: deployInput,
  output: z.strictObject({
    subdomain: z.string(),
    url: z.string(),
    version: z.number().int(),
    fileCount: z.number().int(),
    totalBytes: z.number().int(),
    newFiles: z.number().int(),
    deployedAt: timestamp
  }),
  mode: "write",
  profile: "all",
  tool: true,
  access: { tenant: "sites.write" },
  rest: [bind({ method: "POST", path: "/api/sites", status: 201, body: deployInput, bodyLimit: deployBodyLimit })],
  prepare: (ctx, input) => prepareDeploy(input.files, ctx.config.sites),
  run: async (ctx, input, prepared) => {
    const result = await deploySite(ctx.tx, input.subdomain, prepared, ctx.services.clock.now());
    return { ...result, url: siteUrl(ctx.config.sites, result.subdomain) };
  }
});
const listStaticSites = defineTenantOperation({
  name: "list_static_sites",
  title: "List static sites",
  description: `Lists the tenant's static sites: [{ subdomain, url, liveVersion, fileCount, totalBytes, versions: [{ version, live, \u2026 }] }], e.g. subdomain "my-blog".`,
  input: z.object({}),
  output: z.array(siteOutput),
  mode: "read",
  profile: "all",
  tool: true,
  access: { tenant: "sites.read" },
  rest: [bind({ method: "GET", path: "/api/sites" })],
  run: async (ctx) => (await listSites(ctx.tx)).map((s) => withUrl(ctx.config, s))
});
const subdomainParams = z.object({ subdomain });
const deleteStaticSite = defineTenantOperation({
  name: "delete_static_site",
  title: "Delete static site",
  description: 'Deletes a static site with all its versions and frees its subdomain, e.g. { "subdomain": "my-blog" }.',
  input: subdomainParams,
  output: z.strictObject({ subdomain: z.string(), deleted: z.literal(true) }),
  mode: "write",
  destructive: true,
  profile: "all",
  tool: true,
  access: { tenant: "sites.write" },
  rest: [bind({ method: "DELETE", path: "/api/sites/:subdomain", params: subdomainParams })],
  run: (ctx, input) => deleteSite(ctx.tx, input.subdomain)
});
const rollbackBody = z.object({ version: integer("version").pipe(z.number().min(1)).describe("A kept version number") });
const rollbackStaticSite = defineTenantOperation({
  name: "rollback_static_site",
  title: "Roll back static site",
  description: `Makes an earlier version of a site live again, at once (the last 10 versions are kept; ${toolRef("list_static_sites")} lists them), e.g. { "subdomain": "my-blog", "version": 3 }.`,
  input: subdomainParams.extend(rollbackBody.shape),
  output: siteOutput,
  mode: "write",
  idempotent: true,
  profile: "advanced",
  tool: true,
  access: { tenant: "sites.write" },
  rest: [bind({ method: "POST", path: "/api/sites/:subdomain/rollback", params: subdomainParams, body: rollbackBody })],
  run: async (ctx, input) => withUrl(ctx.config, await rollbackSite(ctx.tx, input.subdomain, input.version, ctx.services.clock.now()))
});
export {
  deleteStaticSite,
  deployStaticSite,
  listStaticSites,
  rollbackStaticSite
};
//# sourceMappingURL=sites.js.map
