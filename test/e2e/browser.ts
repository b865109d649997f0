import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium, installed by the package manager (.ci/run installs it when missing). */
const CHROMIUM = '/usr/bin/chromium';
// Without the background-networking flags Chromium reaches out to Google's services, which this
// closed network refuses; the rest keep a CI run quiet and deterministic.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOTS = join(process.cwd(), 'test-results', 'console');

export interface Browser {
  context: BrowserContext;
  /** A new tab: its own sessionStorage, so its own console session. */
  page(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'tb-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  const errors: string[] = [];
  return {
    context,
    async page(viewport) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      page.setDefaultTimeout(10_000);
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      // Scripts refused by the page's policy, or uncaught exceptions, fail the run.
      expect(errors).toEqual([]);
    },
  };
}

/**
 * axe-core on the page as it is: no critical violation allowed, nor a serious colour-contrast one
 * (text people cannot read); other serious ones are reported.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // The page at rest: a dialog still fading out (or in) has the faded colours of its transition,
  // which axe would measure as unreadable text. Wait for every running animation and transition,
  // then a frame for what their end removes.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Evaluated through the DevTools protocol: the page's own policy rightly refuses inline scripts.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' && v.id !== 'color-contrast');
  if (serious.length) console.warn(`axe (${label}): serious`, serious);
  expect(
    violations.filter((v) => v.impact === 'critical' || (v.impact === 'serious' && v.id === 'color-contrast')),
    `critical axe violations, and serious colour-contrast ones, on ${label}`,
  ).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Nothing wider than the window: the page works at a phone's width (tables scroll inside themselves). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
