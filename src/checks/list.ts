// `veval checks`: every registered check with its default severity and options, from the registry.
import type { TSchema } from '@sinclair/typebox';
import { CHECKS } from './registry.js';
import type { CheckMeta } from './types.js';

const SEVERITY_WORDS: Record<CheckMeta['defaultSeverity'], string> = {
  blocker: 'blocker', important: 'important', polish: 'polish',
  'by-impact': 'by axe impact (critical/serious → blocker, moderate → important, minor → polish)',
  'by-width': 'blocker below mobileMaxWidth, important above',
  'by-kind': 'blocker for an uncaught exception, important for a console error',
  'by-resource': 'blocker for a document, script or stylesheet of the page\'s own origin, important for other resources',
  'by-check': 'the swept check\'s own at the failure\'s worst width (overflow by width; collisions as overlap, protrusions as text-clipped)',
};

/** A short type for an option schema: "minor | moderate", "string[]", "number". */
export function typeText(s: TSchema): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.anyOf) return (s.anyOf as TSchema[]).map(typeText).join(' | ');
  if (s.type === 'array') return Array.isArray(s.items) ? `[${(s.items as TSchema[]).map(typeText).join(', ')}]` : `${typeText(s.items as TSchema)}[]`;
  return String(s.type ?? 'value');
}

export function optionLines(meta: CheckMeta): string[] {
  const props = Object.entries((meta.options.properties ?? {}) as Record<string, TSchema>);
  if (props.length === 0) return ['    (no options)'];
  const width = Math.max(...props.map(([k]) => k.length));
  return props.map(([k, s]) => `    ${k.padEnd(width)}  ${typeText(s)}${s.description ? ` — ${s.description}` : ''}`);
}

export function listChecks(): string {
  const out: string[] = [];
  for (const { meta } of CHECKS) {
    const flags = [meta.alwaysOn ? 'always on' : meta.defaultEnabled ? 'on by default' : 'off by default'];
    out.push(`${meta.id} — ${meta.title} [${flags.join(', ')}]`);
    out.push(`  default severity: ${SEVERITY_WORDS[meta.defaultSeverity]}${meta.alwaysOn ? ' (cannot be changed)' : ''}`);
    out.push(`  ${meta.description}`);
    out.push('  options:', ...optionLines(meta));
    if (meta.shorthand) out.push(`  shorthand: ${meta.id}: ${typeText(meta.shorthand)}`);
    out.push(`  docs: docs/checks/${meta.id}.md`, '');
  }
  out.push('In a spec: checks: { <id>: true | false | blocker | important | polish | { options…, severity } }');
  return out.join('\n') + '\n';
}
