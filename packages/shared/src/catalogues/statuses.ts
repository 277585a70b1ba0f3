import type { Country } from '../countries';

/** Colour names map onto the MUI palette; icons are Tabler icon names. */
export type StatusColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

export interface StatusEntry {
  id: number;
  /** SPEC 4's code (VALIDATE_DOCS): the API's, the exports' code column, a chip's tooltip. */
  name: string;
  /** What staff read (STATUS_LABELS). */
  label: string;
  color: StatusColor;
  icon: string;
}

/** SPEC 4: arg statuses with their ids. */
export const ARG_STATUS_IDS = {
  CREATED: 1,
  RISK: 2,
  RISK_FAILED: 3,
  PENDING_CUSTOMER_APPROVAL: 4,
  PENDING_IDENTIFICATION: 5,
  BAD_DEBT: 6,
  RISK_REJECTED: 7,
  VALIDATE_DOCS: 8,
  EXCEPTION: 9,
  REJECTED_DOCS: 10,
  EXPIRED: 11,
  RISK_EXCEPTION: 12,
  RISK_EXCEPTION_REJECTED: 13,
  REJECTED: 14,
  ACCEPTED: 15,
  VALIDATION_IN_PROGRESS: 16,
  TRANSFER_IN_PROGRESS: 17,
  TRANSFER_REJECTED: 18,
  TRANSFER_FAILED: 19,
  TRANSFERED: 20,
  CANCELLED: 21,
  CLOSED: 22,
  DISBURSED: 23,
  ACCEPTED_DOCS: 24,
  MANUAL_VALIDATION: 25,
  PHONE_VALIDATION: 26,
  CARD_PENDING: 27,
  CARD_CONFIRMATION: 28,
  SIGNATURE_PENDING: 29,
  VERIFIED: 30,
  VALIDATED: 31,
  AUDIT_PENDING: 32,
  AUDIT_APPROVAL: 33,
  AUDIT_REJECTED: 34,
  AUDIT_RETRY: 35,
  REQUEST_INFORMATION: 36,
  PREFILTER_REJECTED: 37,
  PREFILTER_FAILED: 38,
  PAID: 39,
  PENDING: 40,
  UNPAID: 41,
  PARTIAL: 42,
  ACTIVE: 43,
  OVERDUE: 44,
  ANNULED: 45,
  BONUS: 46,
  NET: 47,
  PREFILTER: 48,
  ON_GESTION: 49,
  TDD: 100,
} as const;

/** SPEC 4: col statuses, ids 1 to 45 in this order. */
export const COL_STATUS_NAMES = [
  'CREATED',
  'KILLER',
  'KILLER_APPROVAL',
  'KILLER_REJECTED',
  'KILLER_FAILED',
  'RISK',
  'RISK_MANUAL',
  'RISK_REJECTED',
  'RISK_FAILED',
  'PENDING_CUSTOMER_APPROVAL',
  'VALIDATION_PENDING',
  'VALIDATION_IN_PROGRESS',
  'VALIDATION_MANUAL',
  'VALIDATION_REJECTED',
  'ACCEPTED',
  'EXPIRED',
  'RISK_EXCEPTION',
  'RISK_EXCEPTION_REJECTED',
  'TRANSFER_IN_PROGRESS',
  'TRANSFER_REJECTED',
  'TRANSFER_FAILED',
  'TRANSFERRED',
  'CANCELLED',
  'CLOSED',
  'BAD_DEBT',
  'REJECTED',
  'EXCEPTION',
  'SIGNATURE_PENDING',
  'AUDIT_REJECTED',
  'TRANSFER_RETRY',
  'TRANSFER_MANUAL',
  'AUDIT_APPROVAL',
  'AUDIT_RETRY',
  'REQUEST_INFORMATION',
  'PREFILTER_REJECTED',
  'PREFILTER_FAILED',
  'AUDIT_PENDING',
  'VERIFIED',
  'VALIDATED',
  'PENDING_OFFER',
  'APPROVED_OFFER',
  'REJECTED_OFFER',
  'REVISION',
  'DESIST',
  'ON_GESTION',
] as const;

export const COL_STATUS_IDS = Object.fromEntries(COL_STATUS_NAMES.map((name, index) => [name, index + 1])) as {
  [K in (typeof COL_STATUS_NAMES)[number]]: number;
};

/**
 * Spanish names of the status codes, for both countries (a code means the same in each). An application
 * ("solicitud") is feminine: 'Rechazada', 'Cancelada'.
 */
