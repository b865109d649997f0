import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/app.js';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, screenshot, type Browser } from './browser.js';
import { addField, choose, createEntity, publish, signIn } from './steps.js';

// One story through the console, step by step, against the real service on a free port.
let t: TestApp;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/console`;
  browser = await launchBrowser();
  page = await browser.page();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the admin console', () => {
  it('shows the sign-in page to a visitor, accessible at desktop and phone widths', async () => {
    await page.goto(`${base}/`);
    await page.waitForURL(/\/console\/sign-in$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Tenantbase' }).isVisible()).toBe(true);
    await expectAccessible(page, 'sign-in');
    await screenshot(page, '01-sign-in');
    const phone = await browser.page({ width: 390, height: 844 });
    await phone.goto(`${base}/sign-in`);
    await phone.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectNoHorizontalScroll(phone);
    await screenshot(phone, '01-sign-in-phone');
    await phone.close();
  });

  it('refuses a wrong password in words, without the raw envelope', async () => {
    await signIn(page, { email: ADMIN_EMAIL, password: 'wrong-password' });
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await alert.waitFor();
    expect(await alert.textContent()).not.toContain('UNAUTHORIZED');
  });

  it('signs an administrator in, creates a tenant and switches to it', async () => {
    await signIn(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await page.waitForURL(/\/console\/tenants$/);
    await page.getByRole('button', { name: 'New tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a tenant' });
    await dialog.getByLabel('Name').fill('Acme Shop');
    await dialog.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByRole('cell', { name: 'acme-shop' }).waitFor();
    await expectAccessible(page, 'tenants');
    await screenshot(page, '02-tenants');
    await page.getByRole('button', { name: 'Work in this tenant: Acme Shop' }).click();
    await page.waitForURL(/\/console\/entities$/);
  });

  it('creates entities with fields of several types, shows the draft diff and publishes them', async () => {
    await createEntity(page, 'customers');
    await addField(page, { name: 'Full name', type: 'text', required: true });
    await addField(page, { name: 'Email', type: 'email' });
    await page.getByRole('tab', { name: /Draft changes/ }).click();
    await page.getByRole('region', { name: 'Added fields' }).getByText('full_name').waitFor();
    await publish(page, 'first version');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('first version').waitFor();

    await page.getByRole('link', { name: 'Entities' }).click();
    await createEntity(page, 'orders');
    await addField(page, { name: 'Code', type: 'text', required: true });
    await addField(page, { name: 'Total', type: 'number' });
    await addField(page, { name: 'Status', type: 'select', options: ['new', 'paid'] });
    await addField(page, { name: 'Customer', type: 'relation', related: 'customers' });
    await addField(page, { name: 'Paid', type: 'boolean' });
    await expectAccessible(page, 'entity');
    await screenshot(page, '03-entity-fields');
    await publish(page, 'orders v1');
    await page.getByText('Published version 1', { exact: true }).first().waitFor();
  });

  it('creates records, edits one inline with the API message at the field, and picks a relation by searching', async () => {
    await page.goto(`${base}/records/customers`);
    for (const [name, email] of [
      ['Ada Lovelace', 'ada@example.com'],
      ['Grace Hopper', 'grace@example.com'],
    ]) {
      await page.getByRole('button', { name: 'New record' }).click();
      const drawer = page.getByRole('dialog', { name: 'New record' });
      await drawer.getByLabel('Full name').fill(name!);
      await drawer.getByLabel('Email').fill(email!);
      await drawer.getByRole('button', { name: 'Create record' }).click();
      await page.getByRole('button', { name: `Edit Full name of ${name}: ${name}` }).waitFor();
    }
    await page.getByRole('button', { name: 'Edit Email of Ada Lovelace: ada@example.com' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.keyboard.press('Enter');
    await page.getByText(/valid email/i).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.org');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Edit Email of Ada Lovelace: ada@example.org' }).waitFor();

    await page.goto(`${base}/records/orders`);
    for (const [code, total, status, customer] of [
      ['A-1', '120', 'new', 'Ada'],
      ['A-2', '80', 'paid', 'Grace'],
    ]) {
      await page.getByRole('button', { name: 'New record' }).click();
      const drawer = page.getByRole('dialog', { name: 'New record' });
      await drawer.getByLabel('Code').fill(code!);
      await drawer.getByLabel('Total').fill(total!);
      await choose(page, drawer.getByRole('combobox', { name: 'Status' }), status!);
      await drawer.getByRole('combobox', { name: 'Customer' }).fill(customer!);
      await page.getByRole('option', { name: new RegExp(customer!) }).click();
      await drawer.getByRole('button', { name: 'Create record' }).click();
      await page.getByRole('button', { name: `Edit Code of ${code}: ${code}` }).waitFor();
    }
    await expectAccessible(page, 'records');
    await screenshot(page, '04-records');
    await page.getByRole('button', { name: /Edit Customer of A-1: Ada Lovelace/ }).waitFor();
  });

  it('filters with an operator, exports the filtered records as CSV, and edits in bulk with progress', async () => {
    await page.getByRole('button', { name: 'Filter' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Condition 1 field' }), 'Total');
    await choose(page, page.getByRole('combobox', { name: 'Operator' }), 'at least');
    await page.getByRole('textbox', { name: 'Value' }).fill('100');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('1 record(s)').waitFor();
    expect(await page.getByRole('button', { name: /Edit Code of A-2/ }).count()).toBe(0);
    await screenshot(page, '05-records-filtered');

    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('id,code,total,status,customer,paid,createdAt,updatedAt');
    expect(csv).toContain('A-1,120,new');
    expect(csv).not.toContain('A-2');

    await page.getByRole('button', { name: /Remove filter Total/ }).click();
    await page.getByText('2 record(s)').waitFor();
    await page.getByRole('checkbox', { name: 'Select all records on this page' }).check();
    await page.getByRole('button', { name: 'Edit a field…' }).click();
    const bulk = page.getByRole('dialog', { name: 'Set a field on 2 record(s)' });
    await choose(page, bulk.getByRole('combobox', { name: 'Field' }), 'Paid');
    await bulk.getByRole('checkbox', { name: 'New value' }).check();
    await bulk.getByRole('button', { name: 'Apply to 2 record(s)' }).click();
    await page.getByText('2 of 2 done.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Edit Paid of A-2: Yes' }).waitFor();
  });

  it('imports customers from a CSV file after a preview', async () => {
    await page.goto(`${base}/records/customers`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import customers from CSV' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Full name,email,notes\nAlan Turing,alan@example.com,x\nEdsger Dijkstra,not-an-email,y\n'),
    });
    await dialog.getByRole('table', { name: 'Preview of the first rows' }).getByText('"Alan Turing"').waitFor();
    await dialog.getByRole('button', { name: 'Import 2 row(s)' }).click();
    const progress = page.getByRole('dialog', { name: /^Importing 2 row/ });
    await progress.getByText('2 of 2 done, 1 failed.').waitFor();
    await progress.getByRole('button', { name: 'Done' }).click();
    await dialog.getByText(/Row 3: .*email/i).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText('3 record(s)').waitFor();
  });

  it('creates a viewer user and shows their rights as the API answers them ("view as")', async () => {
    await page.getByRole('link', { name: 'Users & roles' }).click();
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel('Email').fill('vera@example.com');
    await dialog.getByLabel('Name').fill('Vera Viewer');
    await dialog.locator('input[type=password]').fill('viewer-pass-1');
    await choose(page, dialog.getByRole('combobox', { name: 'Role' }), 'viewer');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('table', { name: 'Users' }).getByText('vera@example.com', { exact: true }).waitFor();
    await expectAccessible(page, 'users');
    await screenshot(page, '06-users');
    await page.getByRole('button', { name: 'View as vera@example.com' }).click();
    const rights = page.getByRole('table', { name: 'Record rights of vera@example.com' });
    await rights.getByRole('row', { name: /orders/ }).waitFor();
    expect(await rights.getByRole('row', { name: /orders/ }).textContent()).toBe('ordersnoyesnonorole viewer');
    await screenshot(page, '07-view-as');
    await page.keyboard.press('Escape');
  });

  it('makes an API key and shows its secret once', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill('billing app');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByLabel('The new API key');
    await secret.waitFor();
    expect(await secret.textContent()).toMatch(/^tbk_/);
    await screenshot(page, '08-api-key-once');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('cell', { name: 'billing app', exact: true }).waitFor();
    expect(await page.getByText(/^tbk_[A-Za-z0-9_-]{20,}/).count()).toBe(0);
  });

  it('signs the viewer in on a phone and shows a read-only grid', async () => {
    const phone = await browser.page({ width: 390, height: 844 });
    await phone.goto(`${base}/sign-in`);
    await phone.getByRole('tab', { name: 'Tenant user' }).click();
    await phone.getByRole('textbox', { name: 'Tenant' }).fill('acme-shop');
    await signIn(phone, { email: 'vera@example.com', password: 'viewer-pass-1' });
    await phone.waitForURL(/\/console\/entities$/);
    await phone.goto(`${base}/records/orders`);
    await phone.getByText('Read-only: your role lets you read these records, not change them.').waitFor();
    await phone.getByRole('table', { name: 'Records of orders' }).getByText('A-1').waitFor();
    expect(await phone.getByRole('button', { name: 'New record' }).count()).toBe(0);
    expect(await phone.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await phone.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);
    await expectNoHorizontalScroll(phone);
    await expectAccessible(phone, 'viewer records (phone)');
    await screenshot(phone, '09-viewer-records-phone');
    await phone.close();
  });
});
