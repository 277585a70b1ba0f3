import type { MessageChannel } from '@backoffice/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MessagingConfig } from '../../config';

/** What an adapter sends: the customer's address (national cellphone or email) and the rendered text. */
export interface OutboundMessage {
  id: number;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  body: string;
}

export interface MessageAdapter {
  /** Hands the message to the channel; answers the provider's id of it (delivery receipts name it). Throws why not. */
  send(message: OutboundMessage): Promise<{ providerId: string }>;
}

export type MessageAdapters = Record<MessageChannel, MessageAdapter>;

/**
 * Records messages instead of sending them (the default, like telephony's): an address ending in the
 * configured suffix fails, and `failNext` makes the next sends fail (to see retries).
 */
export class SimulatorAdapter implements MessageAdapter {
  readonly sent: OutboundMessage[] = [];
  failNext = 0;
  constructor(private readonly failSuffix: string) {}

  async send(message: OutboundMessage): Promise<{ providerId: string }> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('Simulador: el proveedor no respondió');
    }
    if (this.failSuffix && message.to.endsWith(this.failSuffix)) throw new Error(`Simulador: destino rechazado (${message.to})`);
    this.sent.push(message);
    return { providerId: `sim-${message.channel}-${message.id}-${this.sent.length}` };
  }
}

/** Email through SMTP (nodemailer). */
export class SmtpAdapter implements MessageAdapter {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: OutboundMessage): Promise<{ providerId: string }> {
    const info = await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject ?? '', text: message.body });
    return { providerId: String(info.messageId) };
  }
}

/**
 * SMS or WhatsApp through an HTTP provider: POST {to, body, reference} with the provider's token; a 2xx
 * answers {id}. Anything else is a failure that says what the provider said.
 */
export class HttpProviderAdapter implements MessageAdapter {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: OutboundMessage): Promise<{ providerId: string }> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token && { authorization: `Bearer ${this.token}` }) },
      body: JSON.stringify({ to: message.to, body: message.body, channel: message.channel, reference: String(message.id) }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Proveedor ${response.status}: ${text.slice(0, 200)}`);
    const id = (JSON.parse(text) as { id?: unknown }).id;
    if (typeof id !== 'string' && typeof id !== 'number') throw new Error('Proveedor: respuesta sin id');
    return { providerId: String(id) };
  }
}

/** Each channel's adapter from the configuration: the simulator unless a provider is configured. */
export function messageAdapters(config: MessagingConfig): MessageAdapters {
  const simulator = new SimulatorAdapter(config.simulateFailSuffix);
  return {
    sms: config.smsUrl ? new HttpProviderAdapter(config.smsUrl, config.providerToken) : simulator,
    whatsapp: config.whatsappUrl ? new HttpProviderAdapter(config.whatsappUrl, config.providerToken) : simulator,
    email: config.smtpUrl ? new SmtpAdapter(config.smtpUrl, config.emailFrom) : simulator,
  };
}
