import { MESSAGE_CHANNELS, MESSAGE_STATUSES, labelOf, type MessageRow } from '@backoffice/shared';
import { Alert, alpha, Box, Card, CardContent, CardHeader, Chip, Divider, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { dateTime } from '../../../lib/format';
import { useCustomerMessages } from '../../../lib/socket';
import { conversationKey, useConversation } from '../api/get-conversation';
import { SendMessageForm } from './send-message-form';

const STATUS_COLORS = { queued: 'warning', sent: 'info', delivered: 'success', failed: 'error', received: 'secondary' } as const;

function Bubble({ message }: { message: MessageRow }) {
  const out = message.direction === 'out';
  return (
    <Box
      data-testid="conversation-message"
      data-direction={message.direction}
      sx={{ display: 'flex', justifyContent: out ? 'flex-end' : 'flex-start' }}
    >
      <Box
        sx={(theme) => ({
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: out ? alpha(theme.palette.primary.main, 0.12) : theme.palette.action.hover,
          border: 1,
          borderColor: out ? 'primary.light' : 'divider',
        })}
      >
        {message.subject && <Typography sx={{ fontWeight: 600 }}>{message.subject}</Typography>}
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary">
            {labelOf(MESSAGE_CHANNELS, message.channel)} · {dateTime(message.created_at)}
            {out ? ` · ${message.user_name ?? 'Sistema'}` : ''}
            {message.template_name ? ` · ${message.template_name}` : ''}
          </Typography>
          {out && (
            <Chip
              size="small"
              color={STATUS_COLORS[message.status]}
              label={labelOf(MESSAGE_STATUSES, message.status)}
              title={message.error ?? undefined}
            />
          )}
        </Stack>
      </Box>
    </Box>
  );
}

/**
 * A customer's conversation, chat-like: every channel in and out, the newest at the bottom, the send form
 * under it (when `canSend` and the customer has an application to write about). A message the customer sends
 * appears live: the screen is in the customer's realtime room while open.
 */
export function Conversation({ customerId, canSend }: { customerId: number; canSend: boolean }) {
  const conversation = useConversation(customerId);
  const queryClient = useQueryClient();
  const end = useRef<HTMLDivElement>(null);
  useCustomerMessages(customerId, () => void queryClient.invalidateQueries({ queryKey: conversationKey(customerId) }));
  const count = conversation.data?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  if (conversation.isPending) return <LoadingIndicator loading loadingText="Cargando conversación…" />;
  if (conversation.error) return <Alert severity="error">{conversation.error.message}</Alert>;
  const { customer, lead_id: leadId, messages } = conversation.data;
  return (
    <Card>
      <CardHeader title={customer.name} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5} sx={{ maxHeight: '60vh', overflowY: 'auto', pr: 1 }} data-testid="conversation">
          {messages.length === 0 && <Typography color="text.secondary">Todavía no hay mensajes con este cliente.</Typography>}
          {messages.map((message) => (
            <Bubble key={message.id} message={message} />
          ))}
          <div ref={end} />
        </Stack>
        {canSend && leadId !== null && (
          <>
            <Divider sx={{ my: 2 }} />
            <SendMessageForm
              target={{ leadId }}
              compact
              onSent={() => void queryClient.invalidateQueries({ queryKey: conversationKey(customerId) })}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
