import {
  inVoice,
  AUDIT_DECISION_LABELS,
  decisionStatusId,
  statusIdOf,
  statusLabelOf,
  type AuditDetail,
  type AuditQueueResponse,
} from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, gridFit, signInAndWait, say } from './support';

// The demo auditor of the built country (arg role 4, col 'audit').
const auditor = COUNTRY === 'arg' ? 'auditor@arg.example' : 'audit@col.example';
const COMMENT_REQUIRED = inVoice(COUNTRY, 'Escribe un comentario: es obligatorio para rechazar, re-auditar o pedir información');

const queueRows = (page: Page) => page.getByRole('grid', { name: 'Cola de auditoría' }).locator('.MuiDataGrid-row');

test('on a 1280 px screen the queue shows each case with its claim button and its status, without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndWait(page, auditor);
  const grid = page.getByRole('grid', { name: 'Cola de auditoría' });
  const claim = queueRows(page).first().getByRole('button', { name: 'Tomar' });
  await expect(claim).toBeVisible();
  const status = queueRows(page).first().locator('[data-field="status_id"]');
  const gridBox = (await grid.boundingBox())!;
  for (const box of [await claim.boundingBox(), await status.boundingBox()])
    expect(box!.x + box!.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
  expect(await grid.locator('.MuiDataGrid-virtualScroller').evaluate((scroller) => scroller.scrollLeft)).toBe(0);
  // The status column fits the queue's longest label whole.
  const labels = grid.locator('[data-field="status_id"] .MuiChip-label');
  expect(await labels.evaluateAll((elements) => elements.filter((element) => element.scrollWidth > element.clientWidth).length)).toBe(0);
});

test('on a 1366×768 laptop, side navigation open, the queue’s columns fit without scrolling sideways, every value whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndWait(page, auditor);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Cola de auditoría' });
  await expect(queueRows(page).first()).toBeVisible();
  await expect(grid.locator('.MuiDataGrid-columnHeaderTitle')).toHaveText([
    'Lead',
    '',
    'Tomado por',
    'En cola desde',
    'Cliente',
    'Estado',
    'Documento',
    'Monto',
    'Vendedor',
  ]);
  expect(await gridFit(grid)).toEqual({ overflow: 0, pastEdge: [], cut: [] });
});

test('on a 1366×768 laptop the decided cases fit too: no take button or claim columns, the decision’s time in their room', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndWait(page, auditor);
  await page.goto(`/audits?status=${decisionStatusId(COUNTRY, 'approve')}`);
  const grid = page.getByRole('grid', { name: 'Cola de auditoría' });
  await expect(queueRows(page).first()).toBeVisible();
  await expect(grid.locator('.MuiDataGrid-columnHeaderTitle')).toHaveText([
    'Lead',
    'En cola desde',
    'Resuelto el',
    'Cliente',
    'Estado',
    'Documento',
    'Monto',
    'Vendedor',
  ]);
  expect(await gridFit(grid)).toEqual({ overflow: 0, pastEdge: [], cut: [] });
});

/**
 * The first free case on the queue's first page. Every case has the customer's bank account: the workflow
 * sends none to audit without one (the form's no-account warning is for data from before that rule).
 */
async function freeCase(page: Page): Promise<number> {
  const queue = (await (await page.request.get(`/api/${COUNTRY}/audits?pageSize=25`)).json()) as AuditQueueResponse;
  const free = queue.rows.find((item) => item.claim === null && item.decision === null);
  if (!free) throw new Error("the demo queue's first page has no free case");
  const detail = (await (await page.request.get(`/api/${COUNTRY}/audits/${free.lead_id}`)).json()) as AuditDetail;
  expect(detail.lead.customer.bank_account, `case ${free.lead_id}`).not.toBeNull();
  return free.lead_id;
}

