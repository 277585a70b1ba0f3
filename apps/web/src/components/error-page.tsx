import { MESSAGES } from '@backoffice/shared';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';

export interface ErrorPageProps {
  statusCode?: number;
  /** Extra detail under the description, e.g. 'Page not found: /x' or the server's status message. */
  statusMessage?: string;
}

/** SPEC 2: status code, title, description, a 404 image and 'Back to Home' to '/'. Blank layout. */
export function ErrorPage({ statusCode = 500, statusMessage }: ErrorPageProps) {
  const notFound = statusCode === 404;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 560 }}>
        <Typography variant="h1" sx={{ fontWeight: 700, fontSize: { xs: '4rem', sm: '6rem' }, lineHeight: 1 }}>
          {statusCode}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
          {notFound ? MESSAGES.notFoundTitle : MESSAGES.errorTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {notFound ? MESSAGES.notFoundDescription : MESSAGES.errorDescription}
        </Typography>
        {statusMessage && (
          <Typography
            data-testid="error-status-message"
            color="text.secondary"
            sx={{ mt: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {statusMessage}
          </Typography>
        )}
        <Box component="img" src="/images/404.svg" alt="404" sx={{ width: '100%', maxWidth: 360, my: 4 }} />
        <Box>
          <Button component={Link} to="/" variant="contained" size="large">
            {MESSAGES.backToHome}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
