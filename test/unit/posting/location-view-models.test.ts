import { describe, expect, it } from 'vitest';
import { UploadTexts } from '../../../src/core/upload/upload-texts.ts';
import { UploadConstants } from '../../../src/core/upload/upload-protocol.ts';
import { LocationViewModel, SearchLocationViewModel } from '../../../src/ui/posting/location-view-models.ts';
import { distanceText, PostingTexts } from '../../../src/ui/posting/posting-texts.ts';
import { postingSetup, settle } from './posting-support.ts';

function locationSetup() {
  const s = postingSetup();
  s.world.navigator.push('/getUserLocation');
  const deps = { ...s.deps, places: s.world.places, geolocation: s.world.geolocation };
  return { ...s, locationDeps: deps };
}

describe('LocationViewModel', () => {
  it('lists the places near the device, nearest first with their distance; a tap puts one in the draft and goes back', async () => {
    const s = locationSetup();
    const vm = new LocationViewModel(s.locationDeps);
    vm.opened();
    expect(vm.status).toBe('locating');
    await settle();
    expect(vm.status).toBe('ready');
    expect(vm.hidden).toBe(true);
    expect(vm.rows[0]?.place.name).toBe('外滩');
    expect(vm.rows[0]?.distance).toBe('0m');
    expect(vm.rows.map((row) => row.place.name)).toContain('东方明珠');
    expect(vm.rows.some((row) => row.place.name === '天安门广场')).toBe(true);
    vm.placeTapped(vm.rows[1]!.place);
    expect(s.store.draft.location?.name).toBe(vm.rows[1]?.place.name);
    expect(s.world.navigator.current().path).toBe('/publishDynamic');
    expect(s.world.places.searches).toEqual([{ keyword: '', near: { lat: 31.24, lng: 121.49 } }]);
  });

  it('asks the device once per visit to the app; 不显示位置 clears the place', async () => {
    const s = locationSetup();
    new LocationViewModel(s.locationDeps).opened();
    await settle();
    s.store.setLocation({ id: 'x', name: '某处', address: '', lat: 0, lng: 0 });
    const again = new LocationViewModel(s.locationDeps);
    again.opened();
    expect(again.status).toBe('ready');
    expect(s.world.geolocation.calls).toBe(1);
    expect(again.hidden).toBe(false);
    again.hideTapped();
    expect(s.store.draft.location).toBeNull();
  });

  it('a refused permission says how to fix it; another failure suggests searching; 重新定位 tries again', async () => {
    const s = locationSetup();
    s.world.geolocation.fail('denied');
    const vm = new LocationViewModel(s.locationDeps);
    vm.opened();
    await settle();
    expect(vm.status).toBe('failed');
    expect(vm.failure).toBe(UploadTexts.locationDenied);
    s.world.geolocation.fail('timeout');
    await vm.locate();
    expect(vm.failure).toBe(PostingTexts.locationUnavailable);
    s.world.geolocation.at({ lat: 39.9055, lng: 116.3976 });
    await vm.locate();
    expect(vm.status).toBe('ready');
    expect(vm.rows[0]?.place.name).toBe('天安门广场');
  });

  it('the search box opens the search in this page\'s place', () => {
    const s = locationSetup();
    new LocationViewModel(s.locationDeps).searchTapped();
    expect(s.world.navigator.entries().map((entry) => entry.path)).toEqual(['/publishDynamic', '/searchUserLocation']);
  });
});

describe('SearchLocationViewModel', () => {
  function searchSetup() {
    const s = postingSetup();
    s.world.navigator.push('/searchUserLocation');
    const vm = new SearchLocationViewModel({ ...s.deps, places: s.world.places, clock: s.world.clock });
    return { ...s, vm };
  }

  it('searches 300 ms after typing stops, near the device when known; a tap picks the place and goes back to the form', async () => {
    const s = searchSetup();
    s.ui.rememberNearby({ lat: 31.24, lng: 121.49 }, []);
    s.vm.typed('外');
    s.world.clock.advance(200);
    s.vm.typed('外滩');
    s.world.clock.advance(299);
    expect(s.world.places.searches).toHaveLength(0);
    s.world.clock.advance(1);
    expect(s.vm.status).toBe('loading');
    await settle();
    expect(s.world.places.searches).toEqual([{ keyword: '外滩', near: { lat: 31.24, lng: 121.49 } }]);
    expect(s.vm.status).toBe('ready');
    expect(s.vm.rows.map((row) => row.place.name)).toEqual(['外滩']);
    s.vm.placeTapped(s.vm.rows[0]!.place);
    expect(s.store.draft.location?.id).toBe('fake-bund');
    expect(s.world.navigator.current().path).toBe('/publishDynamic');
  });

  it('the search key searches at once; nothing found and failures are said; empty input is idle', async () => {
    const s = searchSetup();
    s.vm.typed('火星基地');
    s.vm.submitted();
    await settle();
    expect(s.vm.empty).toBe(true);
    expect(s.world.places.searches).toHaveLength(1);
    s.world.clock.advance(1000);
    expect(s.world.places.searches).toHaveLength(1);
    s.world.places.failNext('network');
    s.vm.typed('豫园');
    s.vm.submitted();
    await settle();
    expect(s.vm.status).toBe('failed');
    expect(s.vm.failure).toBe(PostingTexts.searchFailed);
    s.vm.submitted();
    await settle();
    expect(s.vm.rows[0]?.place.name).toBe('豫园');
    s.vm.typed('  ');
    s.vm.submitted();
    expect(s.vm.status).toBe('idle');
    s.vm.typed('x'.repeat(80));
    expect(s.vm.input).toHaveLength(UploadConstants.maxPlaceKeyword);
  });

  it('取消 goes back to the nearby places and drops the search on its way', () => {
    const s = searchSetup();
    s.vm.typed('外滩');
    s.vm.cancelTapped();
    s.world.clock.advance(1000);
    expect(s.world.places.searches).toHaveLength(0);
    expect(s.world.navigator.entries().map((entry) => entry.path)).toEqual(['/publishDynamic', '/getUserLocation']);
  });

  it('distances read as metres, then kilometres', () => {
    expect(distanceText(undefined)).toBe('');
    expect(distanceText(349.6)).toBe('350m');
    expect(distanceText(1234)).toBe('1.2km');
    expect(distanceText(25_400)).toBe('25km');
  });
});
