import { FONT_FAMILY } from './theme';

/** The fonts of a grid's cells (body2) and column headers, as CSS font shorthands for textWidth. */
export const CELL_FONT = `400 14px ${FONT_FAMILY}`;
export const HEADER_FONT = `500 14px ${FONT_FAMILY}`;
/** A form field's label (body1), as it rests in an empty field. */
export const LABEL_FONT = `400 16px ${FONT_FAMILY}`;

let context: CanvasRenderingContext2D | null | undefined;
/** Lists measure the same few texts (dates, statuses, names) on every page: each is measured once a font. */
const measured = new Map<string, number>();

/**
 * The width in px of `text` drawn in `font` (a CSS font shorthand), measured on a canvas with the fonts the
 * browser has; without a DOM (unit tests) an estimate of a wide uppercase letter per character.
 */
export function textWidth(text: string, font: string): number {
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 10;
  const key = `${font}\n${text}`;
  let width = measured.get(key);
  if (width === undefined) {
    context.font = font;
    width = Math.ceil(context.measureText(text).width);
    if (measured.size > 5_000) measured.clear();
    measured.set(key, width);
  }
  return width;
}

/**
 * `text` cut after each place a line may break: a space, and in catalogue names ('PENDING_CUSTOMER_APPROVAL',
 * 'RECHAZO-AUDITORIA') an underscore or a hyphen, where BreakableText lets a narrow cell wrap it; never
 * inside a word.
 */
function breakablePieces(text: string): string[] {
  return text.split(/(?<=[ _-])/);
}

/**
 * The width of the wider line of `text` wrapped onto two lines at its best break (breakablePieces), or of its
 * one line when it has no break: the narrowest a cell can be and still show it whole on two lines.
 */
export function twoLineWidth(text: string, font: string): number {
  const pieces = breakablePieces(text);
  let best = textWidth(text, font);
  for (let i = 1; i < pieces.length; i++) {
    const first = pieces.slice(0, i).join('').trimEnd();
    const second = pieces.slice(i).join('').trimStart();
    best = Math.min(best, Math.max(textWidth(first, font), textWidth(second, font)));
  }
  return best;
}

/** The width of the widest of these texts on one line. */
export function widestTextWidth(texts: Iterable<string>, font: string): number {
  let width = 0;
  for (const text of texts) width = Math.max(width, textWidth(text, font));
  return width;
}

/**
 * The width of the widest of these texts wrapped onto two lines (twoLineWidth): a browser wraps a text onto
 * the fewest lines, so in a column this wide every one of them is whole, on one line or on two.
 */
export function widestTwoLineWidth(texts: Iterable<string>, font: string): number {
  let width = 0;
  for (const text of texts) width = Math.max(width, twoLineWidth(text, font));
  return width;
}
