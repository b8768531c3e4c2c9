import { delay, http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AxiosHttp } from '../../adapters/http/axios-http.ts';
import { MemoryNavigator } from '../../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../../adapters/notifier/fake-notifier.ts';
import { ConfiguredPlaceSearch } from '../../adapters/place-search/configured-place-search.ts';
import { FakePlaceSearch, matchPlaces } from '../../adapters/place-search/fake-place-search.ts';
import { GOOGLE_FIELD_MASK, GooglePlaceSearch } from '../../adapters/place-search/google-place-search.ts';
import { ServerPlaceSearch } from '../../adapters/place-search/server-place-search.ts';
import type { Place, PlaceSearch } from '../../src/core/ports/place-search.ts';
import { ApiClient } from '../../src/core/request/api-client.ts';
import { UploadCalls, UploadRet } from '../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../src/core/upload/upload-texts.ts';
import { placeSearchContract, type PlaceSearchHarness } from './place-search.contract.ts';

const GOOGLE = 'https://places.test';
const API = 'http://api.test';
const KEY = 'test-maps-key';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Next = 'network' | 'refused' | 'hang' | null;

/** The far side's script shared by the msw imitations: its places and what its next answer does. */
function farSide() {
  const far = { places: [] as Place[], next: null as Next, seen: [] as Array<{ url: string; headers: Headers; body: unknown }> };
  const take = () => {
    const next = far.next;
    far.next = null;
    return next;
  };
  return { far, take };
}

interface GoogleCircle {
  circle?: { center?: { latitude?: number; longitude?: number }; radius?: number };
}

/** An imitation of Places API (New): searchText and searchNearby, checking the key and the field mask. */
function serveGoogle(state: ReturnType<typeof farSide>) {
  const answer = async (request: Request, nearby: boolean) => {
    const body = (await request.json()) as { textQuery?: string; pageSize?: number; maxResultCount?: number; locationBias?: GoogleCircle; locationRestriction?: GoogleCircle; rankPreference?: string };
    state.far.seen.push({ url: request.url, headers: request.headers, body });
    const next = state.take();
    if (next === 'network') return HttpResponse.error();
    if (next === 'hang') {
      await delay('infinite');
    }
    if (next === 'refused' || request.headers.get('X-Goog-Api-Key') !== KEY) {
      return HttpResponse.json({ error: { code: 403, message: 'API key not valid. Please pass a valid API key.', status: 'PERMISSION_DENIED' } }, { status: 403 });
    }
    if (!request.headers.get('X-Goog-FieldMask')) return HttpResponse.json({ error: { code: 400, message: 'FieldMask is a required parameter' } }, { status: 400 });
    const circle = (nearby ? body.locationRestriction : body.locationBias)?.circle;
    if (nearby && (!circle || body.rankPreference !== 'DISTANCE')) return HttpResponse.json({ error: { code: 400, message: 'bad nearby' } }, { status: 400 });
    const near = circle?.center ? { lat: Number(circle.center.latitude), lng: Number(circle.center.longitude) } : null;
    const limit = Math.min(20, (nearby ? body.maxResultCount : body.pageSize) ?? 20);
    const found = matchPlaces(state.far.places, nearby ? '' : (body.textQuery ?? ''), near, limit);
    return HttpResponse.json(
      found.length === 0
        ? {}
        : {
            places: found.map((p) => ({
              id: p.id,
              displayName: { text: p.name, languageCode: 'zh-CN' },
              formattedAddress: p.address,
              location: { latitude: p.lat, longitude: p.lng },
            })),
          },
    );
  };
  // A RegExp: in a path string msw would read ':searchText' as a route parameter.
  server.use(mswHttp.post(/^https:\/\/places\.test\/v1\/places:search(Text|Nearby)$/, ({ request }) => answer(request, request.url.endsWith(':searchNearby'))));
}

/** An imitation of the reference server's SearchPlace ({ret, msg, data: {list}}). */
function serveServer(state: ReturnType<typeof farSide>) {
  server.use(
    mswHttp.get(`${API}${UploadCalls.placeSearch.path}`, async ({ request }) => {
      const url = new URL(request.url);
      state.far.seen.push({ url: request.url, headers: request.headers, body: null });
      const next = state.take();
      if (next === 'network') return HttpResponse.error();
      if (next === 'hang') await delay('infinite');
      if (next === 'refused') return HttpResponse.json({ ret: UploadRet.PlaceSearchInvalid, msg: UploadTexts.PlaceSearchInvalid, data: null });
      const lat = url.searchParams.get('lat');
      const lng = url.searchParams.get('lng');
      const near = lat !== null && lng !== null ? { lat: Number(lat), lng: Number(lng) } : null;
      return HttpResponse.json({ ret: 200, msg: '', data: { list: matchPlaces(state.far.places, url.searchParams.get('keyword') ?? '', near) } });
    }),
  );
}

