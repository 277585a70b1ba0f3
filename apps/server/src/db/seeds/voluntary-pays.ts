import { deflateSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { todayIn, type Country } from '@backoffice/shared';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { loans, users } from '../schema';
import { decideVoluntaryPay, insertVoluntaryPay, type Receipt } from '../../services/voluntary-pays';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8); // an index of 0-255 in a table of 256
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour PNG of `rgb` (width × height × 3 bytes, rows top to bottom): the seed's tiny encoder. */
export function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) rows.push(Buffer.from([0]), rgb.subarray(y * width * 3, (y + 1) * width * 3));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A small valid PNG (a tinted card standing in for a bank receipt), a different tint per receipt. */
export function demoReceiptPng(seed: number, width = 120, height = 80): Buffer {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = y < 16 ? 1 : (y - 20) % 12 < 3 && x > 10 && x < width - 10 ? 2 : 0;
      const [r, g, b] = band === 1 ? [30 + ((seed * 37) % 120), 90, 160] : band === 2 ? [150, 150, 150] : [250, 250, 245];
      rgb.set([r, g, b], (y * width + x) * 3);
    }
  }
  return encodePng(width, height, rgb);
}

function receiptOf(bytes: Buffer): Receipt {
  return { bytes, type: 'image/png', sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Voluntary payments on open loans, most of them the demo collector's: pending ones for the queue, a few
 * accepted (applied through the payment service) and a few rejected with a reason.
 */
export async function seedVoluntaryPays(tx: Tx, country: Country, now: Date): Promise<number> {
  const today = todayIn(country, now);
  const [demoCollector] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `collector@${country}.example`));
  const [reviewer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.country, country), eq(users.email, `admin@${country}.example`)));
  const open = await tx
    .select({ id: loans.id, collectorId: loans.collectorId, outstanding: loans.outstanding, disbursedOn: loans.disbursedOn })
    .from(loans)
    .where(and(eq(loans.country, country), inArray(loans.status, ['ACTIVE', 'OVERDUE']), isNotNull(loans.collectorId)))
    .orderBy(asc(loans.id));
  const mine = open.filter((l) => demoCollector && l.collectorId === demoCollector.id);
  const others = open.filter((l) => !demoCollector || l.collectorId !== demoCollector.id);
  const picked = [...mine.slice(0, 9), ...others.slice(0, 4)];
  let n = 0;
  for (const [index, loan] of picked.entries()) {
    const amount = Math.max(100, Math.round(loan.outstanding / 10 / 100) * 100);
    const paidOn = loan.disbursedOn > today ? loan.disbursedOn : today;
    const id = await insertVoluntaryPay(
      tx,
      country,
      {
        loan_id: loan.id,
        amount,
        paid_on: paidOn,
        reference: `VOL-${country.toUpperCase()}-${1000 + index}`,
        receipt: receiptOf(demoReceiptPng(index)),
        userId: loan.collectorId,
      },
      new Date(now.getTime() - (picked.length - index) * 3_600_000),
    );
    n++;
    const fate = index % 4;
    if (reviewer && fate === 1) await decideVoluntaryPay(tx, country, id, reviewer.id, { accept: true }, now);
    if (reviewer && fate === 2)
      await decideVoluntaryPay(tx, country, id, reviewer.id, { accept: false, reason: 'El comprobante no es legible' }, now);
  }
  return n;
}
