import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useVerifyDebtFree } from '../../features/debt-frees/api/verify-debt-free';
import { dateTime } from '../../lib/format';

/** /verificar?code=…: public (no sign-in) check of a debt-free certificate's verification code. */
export default function VerifyDebtFreeRoute() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const [typed, setTyped] = useState(code);
  const result = useVerifyDebtFree(code);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ maxWidth: 520, width: '100%' }}>
        <CardContent>
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <IconShieldCheck size={28} />
              <Typography variant="h5" component="h1">
                Verificar certificado de libre deuda
              </Typography>
            </Box>
            <Box
              component="form"
              sx={{ display: 'flex', gap: 1 }}
              onSubmit={(event) => {
                event.preventDefault();
                setParams({ code: typed.trim() });
              }}
            >
              <TextField
                label="Código de verificación"
                size="small"
                fullWidth
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
              <Button type="submit" variant="contained">
                Verificar
              </Button>
            </Box>
            {result.error && <Alert severity="error">{result.error.message}</Alert>}
            {result.data?.found === false && (
              <Alert severity="warning" data-testid="verify-result">
                No encontramos un certificado con ese código.
              </Alert>
            )}
            {result.data?.found === true && (
              <Alert severity="success" data-testid="verify-result">
                <Typography sx={{ fontWeight: 600 }}>Certificado auténtico emitido por {result.data.company}</Typography>
                <Typography>Titular: {result.data.holder}</Typography>
                <Typography>Documento: {result.data.document}</Typography>
                <Typography>Emitido: {dateTime(result.data.issued_at)}</Typography>
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
