import { MESSAGES } from '@backoffice/shared';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { IconCopy } from '@tabler/icons-react';
import { useNotify } from '../../../components/notifications';

/** A read-only field with a copy button, disabled when the text is empty (SPEC 2, 5). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify({ message: MESSAGES.copied, color: 'success' });
    } catch (error) {
      console.error(error);
      notify({ message: MESSAGES.copyError, color: 'error' });
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title="Copiar">
                {/* The span keeps the tooltip working on a disabled button. */}
                <span>
                  <IconButton aria-label={`Copiar ${label}`} onClick={() => void copy()} disabled={value === ''} edge="end">
                    <IconCopy size={18} />
                  </IconButton>
                </span>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
