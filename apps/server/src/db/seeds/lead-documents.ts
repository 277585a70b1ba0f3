import { createHash } from 'node:crypto';
import { documentKindLabel, formatMoney, type Country, type DocumentKind } from '@backoffice/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { UploadedFile } from '../../lib/uploaded-file';
import { attachDocument } from '../../services/lead-documents';
import type { Tx } from '../client';
import { audits, customers, leads } from '../schema';
import { encodePng } from './voluntary-pays';

/** The open audit cases that get sample documents: enough to browse, few enough to keep the seed fast. */
const CASES_WITH_DOCUMENTS = 40;

/** A 3×5 pixel font (rows of 3 bits, top to bottom) for the placeholders' captions; accents are folded. */
const GLYPHS: Record<string, string> = {
  A: '010101111101101',
  B: '110101110101110',
  C: '011100100100011',
  D: '110101101101110',
  E: '111100110100111',
  F: '111100110100100',
  G: '011100101101011',
  H: '101101111101101',
  I: '111010010010111',
  J: '001001001101010',
  K: '101101110101101',
  L: '100100100100111',
  M: '101111111101101',
  N: '110101101101101',
  O: '010101101101010',
  P: '110101110100100',
  Q: '010101101110011',
  R: '110101110101101',
  S: '011100010001110',
  T: '111010010010010',
  U: '101101101101111',
  V: '101101101101010',
  W: '101101111111101',
  X: '101101010101101',
  Y: '101101010010010',
  Z: '111001010100111',
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '110001010100111',
  '3': '110001010001110',
  '4': '101101111001001',
  '5': '111100110001110',
  '6': '011100111101111',
  '7': '111001010010010',
  '8': '111101111101111',
  '9': '111101111001110',
  '.': '000000000000010',
  '-': '000000111000000',
  ':': '000010000010000',
  '(': '010100100100010',
  ')': '010001001001010',
};

type Colour = readonly [number, number, number];

/** A small RGB canvas: rectangles, a disc and captions, encoded as PNG. */
class Canvas {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Colour,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }
  rect(x: number, y: number, w: number, h: number, colour: Colour) {
    [x, y, w, h] = [Math.round(x), Math.round(y), Math.round(w), Math.round(h)];
    for (let j = Math.max(0, y); j < Math.min(this.height, y + h); j++) {
      for (let i = Math.max(0, x); i < Math.min(this.width, x + w); i++) this.pixels.set(colour, (j * this.width + i) * 3);
    }
  }
  disc(cx: number, cy: number, r: number, colour: Colour) {
    for (let j = -r; j <= r; j++) for (let i = -r; i <= r; i++) if (i * i + j * j <= r * r) this.rect(cx + i, cy + j, 1, 1, colour);
  }
  text(x: number, y: number, value: string, colour: Colour, scale = 2) {
    const folded = value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    for (const [n, ch] of [...folded].entries()) {
      const glyph = GLYPHS[ch];
      if (!glyph) continue;
      for (let bit = 0; bit < 15; bit++) {
        if (glyph[bit] === '1') this.rect(x + n * 4 * scale + (bit % 3) * scale, y + Math.floor(bit / 3) * scale, scale, scale, colour);
      }
    }
  }
  png(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}

interface Case {
  leadId: number;
  sellerId: number | null;
  amount: number;
  queuedAt: Date;
  name: string;
  document: string;
}

const INK: Colour = [40, 40, 50];
const GREY: Colour = [170, 170, 175];

/** A placeholder image of the kind, with the customer's name on it: a card, its back, a selfie, a bank proof. */
export function samplePng(country: Country, kind: Exclude<DocumentKind, 'contract'>, c: Case): Buffer {
  const card = new Canvas(300, 190, [246, 244, 236]);
  const tint: Colour = country === 'arg' ? [90, 150, 200] : [200, 170, 60];
  card.rect(0, 0, 300, 28, tint);
  card.text(10, 9, documentKindLabel(country, kind), [255, 255, 255]);
  if (kind === 'id_front' || kind === 'selfie') {
    const photoX = kind === 'selfie' ? 95 : 12;
    const size = kind === 'selfie' ? 110 : 80;
    card.rect(photoX, 40, size, size + 10, [215, 220, 228]);
    card.disc(photoX + size / 2, 40 + size * 0.38, Math.round(size * 0.22), [190, 150, 120]);
    card.rect(photoX + size * 0.2, 40 + size * 0.7, size * 0.6, size * 0.4, [70, 90, 130]);
  }
  if (kind === 'id_front') {
    card.text(104, 48, c.name.slice(0, 24), INK);
    card.text(104, 70, c.document, INK);
    for (let i = 0; i < 4; i++) card.rect(104, 96 + i * 14, 170 - i * 20, 4, GREY);
  } else if (kind === 'id_back') {
    for (let i = 0; i < 5; i++) card.rect(14, 44 + i * 16, 270 - i * 30, 4, GREY);
    for (let i = 0; i < 60; i++) if ((i * 7) % 3 !== 0) card.rect(14 + i * 4, 130, 2 + (i % 2), 40, INK);
  } else if (kind === 'selfie') {
    card.text(10, 166, c.name.slice(0, 34), INK);
  } else {
    card.text(12, 44, c.name.slice(0, 34), INK);
    card.text(12, 66, country === 'arg' ? 'CBU' : 'CUENTA', INK);
    for (let i = 0; i < 6; i++) card.rect(12, 92 + i * 14, 276 - (i % 3) * 40, 4, GREY);
  }
  return card.png();
}

