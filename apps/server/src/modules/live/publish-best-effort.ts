import type { TLiveMessage } from '@escriba/contract';
import type { App } from '../../platform/services';
import { publishToUser } from './live-hub';

/**
 * Sends a live message to the user's sockets on every instance, if pub/sub is up. Live messages are a
 * courtesy on top of what is stored (transcript, evidence status, note), which the page reads again
 * whenever its socket (re)connects: a pub/sub outage must not hold the work back.
 */
export async function publishBestEffort(app: App, userId: string, message: TLiveMessage): Promise<void> {
  try {
    await publishToUser(app.pubsub, userId, message);
  } catch (error) {
    app.log.warn({ err: error, type: message.type }, 'live message not delivered: pub/sub unavailable');
  }
}
