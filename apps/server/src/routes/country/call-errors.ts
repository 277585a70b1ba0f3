import { CALL_BACK_MESSAGES } from '@backoffice/shared';

/** The call routes' refusals (calls.ts, diagnostics' test call); the web shows them as the server's statusMessage. */
export const CALL_ERRORS = {
  onlySellers: 'Solo los vendedores reciben recordatorios de llamadas',
  notFound: CALL_BACK_MESSAGES.notFound,
  notYours: 'Esta llamada está asignada a otro vendedor',
  /** Cancelled too: from the sale detail, or with its application. */
  notPending: CALL_BACK_MESSAGES.notPending,
  noNeotelUser: 'No tienes un usuario de neotel asignado',
  wrongNeotelUser: 'El usuario de Neotel no corresponde a tu sesión',
  startFailed: 'No se pudo iniciar la llamada en Neotel. Revisa que estés logueado en Neotel.',
  hangUpFailed: 'No se pudo cortar la llamada en Neotel. Revisa que estés logueado en Neotel.',
  /** One call at a time per user (a double click dials once). */
  callInProgress: 'Ya tienes una llamada en curso: cuélgala antes de iniciar otra.',
  /** A call from a lead dials that lead's customer's own stored cellphone, nothing else (409, `cellphone`). */
  notLeadsCellphone: (leadId: number) =>
    `El celular no es el del cliente del lead ${leadId}: solo se llama al celular guardado del cliente`,
  leadWithoutCellphone: (leadId: number) => `El cliente del lead ${leadId} no tiene celular guardado`,
  /** Without a lead (403, `cellphone`): a seller only their own customers; any number, only the /test roles. */
  notYourCustomer: 'Ese celular no es el de un cliente de tus leads: solo puedes llamar a tus clientes',
  leadRequired: 'Indica el lead (lead_id): solo se llama al celular del cliente de un lead',
  /** From the collection detail (`loan_id`): the loan's customer's stored cellphone; a collector, their own loans. */
  loanNotFound: 'Préstamo no encontrado',
  notYourLoan: 'Este préstamo no está en tu cartera',
  notLoansCellphone: (loanId: number) =>
    `El celular no es el del cliente del préstamo ${loanId}: solo se llama al celular guardado del cliente`,
  loanWithoutCellphone: (loanId: number) => `El cliente del préstamo ${loanId} no tiene celular guardado`,
} as const;
