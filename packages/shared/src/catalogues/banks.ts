/**
 * col banks a disbursement can go to (DOMAIN 2: a col customer's bank account is a bank, the account's type
 * and its number; an arg one is a CBU, whose first three digits already name the bank). The last two are
 * the deposit wallets most borrowers here are paid into.
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
  'Banco GNB Sudameris',
  'Banco Pichincha',
  'Bancoomeva',
  'Banco Finandina',
  'Banco Serfinanza',
  'Bancamía',
  'Banco W',
  'Banco Mundo Mujer',
  'Lulo Bank',
  'Nequi',
  'Daviplata',
] as const;
export type ColBank = (typeof COL_BANKS)[number];

/**
 * Deposit wallets: the account is the holder's cellphone number and has no type (savings or checking); a
 * transfer to one is addressed by that number alone.
 */
export const COL_WALLETS = ['Nequi', 'Daviplata'] as const satisfies readonly ColBank[];
export const isColWallet = (bank: string | null | undefined): boolean => (COL_WALLETS as readonly string[]).includes(bank ?? '');

/** A col bank account's type (a wallet has none), as stored; the transfer file names it. */
export const COL_ACCOUNT_TYPES = ['Ahorros', 'Corriente'] as const;
export type ColAccountType = (typeof COL_ACCOUNT_TYPES)[number];
export const COL_ACCOUNT_TYPE_LABELS: Record<ColAccountType, string> = { Ahorros: 'Cuenta de ahorros', Corriente: 'Cuenta corriente' };

/**
 * Whether a customer's account can be paid into (the audit approves it, the transfer uses it): a CBU (arg),
 * a wallet and its number, or a bank, its number and the account's type (col accounts stored before the
 * type was asked have none: the seller completes them). The server's SQL twin is `payableAccount`.
 */
export function isPayableAccount(customer: {
  bank: string | null;
  bank_account: string | null;
  bank_account_type: string | null;
}): boolean {
  return customer.bank_account !== null && (customer.bank === null || customer.bank_account_type !== null || isColWallet(customer.bank));
}
