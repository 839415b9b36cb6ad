import { registerEmailSender, type SmtpDefaults } from './email.js';
import { registerMqttSender } from './mqtt.js';
import { registerWebhookSender } from './webhook.js';

/** Plugs every channel type in; the Web Push sender (server/alerts/push/) adds its own import here. */
export function registerSenders(smtp: SmtpDefaults, timeZone: () => string): void {
  registerWebhookSender(timeZone);
  registerEmailSender(smtp, timeZone);
  registerMqttSender();
}
