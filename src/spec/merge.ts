// The contract's merging rule: config sections are defaults, a spec overrides them key by key —
// objects merge, arrays and scalars replace. `checks:` values are normalised first so that a
// spec's `axe: true` keeps the config's axe options instead of wiping them.
import { SEVERITIES, type Severity } from '../core/artifacts.js';
import { CHECKS } from '../checks/registry.js';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function deepMerge<T>(base: T | undefined, over: T | undefined): T | undefined {
  if (over === undefined) return base;
  if (!isObj(base) || !isObj(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = deepMerge(out[k], v);
  return out as T;
}

export interface NormalCheck { enabled?: boolean; severity?: Severity; options: Record<string, unknown> }

export function normalizeCheckValue(id: string, value: unknown): NormalCheck {
  const meta = CHECKS.find((c) => c.meta.id === id)?.meta;
  if (value === true) return { enabled: true, options: {} };
  if (value === false) return { enabled: false, options: {} };
  if (typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value)) return { enabled: true, severity: value as Severity, options: {} };
  if (isObj(value)) {
    const { severity, ...options } = value;
    return { enabled: true, severity: severity as Severity | undefined, options };
  }
  return { enabled: true, options: meta?.fromShorthand ? meta.fromShorthand(value) : {} };
}

/** Layers in order, later ones overriding: (a kind of spec's defaults,) the config's, the spec's. */
export function mergeChecks(...layers: (Record<string, unknown> | undefined)[]): Record<string, NormalCheck> {
  const out: Record<string, NormalCheck> = {};
  for (const layer of layers.map((l) => l ?? {})) {
    for (const [id, value] of Object.entries(layer)) {
      const n = normalizeCheckValue(id, value);
      const prev = out[id];
      out[id] = {
        enabled: n.enabled ?? prev?.enabled,
        severity: n.severity ?? prev?.severity,
        options: deepMerge(prev?.options ?? {}, n.options) ?? {},
      };
    }
  }
  return out;
}
