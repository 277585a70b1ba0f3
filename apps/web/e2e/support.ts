import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The browser tests run against the default build country. */
export const COUNTRY = (process.env.VITE_COUNTRY ?? 'arg') as 'arg' | 'col';
export const PASSWORD = 'demo1234';

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

export async function signInAndWait(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Types a date ('DD/MM/AAAA', or 'DD/MM/AAAA HH:mm') into a date field (date-fields.tsx) as a person does:
 * from its first section, digits only (each full section moves on to the next).
 */
export async function typeDate(page: Page, field: Locator, text: string) {
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(text.replace(/\D/g, ''));
}
