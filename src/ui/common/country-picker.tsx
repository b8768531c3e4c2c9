import type { Country } from '../../core/shared-kernel/countries.ts';
import './rows.css';
import './country-picker.css';

/**
 * Countries and regions to pick from (/countryList, /selectArea): a search box, the list grouped by pinyin initial
 * (each with its calling code when `showDial`), the chosen one marked, and an index bar that jumps to a letter.
 */
export function CountryPicker(props: {
  query: string;
  onSearch: (query: string) => void;
  groups: readonly { letter: string; countries: readonly Country[] }[];
  chosen: string;
  showDial: boolean;
  onPick: (code: string) => void;
  /** Whether a country's row leads on to its regions (/countryStateList): shown with ›. */
  leadsOn?: (code: string) => boolean;
}) {
  return (
    <>
      <div className="country-search">
        <input type="search" aria-label="搜索国家和地区" placeholder={props.showDial ? '搜索国家、地区或区号' : '搜索国家或地区'} value={props.query} onChange={(e) => props.onSearch(e.target.value)} />
      </div>
      <div className="country-list">
        {props.groups.map((group) => (
          <section key={group.letter} id={`country-${group.letter}`} aria-label={group.letter}>
            <h2 className="country-list__letter">{group.letter}</h2>
            {group.countries.map((country) => (
              <button key={country.code} type="button" className={`account-row ${country.code === props.chosen ? 'account-row--selected' : ''}`} onClick={() => props.onPick(country.code)}>
                <span>{country.name}</span>
                {props.showDial ? (
                  <span className="account-row__value">+{country.dial}</span>
                ) : (
                  <span className="country-row__marks" aria-hidden="true">
                    {country.code === props.chosen && '✓'}
                    {props.leadsOn?.(country.code) === true && <span className="country-row__more">›</span>}
                  </span>
                )}
              </button>
            ))}
          </section>
        ))}
        {props.groups.length === 0 && <p className="country-list__empty">没有找到相关国家或地区</p>}
      </div>
      <nav className="country-index" aria-label="字母索引">
        {props.groups.map(({ letter }) => (
          <a
            key={letter}
            href={`#country-${letter}`}
            onClick={(event) => {
              event.preventDefault();
              document.getElementById(`country-${letter}`)?.scrollIntoView();
            }}
          >
            {letter}
          </a>
        ))}
      </nav>
    </>
  );
}
