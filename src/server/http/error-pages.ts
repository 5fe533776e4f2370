/** The edge's own error answers: JSON `{message}` under /api, a small Hebrew page elsewhere, with no inline script or style. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { prepareResponse, sendPrepared } from './prepared-response.ts';
import { apiMessages } from '../api/messages.ts';
import { errorBody } from '../../lib/api/errors.ts';

export const serverMessages = {
  badHost: 'כתובת השרת בבקשה (Host) אינה תקינה',
  hostNotAllowed: 'השרת אינו משרת את הכתובת הזאת',
  badTarget: 'כתובת הבקשה אינה תקינה',
  badRequest: 'הבקשה אינה תקינה',
  headersTooLarge: 'כותרות הבקשה גדולות מדי',
  timeout: 'הבקשה נמשכה זמן רב מדי',
  methodNotAllowed: apiMessages.methodNotAllowed,
  methodNotImplemented: apiMessages.methodNotImplemented,
  bodyTooLarge: apiMessages.bodyTooLarge,
  uriTooLong: apiMessages.uriTooLong,
} as const;

const TITLES: Record<number, string> = {
  400: 'בקשה שגויה',
  414: 'הכתובת ארוכה מדי',
  405: 'השיטה אינה נתמכת',
  408: 'תם הזמן',
  413: 'הבקשה גדולה מדי',
  431: 'הכותרות גדולות מדי',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function errorPage(status: number, message: string): string {
  const title = TITLES[status] ?? 'שגיאה';
  return `<!doctype html>
<html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | חנות התיפלצים</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">לדף הבית של חנות התיפלצים</a></p></main></body></html>
`;
}

/** Answers and ends (HEAD: the headers only), through the sender. */
export function answerError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  options: {
    api: boolean;
    cors?: readonly string[] | undefined;
    headers?: Record<string, string> | undefined;
    close?: boolean | undefined;
  },
): void {
  const body = options.api ? errorBody(message) : errorPage(status, message);
  const type = options.api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8';
  const answer = prepareResponse(status, { 'content-type': type, 'cache-control': 'no-store' }, Buffer.from(body));
  sendPrepared(req, res, answer, {
    cors: options.api ? options.cors : undefined,
    headers: options.headers,
    close: options.close,
  });
}
