import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/app.js';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, screenshot, type Browser } from './browser.js';
import { choose, publish, signIn } from './steps.js';

// The second part of the console: business rules, static sites, bots, the channel and "view as",
// against the real service on a free port. The tenant and its entity are made through the API
// (the first story, console.e2e.ts, covers making them in the console).
let t: TestApp;
let browser: Browser;
let page: Page;
let base: string;
let port: number;
let tenant: Awaited<ReturnType<TestApp['createTenant']>>;

const FIRST = '<!doctype html><title>Docs</title><h1>First deploy</h1>\n';
const SECOND = '<!doctype html><title>Docs</title><h1>Second deploy</h1>\n';

beforeAll(async () => {
  t = await createTestApp();
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(origin).port);
  base = `${origin}/console`;
  tenant = await t.createTenant('Rules Shop');
  const made = await t.post(
    '/api/entities',
    {
      definition: {
        entity: { name: 'lines', displayName: 'Lines' },
        fields: [
          { name: 'Item', fieldKey: 'item', fieldType: 'text' },
          { name: 'Qty', fieldKey: 'qty', fieldType: 'integer' },
          { name: 'Price', fieldKey: 'price', fieldType: 'number' },
          { name: 'Total', fieldKey: 'total', fieldType: 'number' },
        ],
      },
      auto_publish: true,
      version_message: 'lines v1',
    },
    { token: tenant.token },
  );
  expect(made.status).toBe(201);
  browser = await launchBrowser();
  page = await browser.page();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The same page at a phone's size: nothing wider than the window, and a screenshot. */
async function onPhone(path: string, ready: string, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}${path}`);
  await page.getByText(ready, { exact: true }).first().waitFor();
  await expectNoHorizontalScroll(page);
  await screenshot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the admin console, part 2', () => {
  it('signs the administrator in to the tenant', async () => {
    await page.goto(`${base}/sign-in`);
    await signIn(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await page.getByRole('button', { name: 'Work in this tenant: Rules Shop' }).click();
    await page.waitForURL(/\/console\/entities$/);
  });

  it('writes a rule, shows the parser error at its position, tests it on sample data and publishes it', async () => {
    await page.getByRole('link', { name: 'Business rules' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Entity' }), 'Lines');
    await page.waitForURL(/\/console\/rules\/lines$/);
    await page.getByRole('button', { name: 'New rule' }).click();
    const editor = page.getByRole('dialog', { name: 'New rule of lines' });
    await editor.getByLabel('Name').fill('Line total');
    const dsl = editor.getByRole('textbox', { name: 'Rule (DSL)' });

    // Not JSON: said in words, with a caret where JSON.parse stopped.
    await dsl.fill('{ "compute": { "total": "qty * price" }');
    await editor.getByRole('button', { name: 'Save as draft' }).click();
    await editor.getByRole('alert').filter({ hasText: 'The rule cannot be read' }).waitFor();

    // The API's parser refuses an unknown field, at its 1-based position: the caret sits under it.
    const typo = '{ "compute": { "total": "qty * pricee" } }';
    await dsl.fill(typo);
    await editor.getByRole('button', { name: 'Save as draft' }).click();
    const where = editor.getByLabel('Where: compute of total');
    await where.waitFor();
    expect(await where.textContent()).toBe('qty * pricee\n      ^');
    const alert = editor.getByRole('alert').filter({ hasText: 'unknown field' });
    expect(await alert.textContent()).not.toContain('VALIDATION_ERROR');
    await editor.getByRole('button', { name: 'Show in the editor' }).click();
    expect(await dsl.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, document.activeElement === el])).toEqual([
      typo.indexOf('pricee'),
      true,
    ]);
    await screenshot(page, '10-rule-editor-error');

    await dsl.fill(
      '{ "compute": { "total": "qty * price" }, "validate": [{ "id": "positive", "condition": "total > 0", "message": "The total must be positive" }] }',
    );
    await editor.getByRole('button', { name: 'Test this rule' }).click();
    const tester = editor.getByRole('region', { name: 'Rule tester' });
    await tester.getByLabel('Sample Qty').fill('3');
    await tester.getByLabel('Sample Price').fill('2.5');
    await tester.getByRole('button', { name: 'Run test' }).click();
    const computed = tester.getByRole('table', { name: 'Computed values' });
    await computed.getByRole('row', { name: /total/ }).waitFor();
    expect(await computed.getByRole('row', { name: /total/ }).textContent()).toBe('total7.5');
    await tester.getByText('Every validation passed.').waitFor();
    await expectAccessible(page, 'rule editor');
    await screenshot(page, '11-rule-tester');

    await editor.getByRole('button', { name: 'Save as draft' }).click();
    await editor.waitFor({ state: 'detached' });
    const rules = page.getByRole('table', { name: 'Rules of lines' });
    await rules
      .getByRole('row', { name: /Line total/ })
      .getByText('draft')
      .waitFor();
    await page.getByRole('button', { name: 'Publish Line total' }).click();
    await rules
      .getByRole('row', { name: /Line total/ })
      .getByText('published')
      .waitFor();
    await expectAccessible(page, 'rules');
    await screenshot(page, '12-rules');

    // The stored rule's tester, from the list.
    await page.getByRole('button', { name: 'Open and test Line total' }).click();
    const drawer = page.getByRole('dialog', { name: 'Rule “Line total”' });
    await drawer.getByLabel('Sample Qty').fill('0');
    await drawer.getByLabel('Sample Price').fill('4');
    await drawer.getByRole('button', { name: 'Run test' }).click();
    await drawer.getByLabel('Validation results').getByText('The total must be positive').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('shows the run of the published rule after a record save', async () => {
    await page.goto(`${base}/records/lines`);
    await page.getByRole('button', { name: 'New record' }).click();
    const drawer = page.getByRole('dialog', { name: 'New record' });
    await drawer.getByLabel('Item').fill('Widget');
    await drawer.getByLabel('Qty').fill('4');
    await drawer.getByLabel('Price').fill('2.5');
    await drawer.getByRole('button', { name: 'Create record' }).click();
    await page.getByRole('button', { name: 'Edit Total of Widget: 10' }).waitFor();

    await page.goto(`${base}/rules/lines`);
    await page.getByRole('tab', { name: 'Run log' }).click();
    const runs = page.getByRole('table', { name: 'Rule runs of lines' });
    const run = runs.getByRole('row', { name: /Line total/ });
    await run.waitFor();
    expect(await run.textContent()).toContain('total = 10');
    expect(await run.textContent()).toContain('qty = 4');
    expect(await run.getByText('passed').count()).toBe(1);
    await expectAccessible(page, 'rule runs');
    await screenshot(page, '13-rule-runs');
    await onPhone('/rules/lines', 'Line total', '13-rules-phone');
  });

  it('declares an index on the entity page, publishes it and shows it ready', async () => {
    await page.goto(`${base}/entities/lines`);
    await page.getByRole('tab', { name: 'Indexes' }).click();
    await page.getByRole('button', { name: 'Edit indexes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Declared indexes' });
    await dialog.getByRole('button', { name: 'Add index' }).click();
    await dialog.getByRole('combobox', { name: 'Index 1 fields' }).click();
    for (const field of ['Qty (qty)', 'Price (price)']) await page.getByRole('option', { name: field, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Index 1 name' }).click();
    await dialog.getByRole('button', { name: 'Save to the draft' }).click();
    await dialog.waitFor({ state: 'detached' });
    const draft = page.getByRole('table', { name: 'Draft indexes' });
    await draft
      .getByRole('row', { name: /qty_price/ })
      .getByText('pending', { exact: true })
      .waitFor();
    await page.getByRole('tab', { name: /Draft changes/ }).click();
    await page.getByRole('region', { name: 'Index changes' }).getByText('qty_price').waitFor();
    await publish(page, 'index on qty and price');
    await page.getByRole('tab', { name: 'Indexes' }).click();
    const live = page.getByRole('table', { name: 'Published indexes' });
    await live
      .getByRole('row', { name: /qty_price/ })
      .getByText('ready', { exact: true })
      .waitFor();
    expect(await live.getByRole('row', { name: /qty_price/ }).textContent()).toContain('qty, price');
    await expectAccessible(page, 'entity indexes');
    await screenshot(page, '20-entity-indexes');
  });

  it('deploys a site twice from files chosen in the browser, rolls back, and the site serves the first bytes', async () => {
    const deploy = async (opener: string, dialogName: string, content: string, version: number) => {
      await page.getByRole('button', { name: opener }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      if (version === 1) await dialog.getByLabel('Subdomain').fill('docs-demo');
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose files' }).click()]);
      await chooser.setFiles([{ name: 'index.html', mimeType: 'text/html', buffer: Buffer.from(content) }]);
      await dialog.getByRole('list', { name: 'Files to deploy' }).getByText('index.html').waitFor();
      await dialog.getByRole('button', { name: 'Deploy 1 file(s)' }).click();
      await dialog.getByText(`Version ${version} is live`).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await page.getByRole('link', { name: 'Static sites' }).click();
    await deploy('New site', 'Deploy a static site', FIRST, 1);
    await deploy('Deploy a new version of docs-demo', 'Deploy a new version of docs-demo', SECOND, 2);
    const history = page.getByRole('table', { name: 'Deploy history of docs-demo' });
    await history.getByRole('row', { name: /^2.*live/ }).waitFor();

    await page.getByRole('button', { name: 'Roll back docs-demo to version 1' }).click();
    await history.getByRole('row', { name: /^1.*live/ }).waitFor();
    expect(await history.getByText('live', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'sites');
    await screenshot(page, '14-sites');

    // Served by Host: the exact bytes of the first deploy, in the browser and over HTTP.
    const served = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'docs-demo.sites.localhost' } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(FIRST);
    const site = await browser.page();
    await site.goto(`http://docs-demo.sites.localhost:${port}/`);
    expect(await site.getByRole('heading', { level: 1 }).textContent()).toBe('First deploy');
    await site.close();
    await onPhone('/sites', 'docs-demo', '14-sites-phone');
  });

  it('registers a bot with its secret shown once, resets the secret and deletes the bot', async () => {
    await page.getByRole('link', { name: 'Bots' }).click();
    await page.getByRole('button', { name: 'New bot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register a bot' });
    await dialog.getByLabel('Name').fill('invoice-sync');
    await choose(page, dialog.getByRole('combobox', { name: 'Role' }), 'viewer — reads records and the schema');
    await dialog.getByRole('button', { name: 'Register bot' }).click();
    const secret = page.getByLabel("The bot's secret");
    await secret.waitFor();
    const first = (await secret.textContent()) ?? '';
    expect(first).toMatch(/^tbot_[0-9a-f]{32}_/);
    await screenshot(page, '15-bot-secret-once');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    const bots = page.getByRole('table', { name: 'Bots' });
    await bots
      .getByRole('row', { name: /invoice-sync/ })
      .getByText('active')
      .waitFor();
    expect(await page.getByText(/^tbot_/).count()).toBe(0);

    await page.getByRole('button', { name: 'Reset secret of invoice-sync' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset secret' }).click();
    await secret.waitFor();
    expect(await secret.textContent()).not.toBe(first);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expectAccessible(page, 'bots');
    await screenshot(page, '16-bots');

    await page.getByRole('button', { name: 'Delete invoice-sync' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete bot' }).click();
    await bots
      .getByRole('row', { name: /invoice-sync/ })
      .getByText('revoked')
      .waitFor();
    await onPhone('/bots', 'invoice-sync', '16-bots-phone');
  });

  it('publishes the channel and shows an execution by another tenant in its audit log', async () => {
    await page.getByRole('link', { name: 'Channel' }).click();
    await page.getByRole('button', { name: 'Publish a channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish the channel' });
    await dialog.getByLabel('Slug').fill('rules-shop-lines');
    await dialog.getByLabel('Name').fill('Rules Shop lines');
    await choose(page, dialog.getByRole('combobox', { name: 'Access to lines' }), 'Read (list, get)');
    await dialog.getByRole('button', { name: 'Publish channel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Channel tools' }).getByText('list_lines').waitFor();
    await expectAccessible(page, 'channel');
    await screenshot(page, '17-channel');

    const consumer = await t.createTenant('Consumer');
    const ran = await t.post('/api/channels/rules-shop-lines/tools/list_lines/execute', {}, { apiKey: consumer.apiKey });
    expect(ran.status).toBe(200);
    const refused = await t.post('/api/channels/rules-shop-lines/tools/create_lines/execute', { data: {} }, { apiKey: consumer.apiKey });
    expect(refused.status).toBe(404);

    await page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = page.getByRole('table', { name: 'Channel audit log' });
    await audit
      .getByRole('row', { name: /list_lines/ })
      .getByText('success')
      .waitFor();
    await audit
      .getByRole('row', { name: /create_lines/ })
      .getByText('refused')
      .waitFor();
    expect(await audit.getByRole('row', { name: /list_lines/ }).textContent()).toContain('consumer');
    await choose(page, page.getByRole('combobox', { name: 'Outcome' }), 'refused');
    await expect.poll(() => audit.getByRole('row', { name: /list_lines/ }).count()).toBe(0);
    await expectAccessible(page, 'channel audit');
    await screenshot(page, '18-channel-audit');
    await onPhone('/channel', 'Rules Shop lines', '18-channel-phone');
  });

  it('shows what a member may do, as the API answers it ("view as")', async () => {
    // A member whose override on `lines` replaces the role's actions: read and delete, no create or update.
    const made = await t.post(
      '/api/auth/tenant/users',
      {
        email: 'mo@example.com',
        name: 'Mo Member',
        password: 'member-pass-1',
        role: 'member',
        permissions: { entities: { lines: ['read', 'delete'] } },
      },
      { token: tenant.token },
    );
    expect(made.status).toBe(201);
    await page.getByRole('link', { name: 'Users & roles' }).click();
    await page.getByRole('button', { name: 'View as mo@example.com' }).click();
    const drawer = page.getByRole('dialog', { name: 'View as Mo Member' });
    await drawer.getByText('Business rules: may read and test').waitFor();
    await drawer.getByText('Static sites: may list').waitFor();
    await drawer.getByText('Bots: no access').waitFor();
    const row = drawer.getByRole('row', { name: /^lines/ });
    await row.getByText('user override').waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['lines', 'no', 'yes', 'no', 'yes', 'user override']);
    // The drawer shows the service's answer for this user, not a table of the console's own.
    const answer = await t.get(`/api/auth/tenant/users/${made.body.data.id}/rights`, { token: tenant.token });
    expect(answer.body.data.entities).toContainEqual({ entity: 'lines', actions: ['read', 'delete'], source: 'override' });
    await expectAccessible(page, 'view as');
    await screenshot(page, '19-view-as-member');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});
