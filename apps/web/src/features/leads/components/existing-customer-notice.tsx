import { customerLookupQuerySchemas, type CustomerLookup } from '@backoffice/shared';
import { Alert, Grid } from '@mui/material';
import { useEffect, useState } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { COUNTRY } from '../../../config/env';
import { useCustomerLookup } from '../api/lookup-customer';

const lookupSchema = customerLookupQuerySchemas[COUNTRY];
/** A pause in typing before the document is looked up: a DNI is already well-formed at its 7th digit. */
const LOOKUP_DELAY_MS = 300;

/** 'a, b y c'. */
const listed = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}` : items.join(''));

/**
 * What a new application does to an existing customer (the server's rule, LeadsRepository.create): its
 * identity and a stored bank account stay; cellphone, email and the address, when given, are updated.
 */
export function existingCustomerText(customer: NonNullable<CustomerLookup['customer']>): string {
  const applications = `${customer.applications} ${customer.applications === 1 ? 'solicitud' : 'solicitudes'}`;
  const kept = ['nombre', 'fecha de nacimiento', ...(COUNTRY === 'arg' ? ['CUIL'] : []), ...(customer.has_bank_account ? ['cuenta bancaria'] : [])];
  const account = customer.has_bank_account ? '' : '; no tiene cuenta bancaria: se guarda la que indiques';
  return (
    `Cliente existente: ${customer.last_name}, ${customer.first_name} · ${applications}. ` +
    `Se mantienen su ${listed(kept)}; se actualizan celular, email y domicilio si los completas${account}.`
  );
}

/**
 * Tells, before saving, that the document typed is already a customer of the country: the new lead will
 * be theirs, and the names typed will not replace theirs. A grid row of the form, or nothing.
 */
export function ExistingCustomerNotice({ control }: { control: Control<FieldValues> }) {
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
  const customer = doc !== undefined && key === settled ? lookup.data?.customer : undefined;
  if (!customer) return null;
  return (
    <Grid size={12}>
      <Alert severity="info" data-testid="existing-customer">
        {existingCustomerText(customer)}
      </Alert>
    </Grid>
  );
}
