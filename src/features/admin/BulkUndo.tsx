/** The audit's way to take back a bulk change (./BulkBar.tsx), there for as long as none of its animals changed since. */
import { useState } from 'react';
import { BUTTON_SECONDARY } from '../../lib/classes.ts';
import { adminRequest } from './admin-client.ts';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { adminStrings } from './strings.ts';
import type { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.bulk;

export default function BulkUndo({ change, count }: { change: number; count: number }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [problem, setProblem] = useState<ApiError | undefined>();

  async function undo() {
    setState('busy');
    setProblem(undefined);
    try {
      await adminRequest(`/animals/bulk/${change}/undo`, { method: 'POST' });
      setState('done');
    } catch (failure) {
      setProblem(asRequestError(failure));
      setState('idle');
    }
  }

  return (
    <div className="mt-2 flex flex-col gap-1">
      <p role="status">{state === 'done' ? t.undone(count) : ''}</p>
      {state !== 'done' && (
        <div>
          <button
            type="button"
            disabled={state === 'busy'}
            onClick={() => void undo()}
            className={`${BUTTON_SECONDARY} px-3 py-1 text-sm`}
          >
            {t.undo}
          </button>
        </div>
      )}
      {problem && <RequestProblem error={problem} />}
    </div>
  );
}