export const STATUS_LABELS: Record<string, string> = {
  CREATED: 'Creada',
  RISK: 'En análisis de riesgo',
  RISK_FAILED: 'Falla en riesgo',
  RISK_MANUAL: 'Riesgo manual',
  PENDING_CUSTOMER_APPROVAL: 'Esperando aprobación del cliente',
  PENDING_IDENTIFICATION: 'Pendiente de identificación',
  BAD_DEBT: 'Incobrable',
  RISK_REJECTED: 'Rechazada por riesgo',
  VALIDATE_DOCS: 'Validación de documentos',
  EXCEPTION: 'Excepción',
  REJECTED_DOCS: 'Documentos rechazados',
  EXPIRED: 'Vencida',
  RISK_EXCEPTION: 'Excepción de riesgo',
  RISK_EXCEPTION_REJECTED: 'Excepción de riesgo rechazada',
  REJECTED: 'Rechazada',
  ACCEPTED: 'Aceptada',
  VALIDATION_PENDING: 'Validación pendiente',
  VALIDATION_IN_PROGRESS: 'Validación en curso',
  VALIDATION_MANUAL: 'Validación manual',
  VALIDATION_REJECTED: 'Validación rechazada',
  TRANSFER_IN_PROGRESS: 'Transferencia en curso',
  TRANSFER_REJECTED: 'Transferencia rechazada',
  TRANSFER_FAILED: 'Transferencia fallida',
  TRANSFER_RETRY: 'Reintento de transferencia',
  TRANSFER_MANUAL: 'Transferencia manual',
  TRANSFERED: 'Transferida',
  TRANSFERRED: 'Transferida',
  CANCELLED: 'Cancelada',
  CLOSED: 'Cerrada',
  DISBURSED: 'Desembolsada',
  ACCEPTED_DOCS: 'Documentos aceptados',
  MANUAL_VALIDATION: 'Validación manual',
  PHONE_VALIDATION: 'Validación telefónica',
  CARD_PENDING: 'Tarjeta pendiente',
  CARD_CONFIRMATION: 'Confirmación de tarjeta',
  SIGNATURE_PENDING: 'Firma pendiente',
  VERIFIED: 'Verificada',
  VALIDATED: 'Validada',
  AUDIT_PENDING: 'Pendiente de auditoría',
  AUDIT_APPROVAL: 'Aprobada por auditoría',
  AUDIT_REJECTED: 'Rechazada por auditoría',
  AUDIT_RETRY: 'Re-auditoría',
  REQUEST_INFORMATION: 'Información solicitada',
  PREFILTER: 'En prefiltro',
  PREFILTER_REJECTED: 'Rechazada en prefiltro',
  PREFILTER_FAILED: 'Falla en prefiltro',
  KILLER: 'En filtro inicial',
  KILLER_APPROVAL: 'Aprobada en filtro inicial',
  KILLER_REJECTED: 'Rechazada en filtro inicial',
  KILLER_FAILED: 'Falla en filtro inicial',
  PENDING_OFFER: 'Oferta pendiente',
  APPROVED_OFFER: 'Oferta aceptada',
  REJECTED_OFFER: 'Oferta rechazada',
  REVISION: 'En revisión',
  DESIST: 'Desistida',
  PAID: 'Pagada',
  PENDING: 'Pendiente',
  UNPAID: 'Impaga',
  PARTIAL: 'Pago parcial',
  ACTIVE: 'Activa',
  OVERDUE: 'En mora',
  ANNULED: 'Anulada',
  BONUS: 'Bonificada',
  NET: 'Neta',
  ON_GESTION: 'En gestión',
  TDD: 'Débito automático',
};

/** The look of a status follows what its name says about the outcome. */
function appearance(name: string): Pick<StatusEntry, 'color' | 'icon'> {
  if (/REJECTED|FAILED|BAD_DEBT|UNPAID|OVERDUE|DESIST/.test(name)) return { color: 'error', icon: 'circle-x' };
  if (/CANCELLED|ANNULED|EXPIRED|CLOSED/.test(name)) return { color: 'default', icon: 'circle-minus' };
  if (/EXCEPTION|RETRY|REQUEST_INFORMATION|REVISION|MANUAL|PARTIAL/.test(name)) return { color: 'warning', icon: 'alert-triangle' };
  if (/ACCEPTED|APPROVED|APPROVAL|TRANSFERE?D|DISBURSED|PAID|VERIFIED|VALIDATED|ACTIVE/.test(name))
    return { color: 'success', icon: 'circle-check' };
  if (/AUDIT|RISK|KILLER|PREFILTER|VALIDAT|IN_PROGRESS/.test(name)) return { color: 'info', icon: 'progress' };
  if (/PENDING|GESTION/.test(name)) return { color: 'secondary', icon: 'clock' };
  return { color: 'primary', icon: 'circle-dot' };
}

