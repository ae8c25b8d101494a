/**
 * One API call of a bench against its own server at `base`: GET without a body, POST with one;
 * resolves with the envelope's `data`, throws naming the path when `success` is false.
 */
export async function benchApi<T>(base: string, token: string | null, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json() as { success: boolean; data: T; error?: string };
  if (!envelope.success) throw new Error(`${pathname}: ${envelope.error}`);
  return envelope.data;
}
