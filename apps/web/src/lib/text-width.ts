let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width in px of `text` drawn in `font` (a CSS font shorthand), measured on a canvas with the fonts the
 * browser has; without a DOM (unit tests) an estimate of a wide uppercase letter per character.
 */
export function textWidth(text: string, font: string): number {
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 10;
  context.font = font;
  return Math.ceil(context.measureText(text).width);
}