/** The signed contract as a one-page PDF (pdf-lib's Helvetica holds Spanish letters). */
export async function sampleContract(country: Country, c: Case): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([420, 300]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText('Contrato de préstamo personal', { x: 30, y: 260, size: 16, font: bold });
  page.drawText(`Cliente: ${c.name}`, { x: 30, y: 228, size: 11, font });
  page.drawText(`${country === 'arg' ? 'DNI' : 'Cédula'}: ${c.document}`, { x: 30, y: 210, size: 11, font });
  page.drawText(`Monto: ${formatMoney(country, c.amount)}`, { x: 30, y: 192, size: 11, font });
  page.drawText(`Solicitud #${c.leadId}`, { x: 30, y: 174, size: 11, font });
  page.drawLine({ start: { x: 30, y: 70 }, end: { x: 220, y: 70 }, thickness: 0.8, color: rgb(0.3, 0.3, 0.3) });
  page.drawText('Firma del cliente', { x: 30, y: 56, size: 9, font });
  // A scribbled signature above the line.
  page.drawSvgPath('M 0 0 C 20 -30 30 20 50 -5 S 80 -25 100 0 S 130 10 150 -10', {
    x: 40,
    y: 90,
    borderColor: rgb(0.1, 0.2, 0.6),
    borderWidth: 1.2,
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

const fileOf = (bytes: Buffer, type: UploadedFile['type']): UploadedFile => ({
  bytes,
  type,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/**
 * Sample documents for the oldest open audit cases (the queue's first): DNI/cédula front and back, selfie,
 * bank proof and signed contract, each with the customer's name, attached by the lead's seller before it
 * entered audit (and on its timeline), so the auditor has evidence to tick the checklist against.
 */
export async function seedLeadDocuments(tx: Tx, country: Country): Promise<number> {
  const cases: Case[] = (
    await tx
      .select({
        leadId: leads.id,
        sellerId: leads.sellerId,
        amount: leads.requestedAmount,
        queuedAt: audits.queuedAt,
        firstName: customers.firstName,
        lastName: customers.lastName,
        document: customers.docNumber,
      })
      .from(audits)
      .innerJoin(leads, eq(leads.id, audits.leadId))
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .where(and(eq(audits.country, country), isNull(audits.decidedAt)))
      .orderBy(asc(audits.queuedAt), asc(audits.id))
      .limit(CASES_WITH_DOCUMENTS)
  ).map((r) => ({ ...r, name: `${r.firstName} ${r.lastName}` }));
  let n = 0;
  for (const c of cases) {
    const files: [DocumentKind, string, UploadedFile][] = [
      ['id_front', 'frente.png', fileOf(samplePng(country, 'id_front', c), 'image/png')],
      ['id_back', 'dorso.png', fileOf(samplePng(country, 'id_back', c), 'image/png')],
      ['selfie', 'selfie.png', fileOf(samplePng(country, 'selfie', c), 'image/png')],
      ['bank_proof', 'comprobante-bancario.png', fileOf(samplePng(country, 'bank_proof', c), 'image/png')],
      ['contract', 'contrato-firmado.pdf', fileOf(await sampleContract(country, c), 'application/pdf')],
    ];
    for (const [i, [kind, fileName, file]] of files.entries()) {
      // Collected in the hour before the case entered the queue, a few minutes apart.
      const at = new Date(c.queuedAt.getTime() - (60 - i * 5) * 60_000);
      await attachDocument(tx, country, c.leadId, c.sellerId, { kind, fileName, file }, at);
      n++;
    }
  }
  return n;
}
