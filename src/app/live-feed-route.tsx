import { Outlet } from 'react-router-dom';
import { useLiveFeed } from '@/api';
import { useRuntimeConfig } from '@/lib/runtime-config';

/** The tab's one live stream, for every signed-in page (the wall and the shell alike). */
export function LiveFeedRoute() {
  const config = useRuntimeConfig();
  useLiveFeed(config.live);
  return <Outlet />;
}
