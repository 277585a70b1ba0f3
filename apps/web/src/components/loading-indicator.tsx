import { Box, CircularProgress, Dialog, Typography, type CircularProgressProps } from '@mui/material';

/** SPEC 2: loading, loadingText, color, className, size and dialog. */
export interface LoadingIndicatorProps {
  loading: boolean;
  loadingText?: string;
  color?: CircularProgressProps['color'];
  className?: string;
  size?: number;
  /** Show it in a modal dialog that blocks the page. */
  dialog?: boolean;
}

export function LoadingIndicator({ loading, loadingText, color = 'primary', className, size = 40, dialog = false }: LoadingIndicatorProps) {
  if (!loading) return null;
  const content = (
    <Box
      className={className}
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, p: 4 }}
    >
      <CircularProgress color={color} size={size} />
      {loadingText && <Typography color="text.secondary">{loadingText}</Typography>}
    </Box>
  );
  return dialog ? <Dialog open>{content}</Dialog> : content;
}
