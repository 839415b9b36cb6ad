import { createContext, useContext, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';

export const runtimeConfigSchema = lazySchema(() =>
  z.object({
    mode: z.enum(['demo', 'proxy']),
    serverHoldsToken: z.boolean(),
    readOnly: z.boolean(),
    mapTileUrl: z.nullable(z.string()),
    mapTileAttribution: z.nullable(z.string()),
    /** Minutes an item may stay new before the wall escalates it (ESCALATE_AFTER). */
    escalateAfterMinutes: z._default(z.number(), 3),
    /** The server's hub answers /live (it holds the edge token). */
    live: z._default(z.boolean(), false),
    auth: z.object({
      demoAutoSignIn: z.boolean(),
      oidc: z.nullable(z.object({ label: z.string() })),
      browserToken: z.boolean(),
    }),
  }),
);

/** What the console server tells the page about its deployment (GET /config.json). */
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new Error(
      `GET /config.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ value, children }: { value: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={value}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const value = useContext(RuntimeConfigContext);
  if (value === null) throw new Error('useRuntimeConfig outside RuntimeConfigProvider');
  return value;
}
