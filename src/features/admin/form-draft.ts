/**
 * An admin form's draft in sessionStorage, under the form's own key: a reload, or signing in again
 * after the session expired, loses nothing typed. Missing, full or unreadable storage is no draft.
 */
function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadFormDraft<T extends object>(key: string): Partial<T> | undefined {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function saveFormDraft(key: string, values: object): void {
  try {
    storage()?.setItem(key, JSON.stringify(values));
  } catch {
    // Full or blocked storage: the text is still in the form.
  }
}

export function clearFormDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
