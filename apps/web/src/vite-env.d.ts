/// <reference types="vite/client" />

declare const __COUNTRY__: 'arg' | 'col';
declare const __BUILD_ID__: string;

/** stylis ships no types (emotion uses it internally); only its prefixer is needed, for the rtl cache. */
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
}
