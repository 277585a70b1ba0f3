import { statusIdOf, saleStatusLabelOf, STEP_LABELS, type AuditQueueResponse, type LeadDetail } from '@backoffice/shared';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { COUNTRY, createApplication, signInAndWait, snapshotOtherTabsOnFailure, transitionByApi, say } from './support';

snapshotOtherTabsOnFailure();

/*
 * Issue 4, end to end: a seller takes an application from Paso 2 (col: Paso 6) to AUDITORIA, the identity
 * stage deciding by itself on the way; a stale tab's move is refused with the server's message; an auditor
 * approves the case; the board and the lists show it in TRANSFERENCIA.
 *
 * The test makes its own application, so it does not depend on the seed: the automated stages decide by the
 * last digit of the customer's document (apps/server/src/services/adapters/simulator.ts), and the digit
 * chosen passes every stage on the way (arg 4; col 8, since col's risk sends 4 to manual analysis).
 */

// Screens can be slow to answer on a busy two-core machine: every expectation waits longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

const EMAIL = {
  seller: `seller@${COUNTRY}.example`,
  admin: `admin@${COUNTRY}.example`,
  auditor: COUNTRY === 'arg' ? 'auditor@arg.example' : 'audit@col.example',
};
const STALE = say('El lead fue modificado por otro usuario: revisa sus cambios y vuelve a intentarlo.');

const idOf = (status: string) => statusIdOf(COUNTRY, status)!;
/**
 * A status as the sale screens name it ('Paso 3 · Esperando aprobación del cliente'; a sales status by its sales name,
 * 'CREADO'); the audit statuses read the same on the auditor's screens.
 */
const labelOf = (status: string) => saleStatusLabelOf(COUNTRY, idOf(status));
const stepOf = (status: string) => STEP_LABELS[COUNTRY][status];

/** A seller's move: the button they press (its target) and where the sale lands (an automated stage may move it on). */
interface Move {
  to: string;
  landsOn?: string;
}

const PIPELINE =
  COUNTRY === 'arg'
    ? {
        // CREATED → PREFILTER; prefilter and risk pass (with an offer) and leave it on Paso 2.
        setup: ['PREFILTER'],
        first: 'PHONE_VALIDATION',
        moves: [
          { to: 'PENDING_CUSTOMER_APPROVAL' },
          { to: 'PENDING_IDENTIFICATION' },
          { to: 'VALIDATION_IN_PROGRESS', landsOn: 'VALIDATE_DOCS' },
          { to: 'CARD_PENDING' },
          { to: 'CARD_CONFIRMATION' },
          { to: 'SIGNATURE_PENDING' },
          { to: 'ACCEPTED' },
          { to: 'AUDIT_PENDING' },
        ] satisfies Move[],
      }
    : {
        // CREATED → KILLER (passes) → RISK (passes, with an offer) → the offer accepted → Paso 6.
        setup: ['KILLER', 'RISK', 'APPROVED_OFFER', 'PENDING_CUSTOMER_APPROVAL'],
        first: 'PENDING_CUSTOMER_APPROVAL',
        moves: [
          { to: 'VALIDATION_PENDING' },
          { to: 'VALIDATION_IN_PROGRESS', landsOn: 'VALIDATED' },
          { to: 'SIGNATURE_PENDING' },
          { to: 'ACCEPTED' },
          { to: 'AUDIT_PENDING' },
        ] satisfies Move[],
      };

/** A new context signed in as `email` (each role works in its own browser session). */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await signInAndWait(page, email);
  return page;
}

/** The status chip of the sale (data-status is the status name) and its step label. */
async function expectSaleAt(page: Page, id: number, status: string) {
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', status);
  const summary = page.locator('.MuiCard-root').filter({ hasText: `Venta #${id}` });
  await expect(summary).toContainText(stepOf(status) ?? '—');
}

