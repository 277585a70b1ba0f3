import {
  buildCbu,
  buildCuil,
  statusIdOf,
  type ArgLeadCreateInput,
  type ColLeadCreateInput,
  type LeadDetail,
  type LeadListResponse,
  type SaleDetail,
  inVoice,
} from '@backoffice/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, request, test } from '@playwright/test';
import { TAB_SNAPSHOT_PREFIX } from './reporters/error-context';

/** The browser tests run against the default build country. */
export const COUNTRY = (process.env.VITE_COUNTRY ?? 'arg') as 'arg' | 'col';
/** A text the app writes in tú, as this build says it (arg voseo, col usted). */
export const say = (text: string): string => inVoice(COUNTRY, text);
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
 * For a spec whose tests open further tabs or browsers: when one of its tests fails, every other open page
 * is attached as its address and accessibility snapshot. Playwright's own error context shows the test's
 * `page` alone, which is the wrong page when the step that failed ran in another tab.
 */
export function snapshotOtherTabsOnFailure(): void {
  test.afterEach(async ({ page, browser }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const others = browser
      .contexts()
      .flatMap((context) => context.pages())
      .filter((tab) => tab !== page && !tab.isClosed());
    for (const [index, tab] of others.entries()) {
      const snapshot = await tab
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((error: unknown) => `(no snapshot: ${String(error)})`);
      await testInfo.attach(`${TAB_SNAPSHOT_PREFIX}${index + 2}`, { body: `${tab.url()}\n${snapshot}`, contentType: 'text/plain' });
    }
  });
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
        // A GET with a side effect: XSRF-checked like a write.
        const resolved = await api.get(`/api/${COUNTRY}/sales/resolve-call?id=${call.id}`, { headers: { 'X-XSRF-TOKEN': xsrf } });
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
  await field.getByRole('button', { name: new RegExp(`^${say('Elige la fecha')}`) }).click();
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

/**
 * API calls with the page's session: writes, and the GETs with a side effect (resolve-call, postpone-call,
 * logout), echo the XSRF cookie in its header (double submit).
 */
export async function api(page: Page): Promise<{ request: APIRequestContext; headers: Record<string, string> }> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  expect(xsrf, 'the XSRF cookie after signing in').toBeDefined();
  return { request: page.request, headers: { 'X-XSRF-TOKEN': xsrf!.value } };
}

/**
 * A new application for a new customer; the seller who creates it gets it, in CREATED. The simulated
 * automated stages decide by the document's ending (apps/server/src/services/adapters/simulator.ts): by
 * default one that passes every stage (arg 4; col 8, since col's risk sends 4 to manual analysis).
 */
export async function createApplication(seller: Page, docEnding = COUNTRY === 'arg' ? '4' : '8'): Promise<{ id: number; doc: string }> {
  const unique = String(Date.now()).slice(-6);
  const common = {
    first_name: 'Prueba',
    last_name: 'Circuito',
    birth_date: '1988-05-20',
    email: `circuito.${unique}@example.com`,
    term: 12,
  };
  // Where the approved loan is paid (approving needs it).
  const account =
    COUNTRY === 'arg'
      ? { bank_account: buildCbu('2850590', '9400904181352') }
      : { bank: 'Davivienda', bank_account: '055012345678', bank_account_type: 'Ahorros' };
  // arg: an 8-digit DNI and its CUIL; col: a 9-digit CC; the time's last digits keep them new.
  const doc = `${COUNTRY === 'arg' ? '3' : '10'}${unique.slice(docEnding.length - 1)}${docEnding}`;
  const body =
    COUNTRY === 'arg'
      ? ({
          ...common,
          ...account,
          doc_number: doc,
          cuil: buildCuil(doc, 'male'),
          cellphone: '1155554444',
          requested_amount: 250_000,
        } satisfies ArgLeadCreateInput)
      : ({ ...common, ...account, doc_number: doc, cellphone: '3001234567', requested_amount: 5_000_000 } satisfies ColLeadCreateInput);
  const { request, headers } = await api(seller);
  const response = await request.post(`/api/${COUNTRY}/leads`, { data: body, headers });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { id, doc };
}

/** A status change through the API, as the signed-in user of `page` (status by name), from the lead's current version. */
export async function transitionByApi(page: Page, id: number, to: string): Promise<LeadDetail> {
  const { request, headers } = await api(page);
  const current = (await (await request.get(`/api/${COUNTRY}/leads/${id}`)).json()) as LeadDetail;
  const response = await request.post(`/api/${COUNTRY}/leads/${id}/transitions`, {
    data: { to_status: statusIdOf(COUNTRY, to), version: current.version },
    headers,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LeadDetail;
}
