import { statusIdOf, statusLabelOf, type DashboardResponse, type LeadListResponse } from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, createApplication, signInAndWait, transitionByApi, say } from './support';

/*
 * An application waiting on an automated stage (identity validation here: the seed leaves some there) has no
 * status a person may choose: its "Cambiar estado" card says what it waits for and who moves it on, rather
 * than that the role has nothing to do.
 */

// col's risk team may run the stage too (the workflow's table).
const WAITING = `La solicitud espera la validación de identidad: la procesa ${COUNTRY === 'col' ? 'el sistema, el back office o el equipo de riesgo' : 'el sistema o el back office'}.`;
const NOTHING = say('No hay cambios de estado disponibles para tu rol desde el estado actual.');

/** The first lead at the status, as the signed-in user's API lists them. */
async function leadAt(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/api/${COUNTRY}/leads?status=${statusIdOf(COUNTRY, name)}&pageSize=10`);
  expect(response.status(), await response.text()).toBe(200);
  const leads = (await response.json()) as LeadListResponse;
  expect(leads.rows.length, `a seeded lead at ${name}`).toBeGreaterThan(0);
  return leads.rows[0].id;
}

const leadInIdentityValidation = (page: Page) => leadAt(page, 'VALIDATION_IN_PROGRESS');

const statusCard = (page: Page) => page.locator('.MuiCard-root').filter({ has: page.getByText('Cambiar estado', { exact: true }) });

test('customer service, who may not run the stage, reads what the application waits for', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndWait(page, `atc@${COUNTRY}.example`);
  const id = await leadInIdentityValidation(page);
  await page.goto(`/lead-detail?id=${id}`);
  await expect(statusCard(page).getByTestId('automated-stage-wait')).toHaveText(WAITING);
  await expect(page.getByText(NOTHING)).toHaveCount(0);
});

test('the back office, who may run it, reads the same above the button that runs it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndWait(page, `supervisor@${COUNTRY}.example`);
  const id = await leadInIdentityValidation(page);
  await page.goto(`/lead-detail?id=${id}`);
  const card = statusCard(page);
  await expect(card.getByTestId('automated-stage-wait')).toHaveText(WAITING);
  await expect(card.getByRole('button', { name: 'Ejecutar validación de identidad' })).toBeVisible();
  await expect(page.getByText(NOTHING)).toHaveCount(0);
});

test('a status a person moves on still says when the role has nothing to do there', async ({ page }) => {
  await signInAndWait(page, `atc@${COUNTRY}.example`);
  // In audit: only the audit case decides, and customer service has no move there.
  await page.goto(`/lead-detail?id=${await leadAt(page, 'AUDIT_PENDING')}`);
  await expect(statusCard(page)).toContainText(NOTHING);
  await expect(statusCard(page).getByTestId('automated-stage-wait')).toHaveCount(0);
});

test('a stage whose service does not answer is stopped and says so, a person running it is told why nothing changed, and the back office queues it again from the dashboard', async ({
  page,
}) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  // Every simulated service fails for a document ending in STAGE_SIMULATE_FAIL_SUFFIX (99999 by default).
  const { id } = await createApplication(page, '99999');
  const first = COUNTRY === 'arg' ? { status: 'PREFILTER', run: 'Ejecutar prefiltro' } : { status: 'KILLER', run: 'Ejecutar killer' };
  // The stage's run failed: the application waits at its status (the e2e server stops a stage at its first
  // failure, STAGE_MAX_ATTEMPTS 1; by default the system retries it 4 times first).
  expect((await transitionByApi(page, id, first.status)).status_id).toBe(statusIdOf(COUNTRY, first.status));

  await page.goto(`/lead-detail?id=${id}`);
  const card = statusCard(page);
  await expect(card.getByTestId('stage-failure')).toHaveText(
    'La etapa automática falló una vez y el sistema dejó de reintentarla: debe ejecutarla el back office.',
  );
  await card.getByRole('button', { name: first.run }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByText(say('El servicio externo de esta etapa no respondió: el estado no cambió. Vuelve a intentarlo en unos minutos.')),
  ).toBeVisible();
  await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', first.status);

  // The back office's dashboard lists it among the stopped stages, with the API's numbers.
  const failures = ((await (await page.request.get(`/api/${COUNTRY}/dashboard`)).json()) as DashboardResponse).stage_failures!;
  expect(failures.leads.map((lead) => lead.lead_id)).toContain(id);
  await page.goto('/');
  const block = page.getByTestId('block-stage-failures');
  await expect(block.getByRole('heading', { name: 'Etapas automáticas con fallas' })).toBeVisible();
  await expect(block.getByTestId('stage-failures-stopped')).toHaveText(String(failures.stopped));
  // Its service answers again (here it does not): the stopped stages are queued again at once.
  await block.getByRole('button', { name: 'Reintentar las detenidas' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(/^(La etapa detenida vuelve|\d+ etapas detenidas vuelven) a intentarse ahora\.$/)).toBeVisible();
  await block.getByRole('link', { name: `#${id} · ${statusLabelOf(COUNTRY, statusIdOf(COUNTRY, first.status)!)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/lead-detail\\?id=${id}$`));
});
