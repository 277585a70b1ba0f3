import { createHash, randomBytes } from 'node:crypto';
import { formatCalendarDate, formatDate, type Country } from '@backoffice/shared';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';

export interface CertificateLoan {
  id: number;
  /** The day the loan was paid off or annulled ('YYYY-MM-DD'). */
  closed_on: string;
  status: string;
}

export interface CertificateInput {
  country: Country;
  company: string;
  holderName: string;
  docType: string;
  document: string;
  loans: CertificateLoan[];
  issuedAt: Date;
  code: string;
  /** Where the QR code sends a reader: the public verification page with the code. */
  verifyUrl: string;
}

/** A verification code: 16 characters of an alphabet without look-alikes (0/O, 1/I), in groups of four. */
export function newVerificationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const STATUS_WORDS: Record<string, string> = { PAID: 'cancelado', ANNULED: 'anulado', CANCELLED: 'cancelado' };

/** The certificate as PDF bytes (pdf-lib, its standard Helvetica: WinAnsi holds Spanish letters). */
export async function renderDebtFreeCertificate(input: CertificateInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificado de libre deuda ${input.code}`);
  pdf.setAuthor(input.company);
  pdf.setCreationDate(input.issuedAt);
  pdf.setModificationDate(input.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  const margin = 56;
  let y = height - margin;
  const line = (text: string, size = 11, font = regular, gap = 6) => {
    page.drawText(text, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
    y -= size + gap;
  };
  /** Wraps a paragraph at the page's width. */
  const paragraph = (text: string, size = 11) => {
    const words = text.split(' ');
    let current = '';
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > width - 2 * margin) {
        line(current, size);
        current = word;
      } else current = next;
    }
    if (current) line(current, size);
  };

  line(input.company, 16, bold, 10);
  line('CERTIFICADO DE LIBRE DEUDA', 20, bold, 18);
  line(`Fecha de emisión: ${formatDate(input.country, input.issuedAt)}`, 11, regular, 14);
  paragraph(
    `${input.company} certifica que ${input.holderName}, ${input.docType} ${input.document}, no registra deuda pendiente con la empresa a la fecha de emisión de este certificado.`,
  );
  y -= 8;
  if (input.loans.length > 0) {
    line('Préstamos comprendidos:', 12, bold, 8);
    for (const loan of input.loans) {
      line(`Préstamo N.º ${loan.id}: ${STATUS_WORDS[loan.status] ?? loan.status} el ${formatCalendarDate(loan.closed_on)}`, 11);
    }
  } else {
    line('El cliente no registra préstamos otorgados.', 11);
  }
  y -= 14;
  line(`Código de verificación: ${input.code}`, 12, bold, 8);
  paragraph(`Verifique la autenticidad de este certificado en ${input.verifyUrl} o escaneando el código QR.`, 10);

  const qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const image = await pdf.embedPng(qr);
  const size = 140;
  page.drawImage(image, { x: margin, y: y - size - 6, width: size, height: size });
  return pdf.save();
}