/** Presses the transition's button on the sale detail and confirms it in the dialog. */
async function pressTransition(page: Page, to: string) {
  await page
    .getByTestId('sale-transitions')
    .getByRole('button', { name: labelOf(to), exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`¿Pasar la venta a ${labelOf(to)}?`);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
}

test('a seller takes an application from its first step to AUDITORIA, an auditor approves it and the board and lists show it', async ({
  browser,
}) => {
  // Three roles and a dozen status changes: about a minute on a busy two-core machine.
  test.setTimeout(120_000);
  const contexts: BrowserContext[] = [];
  const open = async (email: string) => {
    const page = await signedIn(browser, email);
    contexts.push(page.context());
    return page;
  };
  const transfer = { id: idOf('AUDIT_APPROVAL'), label: stepOf('AUDIT_APPROVAL') };
  expect(transfer.label).toBe('TRANSFERENCIA');

  try {
    const seller = await open(EMAIL.seller);
    const admin = await open(EMAIL.admin);

    const { id, doc } = await test.step('the seller creates an application; the admin sends it into the pipeline', async () => {
      const created = await createApplication(seller);
      let lead: LeadDetail | undefined;
      for (const to of PIPELINE.setup) lead = await transitionByApi(admin, created.id, to);
      expect(lead!.status_id, 'the automated stages brought it to the first seller step').toBe(idOf(PIPELINE.first));
      expect(lead!.offered_amount, 'risk approved it with an offer').not.toBeNull();
      return created;
    });

    await test.step(`the seller moves it from ${stepOf(PIPELINE.first)} to AUDITORIA; a stale tab's move is refused`, async () => {
      await seller.goto(`/sale-detail?id=${id}`);
      await expectSaleAt(seller, id, PIPELINE.first);
      // A second tab holds the same version of the sale.
      const staleTab = await seller.context().newPage();
      await staleTab.goto(`/sale-detail?id=${id}`);
      await expectSaleAt(staleTab, id, PIPELINE.first);

      let at = PIPELINE.first;
      for (const [index, move] of PIPELINE.moves.entries()) {
        await pressTransition(seller, move.to);
        await expect(seller.getByText(`Venta pasada a ${labelOf(move.to)}`)).toBeVisible();
        const landsOn = move.landsOn ?? move.to;
        await expectSaleAt(seller, id, landsOn);
        await expect(seller.getByTestId('timeline-item').filter({ hasText: `${labelOf(at)} → ${labelOf(move.to)}` })).toHaveCount(1);
        if (move.landsOn) {
          // The identity stage ran by itself: the system's entry, with the simulator's reason.
          const automated = seller.getByTestId('timeline-item').filter({ hasText: `${labelOf(move.to)} → ${labelOf(move.landsOn)}` });
          await expect(automated).toContainText('Sistema');
          await expect(automated).toContainText('Identidad validada');
        }

        if (index === 0) {
          // The stale tab tries the same move with the version it read: the server refuses it (409), and the
          // tab reloads the sale where it really is, with the move written once.
          await pressTransition(staleTab, move.to);
          await expect(staleTab.getByText(STALE)).toBeVisible();
          await expectSaleAt(staleTab, id, landsOn);
          await expect(staleTab.getByTestId('timeline-item').filter({ hasText: `${labelOf(at)} → ${labelOf(move.to)}` })).toHaveCount(1);
          await staleTab.close();
        }
        at = landsOn;
      }
      expect(at).toBe('AUDIT_PENDING');
      // In audit, the seller has nothing left to move.
      await expect(seller.getByTestId('sale-transitions')).toHaveCount(0);
    });

    await test.step('the auditor takes the case from the queue and approves it', async () => {
      const auditor = await open(EMAIL.auditor);
      await expect(auditor).toHaveURL(/\/audits$/);
      // The queue is oldest first: the case that just arrived is on the last page.
      const queue = (await (await auditor.request.get(`/api/${COUNTRY}/audits?pageSize=100`)).json()) as AuditQueueResponse;
      await auditor.goto(`/audits?pageSize=100&page=${Math.max(1, Math.ceil(queue.count.total / 100))}`);
      const row = auditor
        .getByRole('grid', { name: 'Cola de auditoría' })
        .locator('.MuiDataGrid-row')
        .filter({ has: auditor.getByRole('link', { name: `#${id}`, exact: true }) });
      await expect(row).toContainText(doc);
      await expect(row).toContainText('AUDITORIA');
      await expect(row).toContainText('Libre');
      await row.getByRole('button', { name: 'Tomar' }).click();
      await expect(auditor).toHaveURL(new RegExp(`/audit-detail\\?id=${id}$`));
      await expect(auditor.getByTestId('audit-claim')).toContainText(say('Lo tienes tomado tú'));

      for (const item of ['Identidad', 'Documentación', 'Firma', 'Cuenta bancaria', 'Teléfono']) {
        await auditor.getByRole('checkbox', { name: item }).check();
      }
      await auditor.getByLabel('Comentario').fill('Todo en orden');
      await auditor.getByRole('button', { name: 'Aprobar' }).click();
      const dialog = auditor.getByRole('dialog');
      await expect(dialog).toContainText('Pasa a transferencia');
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await expect(auditor.getByText('Auditoría registrada: Aprobar')).toBeVisible();
      await expect(auditor.locator('[data-status]')).toHaveAttribute('data-status', 'AUDIT_APPROVAL');
      await expect(auditor.getByText('La solicitud no está esperando auditoría.')).toBeVisible();
      await expect(
        auditor.getByTestId('timeline-item').filter({ hasText: `${labelOf('AUDIT_PENDING')} → ${labelOf('AUDIT_APPROVAL')}` }),
      ).toHaveCount(1);
    });

    await test.step('the board shows the card in TRANSFERENCIA', async () => {
      await admin.goto('/lead-cards');
      await expect(admin.getByRole('heading', { name: 'Tablero de leads', level: 1 })).toBeVisible();
      const column = admin.getByRole('region', { name: transfer.label, exact: true });
      // Columns load when they scroll into view; newest first, so the card is on the first page.
      await column.scrollIntoViewIfNeeded();
      const card = column.getByRole('article', { name: `Lead #${id}`, exact: true });
      await expect(card).toBeVisible();
      await expect(card).toContainText(doc);
      await expect(admin.getByRole('article', { name: `Lead #${id}`, exact: true })).toHaveCount(1);
    });

    // Listed under the TRANSFERENCIA step, with its status (the step and the document are not among the
    // lists' default columns at 1366 px; the filter is the step).
    await test.step('the leads list and the seller’s sales list show it in TRANSFERENCIA', async () => {
      await admin.goto(`/leads?step=${transfer.id}`);
      await expect(admin.getByTestId('leads-count')).not.toHaveText('Cargando…');
      const leadRow = admin
        .getByRole('grid', { name: 'Leads' })
        .locator('.MuiDataGrid-row')
        .filter({ has: admin.getByRole('link', { name: `#${id}`, exact: true }) });
      await expect(leadRow.locator('[data-field="status_id"] [data-status="AUDIT_APPROVAL"]')).toBeVisible();
      await expect(leadRow).toContainText('Circuito, Prueba');

      await seller.goto(`/sales?step=${transfer.id}`);
      await expect(seller.getByTestId('sales-count')).not.toHaveText('Cargando…');
      const saleRow = seller
        .getByRole('grid', { name: 'Ventas' })
        .locator('.MuiDataGrid-row')
        .filter({ has: seller.getByRole('link', { name: `#${id}`, exact: true }) });
      await expect(saleRow.locator('[data-field="status_id"] [data-status="AUDIT_APPROVAL"]')).toBeVisible();
      await expect(saleRow).toContainText('Circuito, Prueba');
    });
  } finally {
    for (const context of contexts) await context.close();
  }
});
