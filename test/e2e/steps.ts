import type { Locator, Page } from 'playwright-core';

/** Fills the visible sign-in form (whichever tab is open) and submits it. */
export async function signIn(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  const form = page.locator('form:visible');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.locator('input[name=password]').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Picks an option of a Mantine select. */
export async function choose(page: Page, input: Locator, option: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function createEntity(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New entity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an entity' });
  await dialog.getByLabel('Technical name').fill(name);
  await dialog.getByRole('button', { name: 'Create entity' }).click();
  await page.waitForURL(new RegExp(`/console/entities/${name}$`));
}

interface NewField {
  name: string;
  type: string;
  required?: boolean;
  options?: string[];
  related?: string;
}

export async function addField(page: Page, field: NewField): Promise<void> {
  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a field' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(field.name);
  await choose(page, dialog.getByRole('combobox', { name: 'Type' }), field.type);
  if (field.required) await dialog.getByRole('checkbox', { name: 'Required' }).check();
  for (const [i, option] of (field.options ?? []).entries()) {
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: `Option ${i + 1} value` }).fill(option);
  }
  if (field.related) await choose(page, dialog.getByRole('combobox', { name: 'Related entity' }), `${field.related} (${field.related})`);
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: field.name, exact: true }).waitFor();
}

export async function publish(page: Page, message: string): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the draft' });
  await dialog.getByLabel('Version message').fill(message);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await dialog.waitFor({ state: 'detached' });
}
