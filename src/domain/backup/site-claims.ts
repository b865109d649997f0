import type { TenantTx } from '../../db/with-tenant.js';
import { announceChange } from '../../db/invalidation.js';
import { conflict } from '../../errors.js';
import { claimHost } from '../sites/site.repository.js';
import { siteChangeKey } from '../sites/site.service.js';

/** A restored site, and the subdomain it answers on here (another when its own is held by another tenant). */
export interface RestoredSite {
  subdomain: string;
  restoredAs: string;
}

const MAX_SUBDOMAIN = 63;

/** `shop-restored`, `shop-restored-2`, …, shortened to fit the subdomain limit. */
function candidate(subdomain: string, attempt: number): string {
  const suffix = attempt === 1 ? '-restored' : `-restored-${attempt}`;
  return `${subdomain.slice(0, MAX_SUBDOMAIN - suffix.length).replace(/-+$/, '')}${suffix}`;
}

async function heldByThisTenant(tx: TenantTx, subdomain: string): Promise<boolean> {
  const rows = await tx.query('select 1 from site_hosts where tenant_id = $1 and subdomain = $2', [tx.tenantId, subdomain]);
  return rows.length === 1;
}

/**
 * Subdomain claims for the `sites` rows of a restore, before they are inserted (a site row needs
 * its claim: `site_hosts`, global, one tenant per subdomain). A subdomain free here is claimed;
 * one this tenant already holds is kept; one held by another tenant (a copy beside the original, or
 * a service where the name is taken) is not taken over: the site is restored under the first free
 * `<subdomain>-restored[-n]` and reported, so nothing of it is lost and no other tenant's site
 * changes hands. Each restored subdomain is announced, so caches that remembered it as unknown
 * forget that at commit (docs/backup.md "Sites").
 */
export async function claimRestoredSites(
  tx: TenantTx,
  rows: Array<Record<string, unknown>>,
  restored: RestoredSite[],
): Promise<Array<Record<string, unknown>>> {
  for (const row of rows) {
    const subdomain = String(row.subdomain);
    // The claim's date: the site's own creation, as the archive has it.
    const since = new Date(String(row.created_at ?? new Date(0).toISOString()));
    let restoredAs = subdomain;
    if (!(await claimHost(tx, subdomain, since)) && !(await heldByThisTenant(tx, subdomain))) {
      let attempt = 1;
      while (!(await claimHost(tx, (restoredAs = candidate(subdomain, attempt)), since))) {
        if (++attempt > 50) throw conflict(`No free subdomain to restore the site ${subdomain} under (tried ${subdomain}-restored…)`);
      }
    }
    row.subdomain = restoredAs;
    restored.push({ subdomain, restoredAs });
    await announceChange(tx, siteChangeKey(restoredAs));
  }
  return rows;
}