function entries(ids: Record<string, number>): StatusEntry[] {
  return Object.entries(ids).map(([name, id]) => ({ id, name, label: STATUS_LABELS[name] ?? name, ...appearance(name) }));
}

export const STATUSES: Record<Country, StatusEntry[]> = {
  arg: entries(ARG_STATUS_IDS),
  col: entries(COL_STATUS_IDS),
};

export function statusIdOf(country: Country, name: string): number | undefined {
  return STATUSES[country].find((status) => status.name === name)?.id;
}

/** SPEC 4: arg return-request statuses 1001 to 1013, in order. */
export const RETURN_REQUEST_STATUSES = [
  'pending',
  'approved',
  'transferred',
  'rejected',
  'closed',
  'generating order',
  'order generated',
  'fail generating order',
  'transfer in progress',
  'transfer failed',
  'certified',
  'pending balance',
  'cancelled',
].map((name, index) => ({ id: 1001 + index, name }));

/** SPEC 4: step filter labels, by status name. */
const SHARED_AUDIT_STEPS = {
  AUDIT_APPROVAL: 'TRANSFERENCIA',
  AUDIT_PENDING: 'AUDITORIA',
  REQUEST_INFORMATION: 'DEVUELTO',
  AUDIT_RETRY: 'RE-AUDITORIA',
  REJECTED: 'RECHAZO',
  AUDIT_REJECTED: 'RECHAZO-AUDITORIA',
} as const;

export const STEP_LABELS: Record<Country, Record<string, string>> = {
  arg: {
    PHONE_VALIDATION: 'Paso 2',
    PENDING_CUSTOMER_APPROVAL: 'Paso 3',
    PENDING_IDENTIFICATION: 'Paso 4',
    VALIDATE_DOCS: 'Paso 7',
    CARD_PENDING: 'Paso 8',
    CARD_CONFIRMATION: 'Paso 9',
    SIGNATURE_PENDING: 'Paso 10',
    ACCEPTED: 'Paso 12',
    ...SHARED_AUDIT_STEPS,
  },
  col: {
    PENDING_CUSTOMER_APPROVAL: 'Paso 6',
    VALIDATION_PENDING: 'Paso 7',
    VALIDATION_IN_PROGRESS: 'Paso 8',
    SIGNATURE_PENDING: 'Paso 9',
    ACCEPTED: 'Paso 10',
    ...SHARED_AUDIT_STEPS,
    EXPIRED: 'EXPIRADO',
  },
};

export interface StepEntry {
  /** The status id the step filters on. */
  id: number;
  status: string;
  label: string;
}

export function stepsOf(country: Country): StepEntry[] {
  return Object.entries(STEP_LABELS[country]).map(([status, label]) => ({
    id: statusIdOf(country, status)!,
    status,
    label,
  }));
}

/** SPEC 4: sales statuses; EN GESTION exists in arg only. */
export function salesStatusesOf(country: Country): { id: number; name: string; status: string }[] {
  const list: [string, string][] = [
    ['CREADO', 'CREATED'],
    ['VERIFICADO', 'VERIFIED'],
    ['VALIDADO', 'VALIDATED'],
    ['APROBADO', 'ACCEPTED'],
    ['RECHAZADO', 'REJECTED'],
  ];
  if (country === 'arg') list.push(['EN GESTION', 'ON_GESTION']);
  return list.map(([name, status]) => ({ id: statusIdOf(country, status)!, name, status }));
}

/** Audit statuses: the statuses an application passes through in audit. */
export function auditStatusesOf(country: Country): StatusEntry[] {
  const names = ['AUDIT_PENDING', 'AUDIT_RETRY', 'AUDIT_APPROVAL', 'AUDIT_REJECTED', 'REQUEST_INFORMATION'];
  return STATUSES[country].filter((status) => names.includes(status.name));
}

/** Installment statuses: arg uses the numeric catalogue, col has string ids (SPEC 4). */
export const INSTALLMENT_STATUSES = {
  arg: (['PENDING', 'PARTIAL', 'PAID', 'OVERDUE', 'UNPAID'] as const).map((name) => ({
    id: ARG_STATUS_IDS[name] as number | string,
    name,
  })),
  col: [
    { id: 'pending', name: 'pending' },
    { id: 'partial', name: 'partial' },
    { id: 'overdue', name: 'overdue' },
    { id: 'paid', name: 'paid' },
    { id: 'debt', name: 'paid with debt' },
    { id: 'cancelled', name: 'cancelled' },
  ] as { id: number | string; name: string }[],
} satisfies Record<Country, { id: number | string; name: string }[]>;
