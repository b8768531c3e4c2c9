/** Waiting on a page in happy-dom (the notifier contracts' harnesses), not a test file itself. */

/** Polls until check returns a value (or throws after timeoutMs). */
export async function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 2_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An element's text, trimmed ('' for none). */
export const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';
