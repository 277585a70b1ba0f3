import { Alert, Box, Button, Stack } from '@mui/material';
import { say } from '../../../lib/voice';

/** The recovery codes, shown once at enrolment: each signs in once when the phone is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success" sx={{ alignSelf: 'stretch' }}>
        {say(
          'Verificación en dos pasos activada. Guarda estos códigos de recuperación en un lugar seguro: cada uno sirve para ingresar una sola vez si no tienes tu teléfono, y no se volverán a mostrar.',
        )}
      </Alert>
      <Box
        component="ul"
        data-testid="recovery-codes"
        sx={{
          m: 0,
          pl: 0,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 4,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone}>
        Ya guardé los códigos
      </Button>
    </Stack>
  );
}
