import AxeBuilder from '@axe-core/playwright';
import { salesStatusesOf, type AuditQueueResponse, type LeadListResponse } from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { ROLES, demoEmail } from './roles-fixture';
import { COUNTRY, signInAndWait, say } from './support';

/*
 * The main flows on a phone (390 × 844): every list reads one record a line with its filters behind
 * "Filtros", the details keep their actions in a bar at the bottom of the screen, the dashboard fits.
 */

const emailOf = (kind: string) =>
  demoEmail(
    COUNTRY,
    ROLES[COUNTRY].find((r) => r.kind === kind)!,
  );
const WIDTH = 390;

test.use({ viewport: { width: WIDTH, height: 844 } });

/** Nothing scrolls sideways: the page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(WIDTH);
}

/**
 * The elements shown that end past the screen's right edge, or past the edge of a box that clips them (a
 * card, a chart's drawing): values cut short. A box that scrolls sideways (a table scrolling within the page)
 * may hold wider content. As tag#testid.class → right edge, for the failure's message.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    // Visually hidden (a chart's numbers for screen readers): clipped to nothing, however wide its table.
    const hidden = (element: Element): boolean => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip.startsWith('rect') || style.visibility === 'hidden') return true;
      }
      return false;
    };
    const cut = (element: Element, right: number): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return false;
        if (overflow !== 'hidden' && overflow !== 'clip') continue;
        if (right > parent.getBoundingClientRect().right + 0.5) return true;
      }
      return right > width + 0.5;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && cut(element, box.right) && !hidden(element);
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}#${element.getAttribute('data-testid') ?? ''}.${String(element.getAttribute('class')).slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`,
      );
  }, WIDTH);
}

/** The page's serious or critical axe violations (as accessibility.spec.ts reads them), by rule and node. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** The "Filtros" button, its dialog, and the badge's count of the filters set. */
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filtros/ });
const filtersDialog = (page: Page) => page.getByRole('dialog', { name: 'Filtros' });

