import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import { calendarDate, money } from '../../../lib/format';
import { useRegretCandidates } from '../api/get-regret-candidates';
import { useFileRegret } from '../api/regret-mutations';

/** Files a regret on a loan still within its legal period; the revocation code is shown at once. */
export function FileRegretButton() {
  const [open, setOpen] = useState(false);
  const candidates = useRegretCandidates(open);
  const file = useFileRegret();
  const notify = useNotify();
  return (
    <>
      <Button variant="contained" startIcon={<IconArrowBackUp size={18} />} onClick={() => setOpen(true)}>
        Registrar arrepentimiento
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>Registrar arrepentimiento</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Préstamos dentro del plazo legal, sin arrepentimiento abierto:
          </Typography>
          {candidates.error && <Alert severity="error">{candidates.error.message}</Alert>}
          {candidates.data?.length === 0 && <Alert severity="info">No hay préstamos dentro del plazo legal.</Alert>}
          <List dense data-testid="regret-candidates">
            {candidates.data?.map((c) => (
              <ListItemButton
                key={c.loan_id}
                disabled={file.isPending}
                onClick={() =>
                  file.mutate(
                    { loan_id: c.loan_id },
                    {
                      onSuccess: (regret) => {
                        setOpen(false);
                        notify({
                          message: `Arrepentimiento registrado. Código de revocación: ${regret.revocation_code}`,
                          color: 'success',
                          timeout: null,
                        });
                      },
                      onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
                    },
                  )
                }
              >
                <ListItemText
                  primary={`Préstamo #${c.loan_id} · ${c.customer_name} (${c.document})`}
                  secondary={`Desembolso ${calendarDate(c.disbursed_on)} · ${money(c.principal)} · plazo hasta el ${calendarDate(c.deadline)}`}
                />
              </ListItemButton>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancelar</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
