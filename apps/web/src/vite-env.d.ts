/// <reference types="vite/client" />

declare const __COUNTRY__: 'arg' | 'col';
declare const __BUILD_ID__: string;
