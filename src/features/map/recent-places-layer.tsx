import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { EstimatedPlaceLayer } from '@/components/map/estimated-place-layer';
import { useRecentPlaces } from './use-recent-places';

/**
 * The window's newest incidents where they were, each leading to its drill-down. It reads them
 * itself and tells the page only whether any is drawn (for the legend): read at the page's root,
 * the list and each incident's place (up to nine answers) re-rendered the whole page.
 */
export function RecentPlacesLayer({
  windowMinutes,
  onShown,
}: {
  windowMinutes: number;
  onShown: (shown: boolean) => void;
}) {
  const places = useRecentPlaces(windowMinutes);
  const navigate = useNavigate();
  const shown = places.length > 0;
  useEffect(() => onShown(shown), [onShown, shown]);
  return (
    <EstimatedPlaceLayer places={places} onSelect={(id) => navigate(`/composite-events/${encodeURIComponent(id)}`)} />
  );
}
