/**
 * The main thread's small settings on the device (localStorage): install answer, analytics consent and queue. Storage
 * may be blocked (private mode, policy) or full: a read then answers nothing and a write holds for this page only.
 */
export function readDevice(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes `value`, or removes the key for null. */
export function writeDevice(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // blocked or full: nothing kept beyond this page
  }
}

export function readDeviceJson<T>(key: string, fallback: T): T {
  const raw = readDevice(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeDeviceJson(key: string, value: unknown): void {
  writeDevice(key, value === null ? null : JSON.stringify(value));
}
