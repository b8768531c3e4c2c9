import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { UploadConstants } from '../../core/upload/upload-protocol.ts';
import { useViewModel } from '../app/container-context.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { LocationModel, SearchLocationModel, type PlaceRow } from './location-view-models.ts';
import { PostingTexts } from './posting-texts.ts';
import './posting.css';

function PlaceList({ rows, onTap }: { rows: PlaceRow[]; onTap: (row: PlaceRow) => void }) {
  return (
    <ul className="place-list">
      {rows.map((row) => (
        <li key={row.place.id}>
          <button type="button" className={`place-row ${row.selected ? 'place-row--selected' : ''}`} data-testid="place-row" aria-pressed={row.selected} onClick={() => onTap(row)}>
            <span className="place-row__text">
              <span className="place-row__name">{row.place.name}</span>
              {row.place.address && <span className="place-row__address">{row.place.address}</span>}
            </span>
            {row.distance && <span className="place-row__distance">{row.distance}</span>}
            <span className="place-row__check" aria-hidden="true">{row.selected ? '✓' : ''}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** /getUserLocation — 不显示位置, the places near the device, and a search box. */
export const LocationScreen = observer(function LocationScreen() {
  const vm = useViewModel(LocationModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <div className="page posting-page">
      <NavBar title="所在位置" />
      <div className="location-search">
        <button type="button" className="location-search__box" data-testid="location-search" onClick={vm.searchTapped}>
          {PostingTexts.searchPlaceholder}
        </button>
      </div>
      <ul className="place-list">
        <li>
          <button type="button" className={`place-row ${vm.hidden ? 'place-row--selected' : ''}`} data-testid="location-hide" aria-pressed={vm.hidden} onClick={vm.hideTapped}>
            <span className="place-row__text">
              <span className="place-row__name">{PostingTexts.hideLocation}</span>
            </span>
            <span className="place-row__check" aria-hidden="true">{vm.hidden ? '✓' : ''}</span>
          </button>
        </li>
      </ul>
      {vm.status === 'locating' && (
        <div className="list-state" role="status">
          <span className="list-state__spinner" aria-hidden="true" />
          {PostingTexts.locating}
        </div>
      )}
      {vm.status === 'failed' && <ErrorState message={vm.failure} onRefresh={() => void vm.locate()} />}
      {vm.empty && <div className="list-state list-state--empty">{PostingTexts.nearbyEmpty}</div>}
      {vm.status === 'ready' && <PlaceList rows={vm.rows} onTap={(row) => vm.placeTapped(row.place)} />}
    </div>
  );
});

/** /searchUserLocation — places by keyword, searched 300 ms after typing stops. */
export const SearchLocationScreen = observer(function SearchLocationScreen() {
  const vm = useViewModel(SearchLocationModel);
  useEffect(() => () => vm.dispose(), [vm]);
  return (
    <div className="page posting-page">
      <NavBar title="搜索位置" onBack={vm.cancelTapped} />
      <form
        className="location-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          vm.submitted();
        }}
      >
        <input
          className="location-search__input"
          type="search"
          enterKeyHint="search"
          data-testid="location-search-input"
          placeholder={PostingTexts.searchPlaceholder}
          aria-label={PostingTexts.searchPlaceholder}
          value={vm.input}
          maxLength={UploadConstants.maxPlaceKeyword}
          autoFocus
          onChange={(event) => vm.typed(event.target.value)}
        />
        <button type="button" className="location-search__cancel" onClick={vm.cancelTapped}>{PostingTexts.cancel}</button>
      </form>
      {vm.status === 'idle' && <p className="location-hint">{PostingTexts.searchHint}</p>}
      {vm.status === 'loading' && <LoadingState />}
      {vm.status === 'failed' && <ErrorState message={vm.failure} onRefresh={vm.submitted} />}
      {vm.empty && <div className="list-state list-state--empty">{PostingTexts.searchEmpty}</div>}
      {vm.status === 'ready' && <PlaceList rows={vm.rows} onTap={(row) => vm.placeTapped(row.place)} />}
    </div>
  );
});