function apiClient(notifier = new FakeNotifier()) {
  const context = { visitorId: () => null, traditionalChinese: () => false, tokenParams: () => null, sessionInvalidated: () => {} };
  return new ApiClient(new AxiosHttp({ baseURL: API }), context, notifier, new MemoryNavigator('/searchUserLocation'));
}

function harness(search: PlaceSearch, state: ReturnType<typeof farSide>): PlaceSearchHarness {
  return {
    search,
    seed: (places) => (state.far.places = places),
    failNext: (kind) => (state.far.next = kind),
    hangNext: () => (state.far.next = 'hang'),
  };
}

placeSearchContract('GooglePlaceSearch over msw (Places API New)', () => {
  const state = farSide();
  serveGoogle(state);
  return harness(new GooglePlaceSearch({ apiKey: KEY, endpoint: GOOGLE }), state);
});

placeSearchContract('ServerPlaceSearch (ApiClient, AxiosHttp) over msw', () => {
  const state = farSide();
  serveServer(state);
  return harness(new ServerPlaceSearch(apiClient()), state);
});

placeSearchContract('FakePlaceSearch', () => {
  const fake = new FakePlaceSearch();
  return { search: fake, seed: (places) => fake.setPlaces(places), failNext: (kind) => fake.failNext(kind), hangNext: () => fake.hangNext() };
});

describe('GooglePlaceSearch', () => {
  it('sends the key and the field mask, a keyword search biased to a circle around the point, in Chinese', async () => {
    const state = farSide();
    serveGoogle(state);
    state.far.places = [{ id: 'a', name: '外滩', address: '上海', lat: 31.24, lng: 121.49 }];
    await new GooglePlaceSearch({ apiKey: KEY, endpoint: GOOGLE, radiusM: 3000 }).search(' 外滩 ', { lat: 31.2, lng: 121.4 });
    const [seen] = state.far.seen;
    expect(seen?.url).toBe(`${GOOGLE}/v1/places:searchText`);
    expect(seen?.headers.get('X-Goog-FieldMask')).toBe(GOOGLE_FIELD_MASK);
    expect(seen?.body).toEqual({
      textQuery: '外滩',
      languageCode: 'zh-CN',
      pageSize: 20,
      locationBias: { circle: { center: { latitude: 31.2, longitude: 121.4 }, radius: 3000 } },
    });
  });

  it('names the refusal with Google’s message', async () => {
    serveGoogle(farSide());
    const error = await new GooglePlaceSearch({ apiKey: 'wrong', endpoint: GOOGLE }).search('外滩', null).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'refused', message: 'API key not valid. Please pass a valid API key.' });
  });
});

describe('ServerPlaceSearch', () => {
  it('sends the keyword and the point, and shows no toast when it fails', async () => {
    const state = farSide();
    serveServer(state);
    const notifier = new FakeNotifier();
    const search = new ServerPlaceSearch(apiClient(notifier));
    await search.search('外滩', { lat: 31.2, lng: 121.4 });
    const url = new URL(state.far.seen[0]?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ keyword: '外滩', lat: '31.2', lng: '121.4', System: 'h5' });
    state.far.next = 'refused';
    await expect(search.search('x', null)).rejects.toMatchObject({ kind: 'refused', message: UploadTexts.PlaceSearchInvalid });
    expect(notifier.toasts).toEqual([]);
  });
});

describe('ConfiguredPlaceSearch', () => {
  it('uses Google while the configuration holds a key, else the server — decided on every search', async () => {
    let key: string | null = null;
    const server = new FakePlaceSearch([{ id: 's', name: '外滩', address: '', lat: 1, lng: 1 }]);
    const made: string[] = [];
    const configured = new ConfiguredPlaceSearch(
      () => key,
      (k) => {
        made.push(k);
        return new FakePlaceSearch([{ id: `g-${k}`, name: '外滩', address: '', lat: 1, lng: 1 }]);
      },
      server,
    );
    expect((await configured.search('外滩', null))[0]?.id).toBe('s');
    key = 'k1';
    expect((await configured.search('外滩', null))[0]?.id).toBe('g-k1');
    expect((await configured.search('外滩', null))[0]?.id).toBe('g-k1');
    key = 'k2';
    expect((await configured.search('外滩', null))[0]?.id).toBe('g-k2');
    key = null;
    expect((await configured.search('外滩', null))[0]?.id).toBe('s');
    expect(made).toEqual(['k1', 'k2']);
  });
});
