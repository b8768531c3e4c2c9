import { describe, expect, it } from 'vitest';
import { installFakeMovieRequestsApi } from '../../../adapters/http/fake-movie-requests-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { MovieRequestTexts } from '../../../src/core/movie-requests/movie-requests-texts.ts';
import { MovieRequestsService } from '../../../src/core/movie-requests/movie-requests-service.ts';
import { checkDraft, kindYearText, wantsText } from '../../../src/core/movie-requests/title-rules.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { MovieRequestsViewModel } from '../../../src/ui/movie-requests/movie-requests-view-model.ts';

/** Lets pending promise callbacks run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

function setup() {
  const { container, world } = createHeadlessCore({ path: '/seekingMovies', withFakeApi: false });
  const api = installFakeMovieRequestsApi(world.http, {
    caller: (call) => {
      const uid = call.params['login_uid'] ?? call.body['login_uid'];
      return typeof uid === 'string' && uid !== '' ? Number(uid) : null;
    },
    now: () => world.clock.now(),
  });
  api.catalogue.push({ mediaKey: 'movie-03', title: '南城旧事', year: 2021 });
  const session = container.get(UserSession);
  const logIn = (id = 7) => {
    const user = parseUser({ id, nickName: '小遇', token: { uid: id, token: 'tok', expire: 9_999_999_999, sign: 'ab' } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
  };
  const service = new MovieRequestsService(container.get(ApiClient), session);
  const vm = new MovieRequestsViewModel(service, world.navigator, new SessionModel(session));
  const requests = () => world.http.requests.filter((r) => r.url.includes('SeekMovie'));
  return { world, api, vm, service, logIn, requests };
}

describe('movie request rules', () => {
  it('reads the form as the server does and says type, year and count as the list shows them', () => {
    expect(checkDraft({ title: '  流浪地球 ', year: '2019', kind: 'movie', note: ' ' })).toEqual({ ok: true, request: { title: '流浪地球', year: 2019, kind: 'movie' } });
    expect(checkDraft({ title: '！？', year: '', kind: 'movie', note: '' })).toEqual({ ok: false, problem: MovieRequestTexts.TitleInvalid });
    expect(checkDraft({ title: '片', year: '19', kind: 'movie', note: '' })).toEqual({ ok: false, problem: MovieRequestTexts.YearInvalid });
    expect(checkDraft({ title: '片'.repeat(31), year: '', kind: 'movie', note: '' })).toEqual({ ok: false, problem: MovieRequestTexts.TitleLong });
    expect(checkDraft({ title: '片', year: '', kind: 'movie', note: '注'.repeat(101) })).toEqual({ ok: false, problem: MovieRequestTexts.NoteLong });
    expect(kindYearText('drama', 2019)).toBe('电视剧 · 2019');
    expect(kindYearText('anime', 0)).toBe('动漫');
    expect(wantsText(3)).toBe('3人想看');
  });
});

describe('MovieRequestsViewModel (/seekingMovies)', () => {
  it('sends a visitor to /login, to come back; a visitor’s submit sends nothing', async () => {
    const { vm, world, service, requests } = setup();
    vm.visitorSentToLogin();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/seekingMovies' } });
    expect(await service.file({ title: '片', year: '', kind: 'movie', note: '' })).toEqual({ kind: 'login' });
    expect(requests()).toHaveLength(0);
  });

  it('files a request: the form clears, 我的求片 opens with it 待处理; a wrong year is said beside the form, nothing sent', async () => {
    const { vm, logIn, requests } = setup();
    logIn();
    expect(vm.canSubmit).toBe(false);
    vm.titleChanged('长安 十二时辰');
    vm.yearChanged('20a19x');
    expect(vm.year).toBe('2019');
    vm.kindChanged('drama');
    vm.kindChanged('nonsense');
    expect(vm.kind).toBe('drama');
    vm.noteChanged('求全集');
    expect(vm.titleCount).toBe('7/30');
    await vm.submitTapped();
    await settle();
    expect(vm.notice).toEqual({ tone: 'ok', text: MovieRequestTexts.Filed, video: null });
    expect([vm.title, vm.year, vm.note, vm.tab]).toEqual(['', '', '', 'mine']);
    vm.mine.opened();
    await settle();
    expect(vm.mine.items.map((r) => vm.rowOf(r))).toMatchObject([{ title: '长安 十二时辰', meta: '电视剧 · 2019', note: '求全集', stateText: '待处理', wantsText: '1人想看', canWant: false, wantText: '我发起的' }]);
    const sent = requests().length;
    vm.titleChanged('片');
    vm.yearChanged('1800');
    await vm.submitTapped();
    expect(vm.notice).toEqual({ tone: 'warn', text: MovieRequestTexts.YearInvalid, video: null });
    expect(requests()).toHaveLength(sent);
  });

  it('a title the catalogue has leads to its video instead of filing', async () => {
    const { vm, logIn, world, api } = setup();
    logIn();
    vm.titleChanged('《南城旧事》');
    await vm.submitTapped();
    expect(vm.notice).toEqual({ tone: 'ok', text: `${MovieRequestTexts.Exists}：《南城旧事》`, video: { mediaKey: 'movie-03', title: '南城旧事' } });
    expect(api.requests).toHaveLength(0);
    vm.videoTapped({ mediaKey: 'movie-03', title: '南城旧事' });
    expect(world.navigator.current().path).toBe('/play/movie-03');
  });

  it('the same title by another user merges (已有相同求片，已为你+1); filing it again is told, not counted', async () => {
    const { vm, logIn } = setup();
    logIn(1);
    vm.titleChanged('The Wandering Earth');
    await vm.submitTapped();
    logIn(2);
    vm.titleChanged(' the  wandering-earth ');
    await vm.submitTapped();
    expect(vm.notice?.text).toBe(MovieRequestTexts.Merged);
    vm.titleChanged('THE WANDERING EARTH');
    await vm.submitTapped();
    expect(vm.notice).toEqual({ tone: 'warn', text: MovieRequestTexts.AlreadyWanted, video: null });
  });

  it('同求 raises the count once, however often tapped; the row then says 已同求 and cannot be tapped', async () => {
    const { vm, logIn, requests } = setup();
    logIn(1);
    vm.titleChanged('月光小镇');
    await vm.submitTapped();
    logIn(2);
    await vm.hot.refresh();
    const request = vm.hot.items[0]!;
    expect(vm.rowOf(request)).toMatchObject({ wantsText: '1人想看', canWant: true, wantText: '同求' });
    const before = requests().length;
    await Promise.all([vm.wantTapped(request.id), vm.wantTapped(request.id), vm.wantTapped(request.id)]);
    expect(requests().length - before).toBe(1);
    expect(vm.rowOf(request)).toMatchObject({ wantsText: '2人想看', canWant: false, wantText: '已同求' });
  });
});
