export { applyComposites, applyEvents, applyMics, applyReset, LIVE_MERGE } from './apply';
export { liveFilterQuery, NO_LIVE_FILTER, useLiveFilter, type LiveFilter } from './live-filter';
export {
  liveState,
  unlessLive,
  useLive,
  useLiveState,
  useLiveStatus,
  usePushedHealth,
  type LiveState,
  type LiveStatus,
} from './live-status';
export type { HubHealth } from './messages';
export { pushedEvents, usePushedEvents, type PushedEvent } from './pushed-events';
export { SILENCE_MS, useLiveFeed } from './use-live-feed';
