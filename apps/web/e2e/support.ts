import type { LeadListResponse, SaleDetail } from '@backoffice/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, request } from '@playwright/test';

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

/** The seller accounts (SPEC's SELLER role) that get call reminders. */
export const REMINDED_SELLERS = [`seller@${COUNTRY}.example`, `vendedor.sin.neotel@${COUNTRY}.example`];

/**
 * Resolves every call back still pending on a seller's applications, through the API in a session of its own.
 * A spec that books call backs runs it after each test, passed or failed: a test stopped half-way (a timeout
 * on a busy machine) would otherwise leave a call back that falls due and pops its reminder over the screens
 * of every later spec signed in as that seller. Their sales with a call back come first by the next call.
 */
export async function resolveEveryCallBack(baseURL: string, email: string): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    await api.get('/api/health');
    const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await api.post(`/api/${COUNTRY}/auth/login`, {
      data: { email, password: PASSWORD, branch_id: COUNTRY === 'arg' ? 1 : 2 },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(login.status(), await login.text()).toBe(200);
    const sales = (await (await api.get(`/api/${COUNTRY}/sales?sort=next_call_at&dir=asc&pageSize=100`)).json()) as LeadListResponse;
    for (const row of sales.rows) {
      if (row.next_call_at === null) break;
      const sale = (await (await api.get(`/api/${COUNTRY}/sales/${row.id}`)).json()) as SaleDetail;
      for (const call of sale.scheduled_calls) {
        const resolved = await api.get(`/api/${COUNTRY}/sales/resolve-call?id=${call.id}`);
        expect(resolved.status(), await resolved.text()).toBe(200);
      }
    }
  } finally {
    await api.dispose();
  }
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
