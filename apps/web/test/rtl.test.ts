import { describe, expect, it } from 'vitest';
import { mirrorDeclaration } from '../src/lib/rtl';

describe('rtl mirroring of MUI styles', () => {
  it('swaps physical sides in property names', () => {
    expect(mirrorDeclaration('left', '0')).toEqual(['right', '0']);
    expect(mirrorDeclaration('margin-right', '8px')).toEqual(['margin-left', '8px']);
    expect(mirrorDeclaration('border-top-left-radius', '4px')).toEqual(['border-top-right-radius', '4px']);
    expect(mirrorDeclaration('padding-left', 'calc(1px + 2px)')).toEqual(['padding-right', 'calc(1px + 2px)']);
  });

  it('mirrors four-side shorthands and corner radii', () => {
    expect(mirrorDeclaration('margin', '1px 2px 3px 4px')).toEqual(['margin', '1px 4px 3px 2px']);
    expect(mirrorDeclaration('padding', 'calc(1px + 1px) 2px 3px 4px !important')).toEqual([
      'padding',
      'calc(1px + 1px) 4px 3px 2px !important',
    ]);
    expect(mirrorDeclaration('padding', '1px 2px')).toEqual(['padding', '1px 2px']);
    expect(mirrorDeclaration('border-radius', '1px 2px 3px 4px')).toEqual(['border-radius', '2px 1px 4px 3px']);
    expect(mirrorDeclaration('border-radius', '1px 2px / 3px')).toEqual(['border-radius', '2px 1px / 3px']);
  });

  it('swaps side keywords where they mean a side, and leaves the rest alone', () => {
    expect(mirrorDeclaration('text-align', 'left')).toEqual(['text-align', 'right']);
    expect(mirrorDeclaration('transform-origin', 'top left')).toEqual(['transform-origin', 'top right']);
    expect(mirrorDeclaration('float', 'right')).toEqual(['float', 'left']);
    expect(mirrorDeclaration('color', 'red')).toEqual(['color', 'red']);
    expect(mirrorDeclaration('inset-inline-end', '16px')).toEqual(['inset-inline-end', '16px']);
    expect(mirrorDeclaration('--left', '1px')).toEqual(['--left', '1px']);
    expect(mirrorDeclaration('content', '"left"')).toEqual(['content', '"left"']);
  });
});
