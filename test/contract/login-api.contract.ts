import { describe, expect, it } from 'vitest';
import type { Http, HttpParams } from '../../src/core/ports/http.ts';

/**
 * The login calls of the reference API, spoken to over any Http: the in-memory imitation
 * (installFakeLoginApi) and, for whoever starts one, the real server.
 */
export function loginApiContract(name: string, makeHttp: () => Http | Promise<Http>): void {
  let serial = 0;
  /** A user name no earlier run has taken (a real server keeps its accounts). */
  const freshName = () => `u${Date.now().toString(36).slice(-6)}_${(serial += 1)}`;

  const post = async (http: Http, url: string, body: HttpParams = {}) => (await http.send({ method: 'POST', url, body, timeoutMs: 10_000 })).body;
  const get = async (http: Http, url: string, params: HttpParams = {}) => (await http.send({ method: 'GET', url, params, timeoutMs: 10_000 })).body;

  interface Answer {
    ret: number;
    msg: string;
    data: Record<string, unknown> | null;
  }
  /** Every token field plus login_uid, as the client sends them. */
  const tokenFields = (answer: unknown): HttpParams => {
    const token = (answer as Answer).data?.token as Record<string, string | number>;
    return { ...token, login_uid: token.uid };
  };

  describe(`login API contract: ${name}`, () => {
    it('registers a user and answers with the user and a token', async () => {
      const http = await makeHttp();
      const userName = freshName();
      const answer = (await post(http, '/api/Login/Register', { userName, password: 'secret-01', nickName: '小明' })) as Answer;
      expect(answer.ret).toBe(200);
      expect(answer.data).toMatchObject({ userNameRaw: userName, nickName: '小明', vipLevel: 0, newWorks: false, totalMsgCount: 0 });
      for (const field of ['id', 'uid', 'avatar', 'vipCategoryId', 'vipTypeName', 'eDate', 'email', 'phone', 'AreaCode', 'region']) {
        expect(answer.data).toHaveProperty(field);
      }
      const token = answer.data?.token as Record<string, unknown>;
      expect(Object.keys(token).sort()).toEqual(['expire', 'sign', 'token', 'uid']);
      expect(token.uid).toBe(answer.data?.uid);
      expect(answer.data?.id).toBe(answer.data?.uid);
    });

    it('validates registration fields like the server', async () => {
      const http = await makeHttp();
      const cases: Array<[HttpParams, number, string]> = [
        [{ password: 'secret-01' }, 1001, '缺少参数：userName'],
        [{ userName: freshName() }, 1001, '缺少参数：password'],
        [{ userName: 'ab', password: 'secret-01' }, 1002, '账号为4-20位字母、数字或下划线'],
        [{ userName: 'bad name!', password: 'secret-01' }, 1002, '账号为4-20位字母、数字或下划线'],
        [{ userName: freshName(), password: 'abc-123' }, 1002, '密码至少8位'],
        [{ userName: freshName(), password: 'x'.repeat(129) }, 1002, '密码最多128位'],
        [{ userName: freshName(), password: 'Password1' }, 1002, '该密码过于常见，容易被猜到，请换一个'],
      ];
      for (const [body, ret, msg] of cases) {
        expect(await post(http, '/api/Login/Register', body)).toEqual({ ret, msg, data: null });
      }
    });

    it('refuses a taken user name', async () => {
      const http = await makeHttp();
      const userName = freshName();
      expect(((await post(http, '/api/Login/Register', { userName, password: 'secret-01' })) as Answer).ret).toBe(200);
      expect(await post(http, '/api/Login/Register', { userName, password: 'secret-02' })).toEqual({ ret: 1003, msg: '该账号已被注册', data: null });
    });

    it('logs in with the right password only', async () => {
      const http = await makeHttp();
      const userName = freshName();
      await post(http, '/api/Login/Register', { userName, password: 'secret-01' });
      expect(await post(http, '/api/Login/Login', { userName, password: 'wrong11' })).toEqual({ ret: 1004, msg: '账号或密码错误', data: null });
      expect(await post(http, '/api/Login/Login', { userName: freshName(), password: 'secret-01' })).toEqual({ ret: 1004, msg: '账号或密码错误', data: null });
      expect(await post(http, '/api/Login/Login', { userName })).toEqual({ ret: 1001, msg: '缺少参数：password', data: null });
      const answer = (await post(http, '/api/Login/Login', { userName, password: 'secret-01' })) as Answer;
      expect(answer.ret).toBe(200);
      expect(answer.data?.userNameRaw).toBe(userName);
    });

    it('accepts a password with spaces', async () => {
      const http = await makeHttp();
      const userName = freshName();
      expect(((await post(http, '/api/Login/Register', { userName, password: 'my secret words' })) as Answer).ret).toBe(200);
      expect(((await post(http, '/api/Login/Login', { userName, password: 'my secret words' })) as Answer).ret).toBe(200);
    });

    it('asks for an image captcha after 3 failures for an account, and hands captchas out', async () => {
      const http = await makeHttp();
      const userName = freshName();
      await post(http, '/api/Login/Register', { userName, password: 'secret-01' });
      for (let i = 0; i < 3; i++) expect(((await post(http, '/api/Login/Login', { userName, password: `wrong-${i}` })) as Answer).ret).toBe(1004);
      expect(await post(http, '/api/Login/Login', { userName, password: 'secret-01' })).toEqual({ ret: 1007, msg: '请输入图形验证码', data: null });
      const captcha = (await get(http, '/api/Captcha/Get')) as Answer;
      expect(captcha).toMatchObject({ ret: 200, data: { id: expect.any(String), image: expect.stringMatching(/^data:image\/svg\+xml[;,]/), expiresIn: 300 } });
      expect(await post(http, '/api/Login/Login', { userName, password: 'secret-01', captchaId: captcha.data?.id as string, captchaCode: '-----' }))
        .toEqual({ ret: 1008, msg: '验证码错误或已失效，请重新输入', data: null });
    });

    it('validates a token, serves user info, and forgets the token at logout', async () => {
      const http = await makeHttp();
      const userName = freshName();
      const registered = await post(http, '/api/Login/Register', { userName, password: 'secret-01' });
      const token = tokenFields(registered);
      const validated = (await post(http, '/api/Login/Validates', token)) as Answer;
      expect(validated.ret).toBe(200);
      expect(validated.data?.userNameRaw).toBe(userName);
      const info = (await post(http, '/api/User/GetUserInfo', token)) as Answer;
      expect(info.ret).toBe(200);
      expect(info.data?.uid).toBe((registered as Answer).data?.uid);
      expect(((await post(http, '/api/Login/Logout', token)) as Answer).ret).toBe(200);
      expect(await post(http, '/api/Login/Validates', token)).toEqual({ ret: 201, msg: '登录已失效，请重新登录', data: null });
    });

    it('answers 201 to a missing or forged token', async () => {
      const http = await makeHttp();
      const registered = await post(http, '/api/Login/Register', { userName: freshName(), password: 'secret-01' });
      const token = tokenFields(registered);
      const invalid = { ret: 201, msg: '登录已失效，请重新登录', data: null };
      expect(await post(http, '/api/Login/Validates')).toEqual(invalid);
      expect(await post(http, '/api/User/GetUserInfo', { ...token, sign: 'forged' })).toEqual(invalid);
      expect(await post(http, '/api/Login/Validates', { ...token, token: 'forged' })).toEqual(invalid);
      expect(await post(http, '/api/Login/Validates', { ...token, login_uid: 1, uid: 1 })).toEqual(invalid);
    });

    it('tells the region and the Malaysia check', async () => {
      const http = await makeHttp();
      expect(await get(http, '/api/home/GetUserRegion')).toMatchObject({ ret: 200, data: { country: '中国', code: 'CN' } });
      expect(await get(http, '/api/user/IsMalaysia')).toMatchObject({ ret: 200 });
    });
  });
}