test('a seller works /sales on a phone: one line a sale, a status filter behind Filtros, a note from the bar', async ({ page }) => {
  await signInAndWait(page, `seller@${COUNTRY}.example`);
  await expect(page).toHaveURL(/\/sales$/);
  const list = page.getByTestId('mobile-list');
  const rows = list.getByTestId('mobile-row');
  await expect(rows.first()).toBeVisible();
  // The compact list, not the grid: no columns to scroll sideways.
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(page.getByTestId('sales-count')).not.toHaveText('Cargando…');
  await expectNoSidewaysScroll(page);
  // The phone's list passes the same accessibility check as the desktop's screens.
  expect(await seriousViolations(page)).toEqual([]);

  // A sales status one of the seller's sales is in: filtered by it, that sale is still listed.
  const own = (await (await page.request.get(`/api/${COUNTRY}/sales?pageSize=100`)).json()) as LeadListResponse;
  const salesStatuses = salesStatusesOf(COUNTRY);
  const sale = own.rows.find((row) => salesStatuses.some((status) => status.id === row.status_id));
  expect(sale, 'a sale of the seller in a sales status').toBeDefined();
  const statusName = salesStatuses.find((status) => status.id === sale!.status_id)!.name;

  await expect(filtersButton(page)).toHaveAccessibleName('Filtros');
  await filtersButton(page).click();
  const dialog = filtersDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Estado de venta' }).click();
  await page.getByRole('option', { name: statusName, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`sales_status=${sale!.status_id}`));
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Ver resultados' }).click();
  await expect(dialog).toBeHidden();
  await expect(filtersButton(page)).toHaveAccessibleName('Filtros, 1 activo');
  await expect(page.getByTestId('filters-badge')).toContainText('1');

  // Every row now reads that status; the sale found opens by a tap on its line.
  await expect(rows.first()).toContainText(statusName);
  await page.goto(`/sales?sales_status=${sale!.status_id}&q=${sale!.customer.doc_number}`);
  await rows
    .filter({ hasText: `#${sale!.id}` })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/sale-detail\\?id=${sale!.id}$`));

  // The bar stays on screen however far the record scrolls, and covers none of it.
  const bar = page.getByRole('toolbar', { name: 'Acciones' });
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Llamar' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Cambiar estado' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar).toBeInViewport();
  const barTop = (await bar.boundingBox())!.y;
  const content = (await page.locator('main .MuiGrid-container').first().boundingBox())!;
  expect(content.y + content.height, 'the last of the record ends above the bar').toBeLessThanOrEqual(barTop + 1);
  await expectNoSidewaysScroll(page);
  expect(await overflowing(page)).toEqual([]);

  // The bar holds the call, the status and the note: the page does not show a second copy of them.
  await expect(page.getByRole('button', { name: 'Llamar', exact: true })).toHaveCount(1);
  await expect(page.getByTestId('sale-transitions')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Nueva nota' })).toHaveCount(0);

  // "Cambiar estado" opens the sale's transitions in a sheet: the one copy of them.
  await bar.getByRole('button', { name: 'Cambiar estado' }).click();
  const statusSheet = page.getByRole('dialog', { name: 'Cambiar estado' });
  await expect(statusSheet).toBeVisible();
  await expect(statusSheet.getByTestId('sale-transitions')).toBeVisible();
  await expect(page.getByTestId('sale-transitions')).toHaveCount(1);
  await statusSheet.getByRole('button', { name: 'Cerrar' }).click();
  await expect(statusSheet).toBeHidden();

  // "Nota": the note is added from the sheet, which closes; the timeline shows it.
  const text = `Nota desde el celular ${Date.now()}`;
  await bar.getByRole('button', { name: 'Nota' }).click();
  const noteSheet = page.getByRole('dialog', { name: 'Nota' });
  await noteSheet.getByRole('textbox', { name: 'Nueva nota' }).fill(text);
  await expect(page.getByRole('textbox', { name: 'Nueva nota' })).toHaveCount(1);
  await noteSheet.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByText('Nota agregada')).toBeVisible();
  await expect(noteSheet).toBeHidden();
  await expect(page.getByText(text).first()).toBeVisible();
});

test('a collector opens their queue on a phone: one line a loan, a bucket filter, the call and management in the bar', async ({ page }) => {
  await signInAndWait(page, emailOf('collector'));
  await expect(page).toHaveURL(/\/collections$/);
  const rows = page.getByTestId('mobile-list').getByTestId('mobile-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  // Each line: the customer, the loan's status by its label, the overdue amount, the days in arrears.
  await expect(rows.first()).toContainText('días de mora');

  await filtersButton(page).click();
  const dialog = filtersDialog(page);
  await dialog.getByRole('combobox', { name: 'Tramo' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/bucket=/);
  await dialog.getByRole('button', { name: 'Ver resultados' }).click();
  await expect(filtersButton(page)).toHaveAccessibleName('Filtros, 1 activo');

  await page.goto('/collections');
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/collection-detail\?id=\d+$/);
  const bar = page.getByRole('toolbar', { name: 'Acciones' });
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Llamar' })).toBeVisible();
  // The call and the management are in the bar only; its sheet holds the one management form.
  await expect(page.getByRole('button', { name: 'Llamar', exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Guardar gestión' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Gestión' }).click();
  await expect(page.getByRole('dialog', { name: 'Gestión' }).getByRole('button', { name: 'Guardar gestión' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar gestión' })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
});

test('a supervisor reads the dashboard on a phone: nothing wider than the screen; the navigation opens from its button', async ({
  page,
}) => {
  await signInAndWait(page, emailOf('supervisor'));
  await page.goto('/');
  await expect(page.getByTestId('dashboard-scope')).toBeVisible();
  // The charts are drawn once their width is known.
  await expect(page.locator('main .MuiBarChart-element').first()).toBeAttached();
  await expectNoSidewaysScroll(page);
  expect(await overflowing(page)).toEqual([]);
  // Nor does any of its tables scroll within its card: they fit.
  const scrolling = await page
    .locator('main')
    .evaluate((main) =>
      [...main.querySelectorAll('*')]
        .filter(
          (element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1,
        )
        .map((element) => element.className),
    );
  expect(scrolling).toEqual([]);

  // The side navigation is closed on a phone; its button opens it, and a link takes the user on.
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Abrir navegación' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page).toHaveURL(/\/leads/);
  await expect(nav).toBeHidden();
  await expect(page.getByTestId('mobile-list').getByTestId('mobile-row').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('an auditor takes a case on a phone: one line a case with its Tomar, the case, its checklist and decision fit the screen', async ({
  page,
}) => {
  await signInAndWait(page, emailOf('auditor'));
  await expect(page).toHaveURL(/\/audits$/);
  const rows = page.getByTestId('mobile-list').getByTestId('mobile-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  const queue = (await (await page.request.get(`/api/${COUNTRY}/audits?pageSize=25`)).json()) as AuditQueueResponse;
  const free = queue.rows.find((item) => item.claim === null && item.decision === null);
  expect(free, "a free case on the queue's first page").toBeDefined();
  await page.goto(`/audits?q=${free!.customer.doc_number}`);
  const line = rows.filter({ hasText: `#${free!.lead_id}` });
  await line.getByRole('button', { name: 'Tomar' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-detail\\?id=${free!.lead_id}$`));
  await expect(page.getByTestId('audit-claim')).toContainText(say('Lo tienes tomado tú'));

  // The checklist and the decision are within reach, nothing runs past the screen's edge.
  await expect(page.getByRole('checkbox', { name: 'Identidad' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aprobar' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await overflowing(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  // Given back: the case stays free for the other specs' auditors.
  await page.getByRole('button', { name: 'Liberar' }).click();
  await expect(page.getByText('Nadie tomó este caso.')).toBeVisible();
});

test('staff open a lead and create one on a phone: the detail and the form fit the screen, a refusal told on its field', async ({
  page,
}) => {
  await signInAndWait(page, emailOf('admin'));
  await page.goto('/leads');
  await expect(page.getByTestId('mobile-list').getByTestId('mobile-row').first()).toBeVisible();
  // A lead's detail: its actions in the bar, its summary and history within the screen.
  await page.getByTestId('mobile-list').getByTestId('mobile-row').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/lead-detail\?id=\d+$/);
  await expect(page.getByRole('toolbar', { name: 'Acciones' })).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Resumen del lead' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await overflowing(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/leads');
  await page.getByRole('button', { name: 'Nuevo lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo lead' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x, 'the form starts at the screen edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the form ends within the screen').toBeLessThanOrEqual(WIDTH);
  await expectNoSidewaysScroll(page);
  expect(await overflowing(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  // Sent empty: each field says what it needs, under itself.
  await dialog.getByRole('button', { name: 'Crear lead' }).click();
  const document = dialog.getByRole('textbox', { name: COUNTRY === 'arg' ? 'DNI' : 'Cédula (CC)' });
  await expect(document).toHaveAttribute('aria-invalid', 'true');
  await document.scrollIntoViewIfNeeded();
  await expect(document).toBeInViewport();
  await expectNoSidewaysScroll(page);
});
