import { CURRENCY, funnelStepsOf, type LeadListResponse, type StepEntry } from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

// The machine is shared with other test runs: columns load as they scroll into view, give them time.
test.describe.configure({ timeout: 90_000 });
const eventually = expect.configure({ timeout: 15_000 });

const number = new Intl.NumberFormat(CURRENCY[COUNTRY].locale);
/** The board's columns in pipeline order (Paso 2 … RECHAZO-AUDITORIA; col: Paso 6 … EXPIRADO). */
const COLUMNS = funnelStepsOf(COUNTRY);
const byLabel = (label: string) => COLUMNS.find((column) => column.label === label)!;

async function openBoard(page: Page) {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  await page.goto('/lead-cards');
  await expect(page.getByRole('heading', { name: 'Tablero de leads', level: 1 })).toBeVisible();
}

const columnOf = (page: Page, column: StepEntry) => page.getByRole('region', { name: column.label, exact: true });
const cardIn = (page: Page, column: StepEntry, id: number) =>
  columnOf(page, column).getByRole('article', { name: `Lead #${id}`, exact: true });

/** A page asked without `count=later`: it always carries its count. */
type CountedPage = LeadListResponse & { count: NonNullable<LeadListResponse['count']> };

/** A column as the API lists it, with the same cookies as the page. */
async function apiColumn(page: Page, column: StepEntry): Promise<CountedPage> {
  const response = await page.request.get(`/api/${COUNTRY}/leads?step=${column.id}&pageSize=25`);
  expect(response.status()).toBe(200);
  return (await response.json()) as CountedPage;
}

const countText = ({ count }: CountedPage) => (count.exact ? number.format(count.total) : `más de ${number.format(count.total)}`);

/** The first card of a column (it must have one) and its id. */
async function firstCard(page: Page, column: StepEntry) {
  const card = columnOf(page, column).getByTestId('lead-card').first();
  await eventually(card).toBeVisible();
  const id = Number((await card.getAttribute('aria-label'))!.replace('Lead #', ''));
  return { card, id };
}

