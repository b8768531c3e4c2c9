import { useEffect, useState } from 'react';
import { OLDER_SITE_URL, closeOlderSite, isOlderSiteOpen, openOlderSite } from '../shell/older-site.ts';

/**
 * The settings row of the older site: opens it in a new window, and closes that window while it is open. Not shown
 * when the build names no older site (OLDER_SITE_URL).
 */
export function OlderSiteRow() {
  return OLDER_SITE_URL === '' ? null : <OlderSiteLink />;
}

function OlderSiteLink() {
  const [open, setOpen] = useState(isOlderSiteOpen);
  // Back on this page (the user may have closed the older site's window there): read the state anew.
  useEffect(() => {
    const refresh = () => setOpen(isOlderSiteOpen());
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
  const tapped = () => {
    if (isOlderSiteOpen()) closeOlderSite();
    else openOlderSite();
    setOpen(isOlderSiteOpen());
  };
  return (
    <div className="account-list">
      <button type="button" className="account-row" data-testid="older-site" onClick={tapped}>
        <span>{open ? '关闭旧版网站窗口' : '访问旧版网站'}</span>
        <span className="account-row__arrow" aria-hidden="true">
          {open ? '×' : '›'}
        </span>
      </button>
    </div>
  );
}
