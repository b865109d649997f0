import { announceChange } from "../../db/invalidation.js";
import { conflict, notFound, toolRef, validationError } from "../../errors.js";
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
  storedHashes
} from "./site.repository.js";
import { isReservedSubdomain } from "./subdomain.js";
const KEPT_VERSIONS = 10;
const siteChangeKey = (subdomain) => `site:${subdomain}`;
const taken = (subdomain) => conflict(`The subdomain "${subdomain}" is taken; choose another (${toolRef("list_static_sites")} shows your sites)`);
const missing = (subdomain) => notFound(`No static site "${subdomain}" in this tenant (${toolRef("list_static_sites")} shows yours)`);
async function deploySite(tx, subdomain, prepared, now) {
  if (isReservedSubdomain(subdomain)) throw validationError(`The subdomain "${subdomain}" is reserved; choose another`);
  let site = await findSite(tx, subdomain, { lock: true });
  if (!site) {
    if (await claimHost(tx, subdomain, now)) site = await insertSite(tx, subdomain, now);
    else site = await findSite(tx, subdomain, { lock: true });
    if (!site) throw taken(subdomain);
  }
  const version = await lastVersionNumber(tx, site.id) + 1;
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
async function rollbackSite(tx, subdomain, version, now) {
  const site = await findSite(tx, subdomain, { lock: true });
  if (!site) throw missing(subdomain);
  const versions = await listVersionRows(tx, site.id);
  if (!versions.some((v) => v.version === version)) {
    const kept = versions.map((v) => v.version).join(", ");
    throw notFound(`Site "${subdomain}" has no version ${version}; the kept versions are ${kept}`);
  }
  const updated = await setLiveVersion(tx, site.id, version, now);
  await announceChange(tx, siteChangeKey(subdomain));
  return summarize(updated, versions);
}
async function deleteSite(tx, subdomain) {
  const site = await findSite(tx, subdomain, { lock: true });
  if (!site) throw missing(subdomain);
  await deleteSiteRow(tx, site.id);
  await releaseHost(tx, subdomain);
  await collectGarbage(tx);
  await announceChange(tx, siteChangeKey(subdomain));
  return { subdomain, deleted: true };
}
async function listSites(tx) {
  const sites = await listSiteRows(tx);
  if (sites.length === 0) return [];
  const versions = await listVersionRows(tx);
  return sites.map(
    (s) => summarize(
      s,
      versions.filter((v) => v.siteId === s.id)
    )
  );
}
function summarize(site, versions) {
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
      live: v.version === site.liveVersion
    }))
  };
}
export {
  KEPT_VERSIONS,
  deleteSite,
  deploySite,
  listSites,
  rollbackSite,
  siteChangeKey
};
//# sourceMappingURL=site.service.js.map
