import { api, data } from './client.ts';
import type { Answer, Body } from './answers.ts';

export type Bot = Answer<'list_bots'>[number];
export type NewBot = Body<'register_bot'>;

export const listBots = () => data<unknown>()(api.GET('/api/bots'));

/** Answers the bot with its secret (`secret_key`), which the service shows only this once. */
export const registerBot = (bot: NewBot) => data<unknown>()(api.POST('/api/bots', { body: bot }));

export const resetBotSecret = (botId: string) =>
  data<unknown>()(api.POST('/api/bots/{bot_id}/reset-secret', { params: { path: { bot_id: botId } } }));

export const revokeBot = (botId: string) => data<unknown>()(api.DELETE('/api/bots/{bot_id}', { params: { path: { bot_id: botId } } }));
