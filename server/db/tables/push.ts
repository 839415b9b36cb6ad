/** The tables of Web Push (issue 29): the console's VAPID keys, people's devices, their choices. */
export interface PushTables {
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
}

/** One row, id 'vapid': made once by whichever replica gets there first, then never changed. */
export interface PushKeysTable {
  id: string;
  /** base64url of the uncompressed P-256 point, what browsers take as applicationServerKey. */
  public_key: string;
  /** base64url of the private scalar: never leaves the server. */
  private_key: string;
  created_at: string;
}

/** A device a person subscribed; its endpoint is unique (a browser has one per key). */
export interface PushSubscriptionsTable {
  id: string;
  account_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for aes128gcm. */
  p256dh: string;
  auth: string;
  /** The person's name for the device ("Pixel 8", "Office desktop"). */
  name: string;
  /** 'en' or 'ko': the language the device's notifications are written in. */
  language: string;
  created_at: string;
  last_success_at: string | null;
  last_error: string | null;
}

/** What a person wants pushed to their devices besides what rules name them for. */
export interface PushPreferencesTable {
  account_id: string;
  /** 0/1: off, only the rules that name them push to them. */
  enabled: number;
  /** JSON array of labels; empty: every label. */
  labels: string;
  /** 'critical' | 'high' | 'medium' | 'low'. */
  min_priority: string;
  updated_at: string;
}
