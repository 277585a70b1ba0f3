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
 * over what it shows, from its first section, digits only (each full section moves on to the next), then
 * Tab. Keys pressed before the field has selected its first section are lost (seen once on a busy machine):
 * then the field is cleared and typed again until it shows the text.
 */
export async function typeDate(page: Page, field: Locator, text: string) {
  const first = field.getByRole('spinbutton').first();
  const shown = field.locator('input');
  let attempt = 0;
  await expect(async () => {
    await first.click();
    await expect(first).toBeFocused({ timeout: 1_000 });
    if (attempt++ > 0) {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await first.click();
    }
    await page.keyboard.type(text.replace(/\D/g, ''));
    expect((await shown.inputValue()).replace(/[^\d/: ]/g, '')).toBe(text);
  }).toPass({ timeout: 10_000 });
  // Leaving the field chooses the date (a filter hears of it then, not at each key).
  await page.keyboard.press('Tab');
}

/** Opens a date field's calendar (date-fields.tsx): the dialog it shows. Clicks may follow at once. */
export async function openCalendar(page: Page, field: Locator): Promise<Locator> {
  await field.getByRole('button', { name: /^Elige la fecha/ }).click();
  return page.getByRole('dialog').filter({ has: page.locator('.MuiPickerPopper-paper') });
}

/**
 * How a grid's columns fit its width: `overflow`, how far they reach past it (px); `pastEdge`, the columns
 * whose header ends past its right edge; `cut`, the headers and cells whose text is not shown whole (cut
 * short on its line, or wrapped onto more lines than its cell shows).
 */
export async function gridFit(grid: Locator) {
  return grid.evaluate((root) => {
    const scroller = root.querySelector('.MuiDataGrid-virtualScroller')!;
    const cut = (element: Element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight + 1;
    const headers = [...root.querySelectorAll('.MuiDataGrid-columnHeaderTitle')].filter(cut).map((title) => title.textContent);
    const cells = [...root.querySelectorAll('.MuiDataGrid-row .MuiDataGrid-cell')]
      .filter((cell) => cell.scrollWidth > cell.clientWidth || [...cell.querySelectorAll('.MuiChip-label, :scope > div > span')].some(cut))
      .map((cell) => `${cell.getAttribute('data-field')}: ${cell.textContent}`);
    const right = scroller.getBoundingClientRect().right;
    const pastEdge = [...root.querySelectorAll('.MuiDataGrid-columnHeader')]
      .filter((header) => header.getBoundingClientRect().right > right + 0.5)
      .map((header) => header.getAttribute('data-field'));
    return { overflow: scroller.scrollWidth - scroller.clientWidth, pastEdge, cut: [...headers, ...cells] };
  });
}

/** The lead detail's summary card, whose labels the customer form beside it repeats. */
export const leadSummary = (page: Page) => page.getByRole('region', { name: 'Resumen del lead' });