test('the auditor claims a free case from the queue and approves it; a reject without comment is refused', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAndWait(page, auditor);
  // Auditors land on their queue (SPEC 6).
  await expect(page).toHaveURL(/\/audits$/);
  await expect(page.getByRole('heading', { name: 'Auditorías' })).toBeVisible();
  await expect(page.getByTestId('audits-count')).not.toHaveText('Cargando…');
  // The status filter names the statuses as the queue's rows do (their step labels).
  await page.getByRole('combobox', { name: 'Estado de auditoría' }).click();
  await expect(page.getByRole('option', { name: 'RE-AUDITORIA (en cola)' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'AUDITORIA (en cola)', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'TRANSFERENCIA', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  // Waiting work has no decision time: the column shows only with a decided status (below).
  await expect(page.getByRole('columnheader', { name: 'Resuelto el' })).toHaveCount(0);

  // A free case of the first page whose customer has an account to pay into (approving needs one).
  const leadId = String(await freeCase(page));
  const row = queueRows(page).filter({ has: page.getByRole('link', { name: `#${leadId}`, exact: true }) });
  await row.getByRole('button', { name: 'Tomar' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-detail\\?id=${leadId}$`));
  await expect(page.getByTestId('audit-claim')).toContainText(say('Lo tienes tomado tú'));

  // Rejecting needs a comment: refused before anything is sent, with the message.
  await page.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText(COMMENT_REQUIRED).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Approving without the checklist: one sentence names every item still to verify, once, on the form (not again in a notice).
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(
    page.getByText('Para aprobar falta verificar: Identidad, Documentación, Firma, Cuenta bancaria y Teléfono', { exact: true }),
  ).toHaveCount(1);
  await expect(page.getByText(/^Para aprobar falta verificar/)).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Approving: every checklist item verified, then confirmed.
  for (const item of ['Identidad', 'Documentación', 'Firma', 'Cuenta bancaria', 'Teléfono']) {
    await page.getByRole('checkbox', { name: item }).check();
  }
  await page.getByLabel('Comentario').fill('Documentación completa');
  await page.getByRole('button', { name: 'Aprobar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Pasa a transferencia');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Auditoría registrada: Aprobar')).toBeVisible();
  await expect(page.getByText('La solicitud no está esperando auditoría.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Historial' }).first()).toContainText('Aprobar');
  await expect(
    page.getByTestId('timeline-item').filter({ hasText: `→ ${statusLabelOf(COUNTRY, statusIdOf(COUNTRY, 'AUDIT_APPROVAL')!)}` }),
  ).toHaveCount(1);

  // Straight on to the oldest case nobody has taken.
  const free = (await (await page.request.get(`/api/${COUNTRY}/audits?claim=unclaimed&pageSize=25`)).json()) as AuditQueueResponse;
  const nextId = free.rows.find((item) => item.decision === null && item.lead_id !== Number(leadId))!.lead_id;
  await page.getByRole('button', { name: 'Siguiente caso libre' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-detail\\?id=${nextId}$`));
  await expect(page.getByText('Nadie tomó este caso.')).toBeVisible();

  // Back in the queue, the case is gone.
  await page.getByRole('link', { name: 'Auditorías' }).first().click();
  await expect(page).toHaveURL(/\/audits$/);
  await expect(page.getByTestId('audits-count')).not.toHaveText('Cargando…');
  await expect(page.getByRole('grid', { name: 'Cola de auditoría' }).getByRole('link', { name: `#${leadId}`, exact: true })).toHaveCount(0);

  // Filtered by its decided status, newest decision first: the case leads the list, with the date and nothing to take.
  await page.goto(`/audits?status=${statusIdOf(COUNTRY, 'AUDIT_APPROVAL')}`);
  await expect(page.getByRole('columnheader', { name: 'Resuelto el' })).toBeVisible();
  const first = queueRows(page).first();
  await expect(first.getByRole('link', { name: `#${leadId}`, exact: true })).toBeVisible();
  await expect(first.getByRole('button')).toHaveCount(0);
  await expect(first.locator('[data-field="decided_at"]')).not.toHaveText('—');
});

test('a queue longer than the count threshold says "más de", pages on, and is counted exactly on request', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInAndWait(page, auditor);
  // The demo queue is short: its count is answered as a long queue's is, stopped at the threshold.
  await page.route(/\/api\/\w+\/audits\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { count: { total: number; exact: boolean } };
    if (!new URL(route.request().url()).searchParams.has('exactCount')) body.count = { total: 10_000, exact: false };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/audits?pageSize=10');
  await expect(page.getByTestId('audits-count')).toHaveText(/^más de 10\.000 casos/);
  await expect(queueRows(page)).toHaveCount(10);
  await expect(page.getByText('1–10 de más de 10.000', { exact: true })).toBeVisible();
  // A full page has a next one, whatever the total.
  await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^11–\d+ de más de 10\.000$/)).toBeVisible();
  // Counting exactly asks the server for every case.
  await page.getByRole('button', { name: 'Contar exacto' }).click();
  await expect(page).toHaveURL(/exactCount=true/);
  await expect(page.getByTestId('audits-count')).toHaveText(/^\d+ casos?$/);
});

