import { Link } from 'react-router-dom';
import { RedeemPaths } from './vip-redeem-view-models.ts';
import './vip-redeem.css';

/** /vip's and /openVip's ways to 兑换VIP (a redeem code) and to 开通记录, under the header. */
export function VipShortcuts() {
  return (
    <nav className="vip-shortcuts" aria-label="VIP服务">
      <Link to={RedeemPaths.exchangeVip} className="vip-shortcuts__link" data-testid="vip-exchange-link">兑换VIP</Link>
      <Link to={RedeemPaths.records} className="vip-shortcuts__link" data-testid="vip-records-link">开通记录</Link>
    </nav>
  );
}
