/**
 * Requests Node's HTTP parser refuses before any handler runs (an unknown method, a request line
 * or headers past the limit, broken syntax, a timeout) get a Hebrew JSON `{message}` with the right
 * status instead of Node's bare answer. No CORS: the refused request's headers were never read.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { apiMessages } from './messages.ts';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  501: 'Not Implemented',
};

/** The status and message for a parser error code (llhttp's HPE_* codes, Node's ERR_HTTP_*). */
export function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: apiMessages.headersTooLarge };
    case 'HPE_INVALID_METHOD':
      return { status: 501, message: apiMessages.methodNotImplemented };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: apiMessages.requestTimeout };
    default:
      return { status: 400, message: apiMessages.badRequest };
  }
}

function onClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = clientErrorAnswer(error.code);
  const body = Buffer.from(JSON.stringify({ message }));
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'Cache-Control: no-store\r\n' +
      `Content-Length: ${body.length}\r\n` +
      'Connection: close\r\n\r\n' +
      body.toString('latin1'),
    'latin1',
  );
}

/** Makes `server` answer parser errors as above. */
export function answerClientErrorsAsJson(server: http.Server): void {
  server.on('clientError', onClientError);
}
