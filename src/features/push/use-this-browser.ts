import { useQuery } from '@tanstack/react-query';
import { pushQueries, type PushDevice } from '@/api/push';
import { currentSubscription, pushSupport } from './push-browser';

/** This browser's subscription (its endpoint) and the device of one's list it is, if any. */
export function useThisBrowser(): {
  endpoint: string | null;
  device: PushDevice | null;
  devices: PushDevice[] | undefined;
} {
  const supported = pushSupport() === 'supported';
  const browser = useQuery({
    queryKey: [...pushQueries.all(), 'this-browser'],
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    enabled: supported,
  });
  const devices = useQuery(pushQueries.devices());
  const endpoint = browser.data ?? null;
  const device = endpoint === null ? null : (devices.data?.find((d) => d.endpoint === endpoint) ?? null);
  return { endpoint, device, devices: devices.data };
}