test('a case back for re-audit shows its earlier round: the decision and the round’s step and status', async ({ page }) => {
  await signInAndWait(page, auditor);
  const retry = statusIdOf(COUNTRY, 'AUDIT_RETRY')!;
  const queue = (await (await page.request.get(`/api/${COUNTRY}/audits?status=${retry}`)).json()) as AuditQueueResponse;
  const leadId = queue.rows[0].lead_id;
  const detail = (await (await page.request.get(`/api/${COUNTRY}/audits/${leadId}`)).json()) as AuditDetail;
  const [earlier] = detail.history;
  expect(earlier.decision).not.toBeNull();
  await page.goto(`/audit-detail?id=${leadId}`);
  const history = page.locator('.MuiCard-root').filter({ has: page.getByText('Auditorías anteriores', { exact: true }) });
  await expect(history).toContainText(`${AUDIT_DECISION_LABELS[earlier.decision!]} · ${statusLabelOf(COUNTRY, earlier.status_id)}`);
});

test('a refusal of the decision form goes once put right, once a decision is taken, and when the case is left', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndWait(page, auditor);
  const leadId = await freeCase(page);
  await page.goto(`/audit-detail?id=${leadId}`);
  await page.getByRole('button', { name: 'Tomar caso' }).click();
  await expect(page.getByTestId('audit-claim')).toContainText(say('Lo tienes tomado tú'));
  const missing = (items: string) => page.getByText(`Para aprobar falta verificar: ${items}`, { exact: true });
  const anyMissing = page.getByText(/^Para aprobar falta verificar/);

  // Once, on the form (not again in a notice), until the comment it asks for is typed.
  await page.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText(COMMENT_REQUIRED)).toHaveCount(1);
  await page.getByLabel('Comentario').fill('Falta la firma del cliente');
  await expect(page.getByText(COMMENT_REQUIRED)).toHaveCount(0);

  // The checklist's sentence follows what is still missing, and goes with the last item verified.
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(missing('Identidad, Documentación, Firma, Cuenta bancaria y Teléfono')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Identidad' }).check();
  await expect(missing('Documentación, Firma, Cuenta bancaria y Teléfono')).toHaveCount(1);
  await expect(anyMissing).toHaveCount(1);
  for (const item of ['Documentación', 'Cuenta bancaria', 'Teléfono']) await page.getByRole('checkbox', { name: item }).check();
  await expect(missing('Firma')).toHaveCount(1);

  // A decision taken: nothing of the refusal beside its confirmation, nor on the next case.
  await page.getByRole('button', { name: 'Rechazar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Auditoría registrada: Rechazar')).toBeVisible();
  await expect(anyMissing).toHaveCount(0);
  await page.getByRole('button', { name: 'Siguiente caso libre' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/audit-detail\\?id=${leadId}$`));
  await expect(page.getByText('Nadie tomó este caso.')).toBeVisible();
  await expect(anyMissing).toHaveCount(0);

  // A refusal on a case left (given back, then the queue opened) goes with it.
  await page.getByRole('button', { name: 'Tomar caso' }).click();
  await expect(page.getByTestId('audit-claim')).toContainText(say('Lo tienes tomado tú'));
  await page.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText(COMMENT_REQUIRED)).toHaveCount(1);
  await page.getByRole('button', { name: 'Liberar' }).click();
  await expect(page.getByText('Nadie tomó este caso.')).toBeVisible();
  await page.locator('.MuiBreadcrumbs-root').getByRole('link', { name: 'Auditorías' }).click();
  await expect(page).toHaveURL(/\/audits$/);
  await expect(page.getByText(COMMENT_REQUIRED)).toHaveCount(0);
});
