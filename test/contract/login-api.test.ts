import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../adapters/clock/fake-clock.ts';
import { FakeHttp } from '../../adapters/http/fake-http.ts';
import { installFakeLoginApi } from '../../adapters/http/fake-login-api.ts';
import { loginApiContract } from './login-api.contract.ts';

loginApiContract('installFakeLoginApi over FakeHttp', () => {
  const http = new FakeHttp();
  installFakeLoginApi(http);
  return http;
});

describe('installFakeLoginApi', () => {
  const login = (http: FakeHttp) =>
    http.send({ method: 'POST', url: '/api/Login/Login', body: { userName: 'seeded', password: 'secret-01' }, timeoutMs: 1 });

  it('starts with seeded users and lets tests end every session', async () => {
    const http = new FakeHttp();
    const state = installFakeLoginApi(http, { users: [{ userName: 'seeded', password: 'secret-01', nickName: '种子' }] });
    const answer = (await login(http)).body as { data: { nickName: string; token: Record<string, string | number> } };
    expect(answer.data.nickName).toBe('种子');
    expect(state.sessions.size).toBe(1);
    state.sessions.clear();
    const token = { ...answer.data.token, login_uid: answer.data.token.uid };
    expect((await http.send({ method: 'POST', url: '/api/Login/Validates', body: token, timeoutMs: 1 })).body).toMatchObject({ ret: 201 });
  });

  it('lets tokens expire on the given clock', async () => {
    const clock = new FakeClock();
    const http = new FakeHttp();
    installFakeLoginApi(http, { clock, tokenLifetimeS: 60, users: [{ userName: 'seeded', password: 'secret-01' }] });
    const answer = (await login(http)).body as { data: { token: Record<string, string | number> } };
    const token = { ...answer.data.token, login_uid: answer.data.token.uid };
    const validate = async () => (await http.send({ method: 'POST', url: '/api/Login/Validates', body: token, timeoutMs: 1 })).body;
    expect(await validate()).toMatchObject({ ret: 200 });
    clock.advance(61_000);
    expect(await validate()).toMatchObject({ ret: 201 });
  });
});