test('the board has one column per step, in pipeline order, each with its API count and cards', async ({ page }) => {
  await openBoard(page);
  await expect(page.getByTestId('lead-cards-column').locator('h2')).toHaveText(COLUMNS.map((column) => column.label));

  for (const column of COLUMNS) {
    const region = columnOf(page, column);
    // Columns load when they scroll into view.
    await region.scrollIntoViewIfNeeded();
    const api = await apiColumn(page, column);
    await eventually(region.getByTestId('column-count')).toHaveText(countText(api));
    await eventually(region.getByTestId('lead-card')).toHaveCount(api.rows.length);
    // Whole on the card: no name, seller or management status cut short.
    const cut = await region
      .getByTestId('lead-card')
      .evaluateAll((cards) =>
        cards.flatMap((card) =>
          [...card.querySelectorAll('h3, p, .MuiChip-label')]
            .filter((text) => text.scrollWidth > text.clientWidth)
            .map((text) => text.textContent),
        ),
      );
    expect(cut, column.label).toEqual([]);
  }

  // A card shows the lead's own fields and opens its detail.
  const first = COLUMNS[0];
  await columnOf(page, first).scrollIntoViewIfNeeded();
  const lead = (await apiColumn(page, first)).rows[0];
  const card = cardIn(page, first, lead.id);
  await expect(card).toContainText(`${lead.customer.first_name} ${lead.customer.last_name}`);
  await expect(card).toContainText(lead.customer.doc_number);
  await expect(card).toContainText(lead.seller?.name ?? 'Sin asignar');
  await expect(card).toContainText(lead.management_status ?? 'Sin gestión');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/lead-detail\\?id=${lead.id}$`));
});

test('“Mover a…” moves a card to the next step once confirmed: it leaves one column for the other and both counts follow', async ({
  page,
}) => {
  await openBoard(page);
  const [from, to] = COLUMNS;
  const { card, id } = await firstCard(page, from);
  const [fromBefore, toBefore] = [await apiColumn(page, from), await apiColumn(page, to)];
  await eventually(columnOf(page, to).getByTestId('column-count')).toHaveText(countText(toBefore));

  await card.getByRole('button', { name: 'Mover a…' }).click();
  // Only the columns this role may move the lead to (arg Paso 2: Paso 3; col Paso 6: Paso 7 and EXPIRADO).
  const expected = COUNTRY === 'arg' ? [to.label] : [to.label, 'EXPIRADO'];
  await eventually(page.getByRole('menuitem').filter({ hasNotText: 'Mover lead' })).toHaveText(expected);
  const choose = async () => {
    if (!(await page.getByRole('menuitem', { name: to.label, exact: true }).isVisible()))
      await card.getByRole('button', { name: 'Mover a…' }).click();
    await page.getByRole('menuitem', { name: to.label, exact: true }).click();
  };
  await choose();
  // Confirmed first: cancelling leaves the card where it was, and nothing is sent.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`¿Pasar el lead #${id} a ${to.label}?`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  expect(((await (await page.request.get(`/api/${COUNTRY}/leads/${id}`)).json()) as { status_id: number }).status_id).toBe(from.id);
  await expect(cardIn(page, from, id)).toBeVisible();

  await choose();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  const notice = page.getByRole('alert').filter({ hasText: `Lead #${id} movido a ${to.label}` });
  await eventually(notice).toBeVisible();
  // The notice leaves the navbar's buttons (profile, theme) uncovered.
  const [noticeBox, navbarBox] = [await notice.boundingBox(), await page.getByRole('banner').boundingBox()];
  expect(noticeBox!.y).toBeGreaterThanOrEqual(navbarBox!.y + navbarBox!.height);
  await eventually(cardIn(page, to, id)).toBeVisible();
  await expect(cardIn(page, from, id)).toHaveCount(0);
  await expect(columnOf(page, from).getByTestId('column-count')).toHaveText(number.format(fromBefore.count.total - 1));
  await expect(columnOf(page, to).getByTestId('column-count')).toHaveText(number.format(toBefore.count.total + 1));
  const moved = await page.request.get(`/api/${COUNTRY}/leads/${id}`);
  expect(((await moved.json()) as { status_id: number }).status_id).toBe(to.id);
});

test("a card's age reads 'just now' under a minute and moves on by itself every 30 s (SPEC 9)", async ({ page }) => {
  await openBoard(page);
  const column = COLUMNS[0];
  const [newest] = (await apiColumn(page, column)).rows;
  expect(newest, `a card in ${column.label}`).toBeDefined();
  // The browser's clock 20 s after the card's application was created.
  await page.clock.install({ time: new Date(Date.parse(newest.created_at) + 20_000) });
  await page.goto('/lead-cards');
  const card = cardIn(page, column, newest.id);
  await eventually(card).toContainText('just now');
  // 40 s later (a refresh at 30 s) it is still under a minute; 30 s more and the next refresh says so.
  await page.clock.runFor(40_000);
  await expect(card).toContainText('just now');
  await page.clock.runFor(30_000);
  await expect(card).toContainText('hace 1 min');
});

test('an AUDITORIA card is decided in Auditorías, not moved on the board', async ({ page }) => {
  await openBoard(page);
  const audit = byLabel('AUDITORIA');
  await columnOf(page, audit).scrollIntoViewIfNeeded();
  const { card } = await firstCard(page, audit);
  await card.getByRole('button', { name: 'Mover a…' }).click();
  await expect(page.getByRole('menuitem', { name: 'Se decide en Auditorías, con el caso tomado' })).toBeVisible();
  for (const label of ['TRANSFERENCIA', 'RE-AUDITORIA', 'RECHAZO-AUDITORIA', 'DEVUELTO']) {
    await expect(page.getByRole('menuitem', { name: label, exact: true })).toHaveCount(0);
  }
});

