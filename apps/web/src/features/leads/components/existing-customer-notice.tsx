import { customerLookupQuerySchemas, customerWorkedMessage, type CustomerLookup, type LeadCreated } from '@backoffice/shared';
import { Alert, Grid } from '@mui/material';
import { useEffect, useState } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { COUNTRY } from '../../../config/env';
import { useCustomerLookup } from '../api/lookup-customer';
import { say } from '../../../lib/voice';

const lookupSchema = customerLookupQuerySchemas[COUNTRY];
/** A pause in typing before the document is looked up: a DNI is already well-formed at its 7th digit. */
const LOOKUP_DELAY_MS = 300;

export type ExistingCustomer = NonNullable<CustomerLookup['customer']>;

/** 'a, b y c'. */
const listed = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}` : items.join(''));

/**
 * What a new application does to an existing customer (the server's rule, LeadsRepository.create): its
 * identity and a stored bank account stay, and so does the cellphone while an application of the customer
 * is in audit or transfer; cellphone, email and address are updated when given; an account given is saved
 * only when the lookup says it would be.
 */
export function existingCustomerText(customer: Omit<ExistingCustomer, 'other_seller_application'>): string {
  const applications = `${customer.applications} ${customer.applications === 1 ? 'solicitud' : 'solicitudes'}`;
  const kept = [
    'nombre',
    'fecha de nacimiento',
    ...(COUNTRY === 'arg' ? ['CUIL'] : []),
    ...(customer.cellphone_locked ? ['celular (tiene una solicitud en auditoría o transferencia)'] : []),
    ...(customer.has_bank_account ? ['cuenta bancaria'] : []),
  ];
  const updated = customer.cellphone_locked ? 'email y domicilio' : 'celular, email y domicilio';
  const account = customer.has_bank_account
    ? ''
    : customer.bank_account_fillable
      ? '; no tiene cuenta bancaria: se guarda la que indiques'
      : '; no tiene cuenta bancaria y esta solicitud no puede agregarla';
  return say(
    `Cliente existente: ${customer.last_name}, ${customer.first_name} · ${applications}. ` +
      `Se mantienen su ${listed(kept)}; se actualizan ${updated} si los completas${account}.`,
  );
}

/** How the user is told, after saving, the values given that the customer kept its own for (`customer_kept`). */
const KEPT_LABELS: Record<LeadCreated['customer_kept'][number], string> = {
  first_name: 'nombre',
  last_name: 'apellido',
  birth_date: 'fecha de nacimiento',
  cuil: 'CUIL',
  cellphone: 'celular',
  bank: 'banco',
  bank_account: 'cuenta bancaria',
  bank_account_type: 'tipo de cuenta',
};
export function keptDataMessage(kept: LeadCreated['customer_kept']): string | undefined {
  return kept.length > 0 ? `Se conservaron los datos guardados del cliente: ${listed(kept.map((field) => KEPT_LABELS[field]))}` : undefined;
}

/**
 * The customer of the document typed in the form, once it is well-formed and typing paused; undefined while
 * there is none, it is being looked up, or the lookup failed (the form then asks for a new customer's data).
 */
export function useExistingCustomer(control: Control<FieldValues>): ExistingCustomer | undefined {
  const [typed, docType] = useWatch({ control, name: ['doc_number', 'doc_type'] }) as [string | undefined, string | undefined];
  const parsed = lookupSchema.safeParse({ doc_number: typed ?? '', ...(docType && { doc_type: docType }) });
  const doc = parsed.success ? parsed.data : undefined;
  // The document as one value, so that the delay restarts when either its number or its type changes.
  const key = doc && JSON.stringify(doc);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const lookup = useCustomerLookup(key === settled ? doc : undefined);
  return (doc !== undefined && key === settled ? lookup.data?.customer : undefined) ?? undefined;
}

/**
 * Tells, before saving, that the document typed is already a customer of the country: the new lead will
 * be theirs, and what of their data stays. A grid row of the form, or nothing.
 */
export function ExistingCustomerNotice({ customer }: { customer: ExistingCustomer | undefined }) {
  if (!customer) return null;
  // Another seller works the customer: saving would be refused, so that is all there is to say.
  const worked = customer.other_seller_application;
  return (
    <Grid size={12}>
      <Alert severity={worked === null ? 'info' : 'warning'} data-testid="existing-customer">
        {worked === null ? existingCustomerText(customer) : customerWorkedMessage(worked)}
      </Alert>
    </Grid>
  );
}
