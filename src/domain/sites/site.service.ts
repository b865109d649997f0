import { announceChange } from '../../db/invalidation.js';
import type { TenantTx } from '../../db/with-tenant.js';
import { conflict, notFound, toolRef, validationError } from '../../errors.js';
import type { PreparedDeploy } from './prepare-deploy.js';
import {
  claimHost,
  collectGarbage,
  deleteSiteRow,
  dropVersionsUpTo,
  findSite,
  insertBlobs,
  insertSite,
  insertVersion,
  lastVersionNumber,
  listSiteRows,
  listVersionRows,
  releaseHost,
  setLiveVersion,
  storedHashes,
  type SiteRow,
  type VersionRow,
} from './site.repository.js';
import { isReservedSubdomain } from './subdomain.js';

/** Versions kept per site (the live one among them): any of them can be rolled back to. */
export const KEPT_VERSIONS = 10;

/** The change announced when a site's live files change (deploy, rollback, delete). */
export const siteChangeKey = (subdomain: string) => `site:${subdomain}`;

export interface DeployResult {
  subdomain: string;
  version: number;
  fileCount: number;
  totalBytes: number;
  /** Files whose content this tenant did not store yet (the others are shared by hash). */
  newFiles: number;
  deployedAt: Date;
}

export interface SiteSummary {
  subdomain: string;
  liveVersion: number;
  fileCount: number;
  totalBytes: number;
  createdAt: Date;
  updatedAt: Date;
  versions: Array<{ version: number; fileCount: number; totalBytes: number; createdAt: Date; live: boolean }>;
}

const taken = (subdomain: string) =>
  conflict(`The subdomain "${subdomain}" is taken; choose another (${toolRef('list_static_sites')} shows your sites)`);
const missing = (subdomain: string) =>
  notFound(`No static site "${subdomain}" in this tenant (${toolRef('list_static_sites')} shows yours)`);

/**
 * Stores a deploy as the site's next version and makes it live, in one transaction: visitors see
 * the old version until COMMIT and the new one from then on. The first deploy of a subdomain
 * claims it across tenants (409 when another tenant holds it). Contents are stored once per
 * tenant by hash; versions beyond the last KEPT_VERSIONS are dropped with the blobs no version
 * uses any more.
 */
export async function deploySite(tx: TenantTx, subdomain: string, prepared: PreparedDeploy, now: Date): Promise<DeployResult> {
  if (isReservedSubdomain(subdomain)) throw validationError(`The subdomain "${subdomain}" is reserved; choose another`);
  let site = await findSite(tx, subdomain, { lock: true });
  if (!site) {
    // A concurrent first deploy of this tenant may have claimed it meanwhile: then its site is ours to update.
    if (await claimHost(tx, subdomain, now)) site = await insertSite(tx, subdomain, now);
    else site = await findSite(tx, subdomain, { lock: true });
    if (!site) throw taken(subdomain);
  }
  const version = (await lastVersionNumber(tx, site.id)) + 1;
  const known = await storedHashes(tx, [...prepared.blobs.keys()]);
  const fresh = [...prepared.blobs.values()].filter((b) => !known.has(b.hash));
  await insertBlobs(tx, fresh, now);
  await insertVersion(tx, { siteId: site.id, version, files: prepared.files, totalBytes: prepared.totalBytes }, now);
  await setLiveVersion(tx, site.id, version, now);
  if (version > KEPT_VERSIONS) {
    await dropVersionsUpTo(tx, site.id, version - KEPT_VERSIONS);
    await collectGarbage(tx);
  }
  await announceChange(tx, siteChangeKey(subdomain));
  const newFiles = prepared.files.filter((f) => !known.has(f.hash)).length;
  return { subdomain, version, fileCount: prepared.files.length, totalBytes: prepared.totalBytes, newFiles, deployedAt: now };
}

/** Makes a kept version live again: one UPDATE, no file moves. */
export async function rollbackSite(tx: TenantTx, subdomain: string, version: number, now: Date): Promise<SiteSummary> {
  const site = await findSite(tx, subdomain, { lock: true });
  if (!site) throw missing(subdomain);
  const versions = await listVersionRows(tx, site.id);
  if (!versions.some((v) => v.version === version)) {
    const kept = versions.map((v) => v.version).join(', ');
    throw notFound(`Site "${subdomain}" has no version ${version}; the kept versions are ${kept}`);
  }
  const updated = await setLiveVersion(tx, site.id, version, now);
  await announceChange(tx, siteChangeKey(subdomain));
  return summarize(updated, versions);
}

/** Deletes a site, its versions, the blobs nothing else uses, and frees its subdomain. */
export async function deleteSite(tx: TenantTx, subdomain: string): Promise<{ subdomain: string; deleted: true }> {
  const site = await findSite(tx, subdomain, { lock: true });
  if (!site) throw missing(subdomain);
  await deleteSiteRow(tx, site.id);
  await releaseHost(tx, subdomain);
  await collectGarbage(tx);
  await announceChange(tx, siteChangeKey(subdomain));
  return { subdomain, deleted: true };
}

export async function listSites(tx: TenantTx): Promise<SiteSummary[]> {
  const sites = await listSiteRows(tx);
  if (sites.length === 0) return [];
  const versions = await listVersionRows(tx);
  return sites.map((s) =>
    summarize(
      s,
      versions.filter((v) => v.siteId === s.id),
    ),
  );
}

function summarize(site: SiteRow, versions: readonly VersionRow[]): SiteSummary {
  const live = versions.find((v) => v.version === site.liveVersion);
  return {
    subdomain: site.subdomain,
    liveVersion: site.liveVersion,
    fileCount: live?.fileCount ?? 0,
    totalBytes: live?.totalBytes ?? 0,
    createdAt: site.createdAt,
    updatedAt: site.updatedAt,
    versions: versions.slice(0, KEPT_VERSIONS).map((v) => ({
      version: v.version,
      fileCount: v.fileCount,
      totalBytes: v.totalBytes,
      createdAt: v.createdAt,
      live: v.version === site.liveVersion,
    })),
  };
}