// Only col has a board move that needs a reason (a stale application to EXPIRADO): arg's are audit decisions.
if (COUNTRY === 'col') {
  test('a move that needs a reason asks for it', async ({ page }) => {
    await openBoard(page);
    const [from, to] = [byLabel('Paso 6'), byLabel('EXPIRADO')];
    await columnOf(page, from).scrollIntoViewIfNeeded();
    const { card, id } = await firstCard(page, from);

    await card.getByRole('button', { name: 'Mover a…' }).click();
    await page.getByRole('menuitem', { name: to.label, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`¿Pasar el lead #${id} a ${to.label}?`);
    await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    await dialog.getByLabel('Motivo').fill('Sin contacto con el cliente desde hace un mes');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();

    await eventually(page.getByText(`Lead #${id} movido a ${to.label}`)).toBeVisible();
    await columnOf(page, to).scrollIntoViewIfNeeded();
    await eventually(cardIn(page, to, id)).toBeVisible();
    await expect(cardIn(page, from, id)).toHaveCount(0);
  });
}

test('dragging greys the columns the card cannot go to, saying why; a refused drop sends nothing', async ({ page }) => {
  await openBoard(page);
  // Paso 2 → Paso 4 (col: Paso 6 → Paso 8) skips a step: the shared transition table refuses it.
  const [from, allowed, refused] = COLUMNS;
  const { card, id } = await firstCard(page, from);
  await eventually(columnOf(page, refused).getByTestId('column-count')).not.toHaveText('…');
  const moves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/transitions')) moves.push(request.url());
  });

  // Native HTML5 drag: press on the card, move over the target column, release.
  await card.hover();
  await page.mouse.down();
  const target = (await columnOf(page, refused).boundingBox())!;
  await page.mouse.move(target.x + target.width / 2, target.y + 60, { steps: 8 });
  await expect(columnOf(page, from)).toHaveAttribute('data-drop', 'source');
  await expect(columnOf(page, allowed)).toHaveAttribute('data-drop', 'allowed');
  await expect(columnOf(page, refused)).toHaveAttribute('data-drop', 'refused');
  await expect(columnOf(page, refused).getByTestId('drop-refused')).toHaveText(
    `No se puede mover a ${refused.label}: no es un paso siguiente de ${from.label}`,
  );
  await expect(columnOf(page, allowed).getByTestId('drop-refused')).toHaveCount(0);
  await page.mouse.up();

  // Nothing was asked of the server, nothing moved, and no column is greyed any more.
  await expect(page.locator('[data-drop]')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(moves).toEqual([]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cardIn(page, from, id)).toBeVisible();
  await expect(cardIn(page, refused, id)).toHaveCount(0);
  const lead = await page.request.get(`/api/${COUNTRY}/leads/${id}`);
  expect(((await lead.json()) as { status_id: number }).status_id).toBe(from.id);
});

test('the board takes the lists’ seller, amount and date filters: every column shows only what they keep', async ({ page }) => {
  await openBoard(page);
  await expect(page.getByRole('combobox', { name: 'Vendedor' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Monto' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Desde' })).toBeVisible();
  const [first] = COLUMNS;
  const all = await apiColumn(page, first);
  const seller = all.rows.find((row) => row.seller)?.seller;
  expect(seller, `a card with a seller in ${first.label}`).toBeDefined();

  await page.goto(`/lead-cards?seller=${seller!.id}`);
  const filtered = (await (
    await page.request.get(`/api/${COUNTRY}/leads?step=${first.id}&seller=${seller!.id}&pageSize=25`)
  ).json()) as CountedPage;
  expect(filtered.rows.length).toBeGreaterThan(0);
  await eventually(columnOf(page, first).getByTestId('column-count')).toHaveText(countText(filtered));
  await eventually(columnOf(page, first).getByTestId('lead-card')).toHaveCount(filtered.rows.length);
  for (const text of await columnOf(page, first).getByTestId('lead-card').allInnerTexts()) expect(text).toContain(seller!.name);

  // A creation date range no lead has: every column seen is empty; Limpiar filtros brings them back.
  await page.goto(`/lead-cards?from=2001-01-01&to=2001-01-02`);
  await eventually(columnOf(page, first).getByTestId('column-count')).toHaveText('0');
  await expect(columnOf(page, first).getByText('Sin leads en este paso')).toBeVisible();
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await eventually(columnOf(page, first).getByTestId('column-count')).toHaveText(countText(all));
});
