import { CLOSED_LEAD_MESSAGE, isClosedStatus, type LeadDetail } from '@backoffice/shared';
import { Alert, Button, Card, CardContent, CardHeader, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { ManagementStatusForm, NoteForm, SaveError, useNotifyStale } from '../../../domain/lead-forms';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useFilterResource } from '../../../lib/filter-resources';
import { useAddNote, useReassignSeller, useSetManagementStatus } from '../api/lead-mutations';

/** Keyed by the lead's version: the mutation's state goes with the form (a save or a 409 starts afresh). */
function ManagementForm({ lead }: { lead: LeadDetail }) {
  const setManagement = useSetManagementStatus(lead.id);
  return <ManagementStatusForm id="management-status" current={lead.management_status} version={lead.version} mutation={setManagement} />;
}

function ReassignForm({ lead }: { lead: LeadDetail }) {
  const sellers = useFilterResource('sellers');
  const [sellerId, setSellerId] = useState<string>(lead.seller ? String(lead.seller.id) : '');
  const reassign = useReassignSeller(lead.id);
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyStale = useNotifyStale();
  const notifyError = useNotifyError();
  const reassignTo = async () => {
    const name = sellers.find((s) => String(s.id) === sellerId)?.name;
    if (!(await confirm({ message: `¿Reasignar el lead a ${name}?` }))) return;
    reassign.mutate(
      { seller_id: Number(sellerId), version: lead.version },
      { onSuccess: () => notify('Lead reasignado'), onError: notifyStale },
    );
  };
  return (
    <Stack spacing={1}>
      <FormControl size="small">
        <InputLabel id="reassign-seller">Vendedor</InputLabel>
        <Select labelId="reassign-seller" label="Vendedor" value={sellerId} onChange={(event) => setSellerId(event.target.value)}>
          {sellers.map((seller) => (
            <MenuItem key={seller.id} value={String(seller.id)}>
              {seller.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <SaveError error={reassign.error} />
      <Button
        variant="outlined"
        disabled={!sellerId || Number(sellerId) === lead.seller?.id || reassign.isPending}
        onClick={() => void reassignTo().catch(notifyError)}
        sx={{ alignSelf: 'flex-end' }}
      >
        Reasignar
      </Button>
    </Stack>
  );
}

/**
 * What the role may do on the lead; the server checks each action again. `noteForm: false` where the note
 * form is elsewhere (a phone's action bar): one form, one draft.
 */
export function LeadActions({
  lead,
  canReassign,
  canEdit,
  noteForm = true,
}: {
  lead: LeadDetail;
  canReassign: boolean;
  canEdit: boolean;
  noteForm?: boolean;
}) {
  const addNote = useAddNote(lead.id);
  if (!canEdit) return null;
  return (
    <Card>
      <CardHeader title="Acciones" />
      <CardContent>
        <Stack spacing={3}>
          {noteForm && <NoteForm mutation={addNote} draftKey={`note_${lead.id}`} timeline={lead.timeline} />}
          {isClosedStatus(COUNTRY, lead.status_id) ? (
            <Alert severity="info">{CLOSED_LEAD_MESSAGE}</Alert>
          ) : (
            <>
              <ManagementForm key={`m-${lead.version}`} lead={lead} />
              {canReassign && <ReassignForm key={`r-${lead.version}`} lead={lead} />}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
