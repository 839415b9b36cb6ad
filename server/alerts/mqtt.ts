import mqtt from 'mqtt';
import { registerChannelSender, type AlertMessage, type ChannelConfig, type DeliveryOutcome } from './channel.js';

function urlRefusal(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'an MQTT channel needs a url (mqtt://host:1883)';
  try {
    const url = new URL(value);
    if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol))
      return 'an MQTT url must be mqtt://, mqtts://, ws:// or wss://';
    if (url.username !== '' || url.password !== '') return 'put the password in the password secret, not in the URL';
  } catch {
    return `"${value}" is not a URL`;
  }
  return null;
}

/** Publishes the console's JSON to a topic (Home Assistant, Node-RED, building systems). */
export function createMqttSender() {
  return {
    type: 'mqtt',
    validate(settings: Record<string, unknown>): string | null {
      const refusal = urlRefusal(settings.url);
      if (refusal !== null) return refusal;
      if (typeof settings.topic !== 'string' || settings.topic === '' || /[+#]/.test(settings.topic)) {
        return 'an MQTT channel needs a topic without wildcards';
      }
      if (settings.qos !== undefined && ![0, 1, 2].includes(settings.qos as number)) return 'qos must be 0, 1 or 2';
      return null;
    },
    async send(message: AlertMessage, channel: ChannelConfig, signal: AbortSignal): Promise<DeliveryOutcome> {
      const username = typeof channel.settings.username === 'string' ? channel.settings.username : undefined;
      const client = mqtt.connect(String(channel.settings.url), {
        username,
        password: channel.secrets.password,
        connectTimeout: 10_000,
        reconnectPeriod: 0,
        clean: true,
      });
      // Errors reach the send through the connect and the publish; one more after those, with no
      // listener, would be thrown by the emitter and end the process.
      client.on('error', () => undefined);
      const abort = () => client.end(true);
      signal.addEventListener('abort', abort, { once: true });
      try {
        await new Promise<void>((resolve, reject) => {
          client.once('connect', () => resolve());
          client.once('error', reject);
          client.once('close', () => reject(new Error('the broker closed the connection')));
        });
        const qos = (channel.settings.qos ?? 1) as 0 | 1 | 2;
        const payload = JSON.stringify({ type: `alert.${message.kind}`, alert: message });
        await client.publishAsync(String(channel.settings.topic), payload, {
          qos,
          retain: channel.settings.retain === true,
        });
        return { ok: true, retry: false };
      } catch (error) {
        const code = (error as { code?: number }).code;
        // CONNACK 4/5: bad credentials or not authorised; trying again will not help.
        const refused = code === 4 || code === 5 || code === 134 || code === 135;
        return { ok: false, detail: (error as Error).message.slice(0, 300), retry: !refused };
      } finally {
        signal.removeEventListener('abort', abort);
        await client.endAsync(true).catch(() => undefined);
      }
    },
  };
}

export function registerMqttSender(): void {
  registerChannelSender(createMqttSender());
}
