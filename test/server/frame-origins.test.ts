import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../server/http/security-headers.ts';

/** The app page's frame-src as a server with these settings sends it (issue 31: /iframe frames allowed sites only). */
async function frameSrc(options: Parameters<typeof registerSecurityHeaders>[1]): Promise<string[]> {
  const app = Fastify({ logger: false });
  await registerSecurityHeaders(app, options);
  app.get('/vip', async () => 'page');
  try {
    const page = await app.inject({ method: 'GET', url: '/vip' });
    const policy = String(page.headers['content-security-policy']);
    return policy.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === 'frame-src')?.slice(1) ?? [];
  } finally {
    await app.close();
  }
}

describe('what the app page may frame', () => {
  it('by default its own origin only: not even another API origin (the gateway is opened, never framed)', async () => {
    expect(await frameSrc({})).toEqual(["'self'"]);
    expect(await frameSrc({ apiBase: 'https://api.example.com' })).toEqual(["'self'"]);
  });

  it('the sites FRAME_ORIGINS lists, for /iframe', async () => {
    expect(await frameSrc({ frameOrigins: ['https://help.example.com', 'http://127.0.0.1:8080'] })).toEqual(["'self'", 'https://help.example.com', 'http://127.0.0.1:8080']);
  });
});
