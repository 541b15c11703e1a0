/** Where the stress bot's entry is (bot-process.ts starts a bot when imported, so it is never imported). */
import { fileURLToPath } from 'node:url';

export const BOT_ENTRY = fileURLToPath(new URL('./bot-process.ts', import.meta.url));
