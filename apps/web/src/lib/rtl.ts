import type { StylisElement, StylisPlugin } from '@emotion/cache';

/**
 * Right-to-left styles for MUI. MUI writes physical properties (`left`, `margin-left`, ...) and expects the
 * style engine to mirror them when the direction is rtl; this plugin does that for the emotion cache used
 * in rtl (the usual stylis-plugin-rtl does the same with cssjanus). Logical properties (`inset-inline-end`,
 * `margin-inline-start`), which the app's own code uses, need no mirroring and are left alone.
 */

const swapSides = (text: string) => text.replace(/\b(left|right)\b/g, (side) => (side === 'left' ? 'right' : 'left'));

/** Splits a value on spaces (or another separator) outside parentheses: `calc(1px + 2px) 3px` → 2 parts. */
function split(value: string, separator: ' ' | '/' | ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (depth === 0 && (separator === ' ' ? /\s/.test(char) : char === separator)) {
      if (current.trim()) parts.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

function withImportant(value: string, flip: (core: string) => string): string {
  const match = /\s*!important\s*$/.exec(value);
  return match ? `${flip(value.slice(0, match.index))}${match[0]}` : flip(value);
}

/** top right bottom left → top left bottom right. */
function mirrorFourSides(value: string): string {
  const parts = split(value, ' ');
  return parts.length === 4 ? [parts[0], parts[3], parts[2], parts[1]].join(' ') : value;
}

/** top-left top-right bottom-right bottom-left, each half of `a / b` on its own. */
function mirrorRadius(value: string): string {
  return split(value, '/')
    .map((half) => {
      const [a, b, c, d] = split(half, ' ');
      if (d !== undefined) return [b, a, d, c].join(' ');
      if (c !== undefined) return [b, a, b, c].join(' ');
      if (b !== undefined) return [b, a].join(' ');
      return half;
    })
    .join(' / ');
}

const FOUR_SIDES = new Set([
  'margin',
  'padding',
  'border-width',
  'border-style',
  'border-color',
  'inset',
  'scroll-margin',
  'scroll-padding',
]);
const SIDE_KEYWORDS = new Set([
  'float',
  'clear',
  'text-align',
  'transform-origin',
  'background-position',
  'background-position-x',
  'object-position',
  'perspective-origin',
  'transition',
  'transition-property',
]);

/** Mirrors one declaration; anything without a left/right meaning comes back unchanged. */
export function mirrorDeclaration(property: string, value: string): [string, string] {
  if (property.startsWith('--')) return [property, value];
  const mirroredProperty = swapSides(property);
  if (FOUR_SIDES.has(property)) return [mirroredProperty, withImportant(value, mirrorFourSides)];
  if (property === 'border-radius') return [mirroredProperty, withImportant(value, mirrorRadius)];
  if (SIDE_KEYWORDS.has(property)) return [mirroredProperty, swapSides(value)];
  return [mirroredProperty, value];
}

export const rtlPlugin: StylisPlugin = (element: StylisElement) => {
  if (element.type !== 'decl' || typeof element.props !== 'string' || typeof element.children !== 'string') return;
  const [property, value] = mirrorDeclaration(element.props, element.children);
  if (property === element.props && value === element.children) return;
  element.props = property;
  element.children = value;
  element.value = `${property}:${value};`;
  // stylis' prefixer picks the property by its length.
  element.length = property.length;
};
