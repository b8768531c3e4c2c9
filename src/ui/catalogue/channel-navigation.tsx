import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { channelNavigationTarget } from '../../core/catalogue/channels.ts';
import { NotFoundScreen } from '../not-found/not-found-screen.tsx';

/** ChannelNavigation: /channelNavigation/<category>?tag=N replaces itself with /miniVideoChannel?titleId=…&subID=N. */
export function ChannelNavigation() {
  const { category = '' } = useParams();
  const [query] = useSearchParams();
  const target = channelNavigationTarget(category, query.get('tag'));
  if (!target) return <NotFoundScreen />;
  return <Navigate replace to={{ pathname: target.path, search: `?${new URLSearchParams(target.query).toString()}` }} />;
}
