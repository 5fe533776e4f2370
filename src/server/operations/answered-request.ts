/** One answered request, as the front tells the request log and the metrics. */
import type { SearchOutcome } from './request-context.ts';

export type RequestKind = 'page' | 'api' | 'admin' | 'static' | 'health' | 'metrics';

export interface AnsweredRequest {
  requestId: string;
  kind: RequestKind;
  method: string;
  /** The request target as it came, query values included: the log keeps only its path and parameter names (loggedPath). */
  target: string | undefined;
  status: number;
  /** The body's bytes as sent (0 for HEAD and 304). */
  bytes: number;
  /** From the request's arrival to the answer's last byte handed to the system. */
  seconds: number;
  /** A cache hit (`memory`) or a miss the edge made now; undefined for what it does not cache (POST, refusals, probes). */
  source: 'memory' | 'made' | undefined;
  /** The shopper's search this request answered, if any (never logged: the metrics count it). */
  search: SearchOutcome | undefined;
  /** The client went away before the whole answer was sent. */
  aborted: boolean;
}
