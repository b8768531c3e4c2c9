/** Accounts a journey starts with, made through the API as registration makes them (not a test itself). */
import { expect } from 'vitest';

/** Registers `userName` with `password` on the running app, outside any browser context. */
export async function registerThroughApi(appUrl: string, userName: string, password: string): Promise<void> {
  const registered = await fetch(`${appUrl}/api/Login/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userName, password, System: 'h5', AppVersion: '1.0', SystemVersion: 'h5', version: 'H3', Lang: '0' }).toString(),
  });
  expect(((await registered.json()) as { ret: number }).ret).toBe(200);
}
