import { BaseMap } from '@/components/map/base-map';

// Foundation scaffold: replaced by the feature's own page.
export function Component() {
  return <BaseMap center={[36.5, 127.8]} zoom={7} height={600} label="Map" />;
}
