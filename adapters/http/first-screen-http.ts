import { FIRST_SCREEN_CALL, FIRST_SCREEN_DATA_ID } from '../../src/core/catalogue/first-screen.ts';
import type { Http, HttpRequest, HttpResponse } from '../../src/core/ports/http.ts';

/** Parameters that make a call the signed-in user's or another channel's: the page's answer is a visitor's 推荐. */
const NOT_THE_VISITORS = ['category', 'login_uid', 'token'];

/**
 * The transport with the answer the page came with: the server sends `/` with the visitor's GetHomeData answer in
 * a JSON data block (server/static/first-screen-page.ts). The first GetHomeData call is answered from it when it is
 * a visitor's call for 推荐 (no category, no session), instead of asking again after the app has started; whatever
 * the first GetHomeData call is, the answer is used up by it (a refresh, a later visit or a signed-in user's
 * call goes to the server). Every other call goes to the wrapped transport.
 */
export class FirstScreenHttp implements Http {
  constructor(
    private readonly inner: Http,
    private answer: unknown,
  ) {}

  /** The transport, wrapped when the page carries a first-screen answer (the data block is read once and removed). */
  static fromDocument(inner: Http, document: Document): Http {
    const element = document.getElementById(FIRST_SCREEN_DATA_ID);
    if (!element) return inner;
    element.remove();
    try {
      return new FirstScreenHttp(inner, JSON.parse(element.textContent ?? ''));
    } catch {
      return inner;
    }
  }

  send(request: HttpRequest): Promise<HttpResponse> {
    if (this.answer === undefined || request.method !== 'GET' || request.url !== FIRST_SCREEN_CALL) return this.inner.send(request);
    const answer = this.answer;
    this.answer = undefined;
    const params = request.params ?? {};
    const visitors = NOT_THE_VISITORS.every((key) => params[key] === undefined || params[key] === null);
    if (!visitors || request.signal?.aborted) return this.inner.send(request);
    return Promise.resolve({ status: 200, body: answer });
  }
}
