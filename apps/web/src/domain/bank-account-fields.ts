import { COL_ACCOUNT_TYPES, COL_ACCOUNT_TYPE_LABELS, COL_BANKS } from '@backoffice/shared';
import type { FieldValues, Path } from 'react-hook-form';
import type { FormFieldSpec } from '../components/form-fields';
import { COUNTRY } from '../config/env';
import { say } from '../lib/voice';

/**
 * The customer's bank account (DOMAIN 2): arg a CBU, which names its bank; col a bank, the account's type and
 * its number (a wallet, Nequi or Daviplata: no type, the holder's cellphone as the number).
 * `lockedBecause`: why it cannot change now (an application in audit or transfer): shown, not editable; but
 * the type of an account stored without one (`typeMissing`) may still be filled in.
 */
export function bankAccountFieldSpecs<T extends FieldValues>(lockedBecause?: string, { typeMissing = false } = {}): FormFieldSpec<T>[] {
  const lock = lockedBecause ? { disabled: true, helper: lockedBecause } : {};
  const typeLock = typeMissing ? { helper: say('Falta el tipo de cuenta: complétalo') } : { ...lock, helper: undefined };
  return COUNTRY === 'arg'
    ? [{ name: 'bank_account' as Path<T>, label: 'CBU', size: 12, helper: '22 dígitos (opcional)', ...lock }]
    : [
        { name: 'bank' as Path<T>, label: 'Banco', size: 4, options: COL_BANKS, emptyOption: 'Sin banco', ...lock, helper: undefined },
        {
          name: 'bank_account_type' as Path<T>,
          label: 'Tipo de cuenta',
          size: 4,
          options: COL_ACCOUNT_TYPES,
          optionLabels: COL_ACCOUNT_TYPE_LABELS,
          emptyOption: 'Sin tipo',
          ...typeLock,
        },
        {
          name: 'bank_account' as Path<T>,
          label: 'Número de cuenta',
          size: 4,
          helper: 'En Nequi y Daviplata: el celular, sin tipo',
          ...lock,
        },
      ];
}
