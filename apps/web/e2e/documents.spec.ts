import { deflateSync } from 'node:zlib';
import { documentKindLabel, type AuditQueueResponse, type LeadDetail } from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, api, signInAndWait } from './support';

test.describe.configure({ timeout: 240_000 });

const seller = `seller@${COUNTRY}.example`;
const auditor = COUNTRY === 'arg' ? 'auditor@arg.example' : 'audit@col.example';
const idFront = documentKindLabel(COUNTRY, 'id_front');

/** A 240×150 PNG (a card with a coloured band): a photo of an ID as the browser would pick it. */
function cardPng(): Buffer {
  const [width, height] = [240, 150];
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((1 + width * 3) * height, 0xf0);
  for (let y = 0; y < height; y++) {
    rows[y * (1 + width * 3)] = 0;
    if (y < 30) for (let x = 0; x < width; x++) rows.set([40, 110, 190], y * (1 + width * 3) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An open audit case of the demo seller, free for anyone to claim: one already theirs, or one an admin
 * reassigns to them (the way staff hand a case to the seller who collects the documents).
 */
async function sellersAuditCase(auditorPage: Page, adminPage: Page, sellerId: number): Promise<number> {
  const queue = (await (await auditorPage.request.get(`/api/${COUNTRY}/audits?pageSize=100`)).json()) as AuditQueueResponse;
  const free = queue.rows.filter((row) => row.claim === null && row.decision === null);
  // From the end of the page: the audits spec claims and decides from its start.
  const mine = free.reverse().find((row) => row.seller?.id === sellerId);
  if (mine) return mine.lead_id;
  const picked = free[0];
  expect(picked, 'a free audit case in the demo queue').toBeDefined();
  const { request, headers } = await api(adminPage);
  const lead = (await (await request.get(`/api/${COUNTRY}/leads/${picked.lead_id}`)).json()) as LeadDetail;
  const reassigned = await request.patch(`/api/${COUNTRY}/leads/${picked.lead_id}/seller`, {
    data: { seller_id: sellerId, version: lead.version },
    headers,
  });
  expect(reassigned.status(), await reassigned.text()).toBe(200);
  return picked.lead_id;
}

test('a seller attaches the DNI front on a sale; the auditor sees it as evidence on the audit case and zooms in and out', async ({
  browser,
}) => {
  const sellerPage = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
  const auditorPage = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  await signInAndWait(sellerPage, seller);
  await signInAndWait(auditorPage, auditor);
  await signInAndWait(adminPage, `admin@${COUNTRY}.example`);
  const me = (await (await sellerPage.request.get(`/api/${COUNTRY}/auth/user-info`)).json()) as { id: number };
  const leadId = await sellersAuditCase(auditorPage, adminPage, me.id);

  // The seller, on the sale: picks the kind and the photo, attaches it.
  await sellerPage.goto(`/sale-detail?id=${leadId}`);
  const panel = sellerPage.getByTestId('lead-documents');
  // Generous: the first open of a detail screen loads its code on a busy test machine.
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const form = panel.getByTestId('lead-document-form');
  await form.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await sellerPage.getByRole('option', { name: idFront, exact: true }).click();
  const fileName = `dni-frente-${Date.now()}.png`;
  await form.getByTestId('lead-document-file').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: cardPng() });
  await form.getByRole('button', { name: 'Adjuntar' }).click();
  await expect(form.getByText(`${idFront} adjuntado`, { exact: true })).toBeVisible();
  await expect(panel.getByTestId('lead-document').filter({ hasText: fileName })).toBeVisible();
  // Told on the sale's history.
  await expect(sellerPage.getByText(`${idFront} adjuntado: ${fileName} (`)).toBeVisible();

  // A disguised file (text named as a photo) is refused by the server, which reads the bytes.
  await form
    .getByTestId('lead-document-file')
    .setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
  await form.getByRole('button', { name: 'Adjuntar' }).click();
  await expect(form.getByText('El archivo debe ser una imagen PNG o JPEG o un PDF')).toBeVisible();

  // The auditor, on the audit case: the document under the checklist items it evidences.
  await auditorPage.goto(`/audit-detail?id=${leadId}`);
  const evidence = auditorPage.getByTestId('lead-documents');
  await expect(evidence).toBeVisible({ timeout: 30_000 });
  const row = evidence.getByTestId('evidence-identity').getByTestId('lead-document').filter({ hasText: fileName });
  await expect(row).toBeVisible();
  await expect(evidence.getByTestId('evidence-documents').getByTestId('lead-document').filter({ hasText: fileName })).toBeVisible();
  // No upload form for the auditor: the evidence is read, not added to.
  await expect(evidence.getByTestId('lead-document-form')).toHaveCount(0);

  await row.click();
  const viewer = auditorPage.getByRole('dialog', { name: idFront, exact: true });
  await expect(viewer).toBeVisible();
  const image = viewer.getByTestId('document-image');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  const width = async () => (await image.boundingBox())!.width;
  await expect(viewer.getByTestId('document-zoom')).toHaveText('100 %');
  await expect.poll(width, { timeout: 10_000 }).toBeCloseTo(240, 0);
  await viewer.getByRole('button', { name: 'Acercar' }).click();
  await expect(viewer.getByTestId('document-zoom')).toHaveText('150 %');
  await expect.poll(width, { timeout: 10_000 }).toBeCloseTo(360, 0);
  await viewer.getByRole('button', { name: 'Acercar' }).click();
  await expect.poll(width, { timeout: 10_000 }).toBeCloseTo(480, 0);
  await viewer.getByRole('button', { name: 'Alejar' }).click();
  await viewer.getByRole('button', { name: 'Alejar' }).click();
  await viewer.getByRole('button', { name: 'Alejar' }).click();
  await expect(viewer.getByTestId('document-zoom')).toHaveText('75 %');
  await expect.poll(width, { timeout: 10_000 }).toBeCloseTo(180, 0);
  await viewer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(viewer).toBeHidden();
});
