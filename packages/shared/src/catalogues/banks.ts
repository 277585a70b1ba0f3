/**
 * col banks a disbursement can go to (DOMAIN 2: a col customer's bank account is a bank and an account
 * number; an arg one is a CBU, whose first three digits already name the bank).
 */
export const COL_BANKS = [
  'Bancolombia',
  'Banco de Bogotá',
  'Davivienda',
  'BBVA Colombia',
  'Banco de Occidente',
  'Banco Popular',
  'Banco AV Villas',
  'Banco Caja Social',
  'Scotiabank Colpatria',
  'Banco Agrario',
  'Banco Falabella',
  'Itaú',
] as const;
export type ColBank = (typeof COL_BANKS)[number];
