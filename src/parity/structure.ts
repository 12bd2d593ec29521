// Changes that pixels hide (docs/structure.md): the ARIA structure of a capture — the page, each
// declared region, each required element — against the snapshot approved with its baseline, in the
// spirit of Playwright's toMatchAriaSnapshot. Roles, accessible names, text and state flags are
// compared; sibling order, whitespace, URL queries and fragments, boxes and focus are not. Masks
// apply as to pixels: an element painted inside a masked area (now or at approval) is left out, and
// a masked element's text is taken out of the names and text around it.
import fs from 'node:fs';
import path from 'node:path';
import type { Box, CaptureRecord, Finding, StructureSnapshot } from '../core/artifacts.js';
import { artifactProblem, readArtifact } from '../core/artifact-read.js';
import { sha256 } from '../core/fsx.js';
import { abs, files, unitKey, type RunContext } from '../core/run.js';
import type { SpecPlan } from '../spec/plan.js';
import { BASELINES, baselineAbs, reapproveHint } from './baselines.js';
import type { BaselineEntry } from './types.js';

/** One node as compared: text fragments are role "text" with the fragment as `text`. */
export interface StructNode { role: string; name: string; text: string; attrs: string; box: Box | null; children: StructNode[] }

export type ChangeKind = 'added' | 'removed' | 'renamed' | 'role-changed' | 'text-changed' | 'state-changed';
export interface StructChange { kind: ChangeKind; before: string | null; after: string | null; within: string; box: Box | null }

/** Baseline file of a unit's structure snapshot (project-relative). */
export const structureRel = (spec: string, key: string) => `${BASELINES}/${spec}/${key}.structure.json`;

/** Findings per unit at most; the rest are summed up in one more. */
const MAX_FINDINGS = 10;
const TEXT_MAX = 120;

// state flags that describe the element (focus, `active`, and boxes vary without a change a user meets)
const STATE_KEYS = ['checked', 'disabled', 'expanded', 'invalid', 'level', 'pressed', 'selected', 'placeholder', 'url'] as const;

const norm = (s: unknown) => (typeof s === 'string' ? s.replace(/[\u0000-\u001f\u007f\u200b-\u200d\ufeff]+/g, ' ').replace(/\s+/g, ' ').trim() : '');
/** A link's target without query and fragment: those carry session ids, cache busters and generated anchors. */
const urlPart = (u: unknown) => norm(u).split(/[?#]/)[0];

/** Page text in a message: one line, bounded, quoted (reporters escape it further for HTML and markdown). */
const q = (s: string) => JSON.stringify(s.length > TEXT_MAX ? `${s.slice(0, TEXT_MAX - 1)}…` : s);

function toNode(raw: unknown): StructNode {
  if (typeof raw === 'string') return { role: 'text', name: '', text: norm(raw), attrs: '', box: null, children: [] };
  const o = raw as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || typeof o.role !== 'string') throw new Error('not an ARIA snapshot node');
  const attrs = STATE_KEYS.filter((k) => o[k] !== undefined && o[k] !== false && o[k] !== '')
    .map((k) => (o[k] === true ? k : `${k}=${k === 'url' ? urlPart(o[k]) : norm(String(o[k]))}`)).join(' ');
  const b = o.box as Box | undefined;
  const box = b && [b.x, b.y, b.width, b.height].every((v) => typeof v === 'number' && Number.isFinite(v)) ? { x: b.x, y: b.y, width: b.width, height: b.height } : null;
  return { role: o.role, name: norm(o.name), text: norm(o.text), attrs, box, children: Array.isArray(o.children) ? o.children.map(toNode) : [] };
}

export const toNodes = (raw: unknown[] | null): StructNode[] | null => (raw ? raw.map(toNode) : null);

const inside = (a: Box, m: Box) => a.x >= m.x - 1 && a.y >= m.y - 1 && a.x + a.width <= m.x + m.width + 1 && a.y + a.height <= m.y + m.height + 1;
const meets = (a: Box, m: Box) => a.x < m.x + m.width && m.x < a.x + a.width && a.y < m.y + m.height && m.y < a.y + a.height;

export interface MaskArea { box: Box; text: string }

/** Leaves out what masks cover: nodes painted inside any of `areas` (the capture's and the baseline's
 *  masks, as pixels ignore both), and the text of this snapshot's own masked elements (`own`) from
 *  the names and text of the nodes they are painted in. */
export function applyMasks(nodes: StructNode[], areas: Box[], own: MaskArea[]): StructNode[] {
  if (!areas.length && !own.length) return nodes;
  const walk = (n: StructNode, parentBox: Box | null): StructNode | null => {
    if (n.box && n.box.width * n.box.height > 0 && areas.some((m) => inside(n.box!, m))) return null;
    const box = n.box ?? parentBox;
    let { name, text } = n;
    for (const m of own) {
      if (!m.text || !box || !meets(box, m.box)) continue;
      name = norm(name.split(m.text).join(' '));
      text = norm(text.split(m.text).join(' '));
    }
    const children = n.children.map((c) => walk(c, box)).filter((c): c is StructNode => !!c);
    if (n.role === 'text' && !text) return null;
    return { ...n, name, text, children };
  };
  return nodes.map((n) => walk(n, null)).filter((n): n is StructNode => !!n);
}

/** How a node reads in a finding: role "name" [flags]: text. */
export function describe(n: StructNode): string {
  if (n.role === 'text') return `text ${q(n.text)}`;
  return `${n.role}${n.name ? ` ${q(n.name)}` : ''}${n.attrs ? ` [${n.attrs}]` : ''}${n.text ? `: ${q(n.text)}` : ''}`;
}
const count = (ns: StructNode[]): number => ns.reduce((s, n) => s + 1 + count(n.children), 0);
const withInside = (n: StructNode) => `${describe(n)}${n.children.length ? ` (with ${count(n.children)} more inside)` : ''}`;

const shallow = (n: StructNode) => `${n.role}\u0000${n.name}\u0000${n.text}\u0000${n.attrs}`;
const deepKeys = new WeakMap<StructNode, string>();
/** The node and everything inside it, children in a canonical order (sibling order is not compared). */
function deep(n: StructNode): string {
  let k = deepKeys.get(n);
  if (k === undefined) {
    k = `${shallow(n)}\u0001[${n.children.map(deep).sort().join('\u0002')}]`;
    deepKeys.set(n, k);
  }
  return k;
}

/**
 * The changes from `before` to `after` (sibling lists). Siblings are paired, one to one and in
 * order of preference: identical subtrees; same role and name (their text or state may differ);
 * same role (renamed); same name (the role changed). What is left is removed or added. Pairs are
 * compared again one level down.
 */
export function diffNodes(before: StructNode[], after: StructNode[], within = ''): StructChange[] {
  const out: StructChange[] = [];
  const left = [...before], right = [...after];
  const pairs: { a: StructNode; b: StructNode; how: 'same' | 'similar' | 'renamed' | 'role' }[] = [];
  const take = (how: (typeof pairs)[number]['how'], match: (a: StructNode, b: StructNode) => boolean) => {
    for (let i = 0; i < left.length; i++) {
      const j = right.findIndex((b) => match(left[i], b));
      if (j < 0) continue;
      pairs.push({ a: left[i], b: right[j], how });
      left.splice(i--, 1);
      right.splice(j, 1);
    }
  };
  take('same', (a, b) => deep(a) === deep(b));
  take('similar', (a, b) => a.role === b.role && a.name === b.name && (a.role !== 'text' || a.text === b.text));
  take('renamed', (a, b) => a.role === b.role);
  take('role', (a, b) => !!a.name && a.name === b.name);
  const here = (n: StructNode) => (within ? `${within} › ` : '') + (n.role === 'text' ? 'text' : `${n.role}${n.name ? ` ${q(n.name)}` : ''}`);
  for (const { a, b, how } of pairs) {
    if (how === 'same') continue;
    const box = b.box ?? a.box;
    if (how === 'renamed' && a.role === 'text') out.push({ kind: 'text-changed', before: describe(a), after: describe(b), within, box });
    else if (how === 'renamed') out.push({ kind: 'renamed', before: describe(a), after: describe(b), within, box });
    else if (how === 'role') out.push({ kind: 'role-changed', before: describe(a), after: describe(b), within, box });
    else {
      if (a.text !== b.text) out.push({ kind: 'text-changed', before: describe(a), after: describe(b), within, box });
      else if (a.attrs !== b.attrs) out.push({ kind: 'state-changed', before: describe(a), after: describe(b), within, box });
    }
    out.push(...diffNodes(a.children, b.children, here(b)));
  }
  for (const a of left) out.push({ kind: 'removed', before: withInside(a), after: null, within, box: a.box });
  for (const b of right) out.push({ kind: 'added', before: null, after: withInside(b), within, box: b.box });
  return out;
}

/** The role and name a required element presents: its one node, else no role (its text, if any). */
function presented(nodes: StructNode[] | null): { role: string | null; name: string; text: string } | null {
  if (!nodes) return null;
  const els = nodes.filter((n) => n.role !== 'text');
  if (nodes.length === 1 && els.length === 1) return { role: els[0].role, name: els[0].name, text: els[0].text };
  return { role: null, name: '', text: norm(nodes.map((n) => (n.role === 'text' ? n.text : n.name || n.text)).join(' ')) };
}
const presentedText = (p: { role: string | null; name: string; text: string }) =>
  p.role ? `${p.role}${p.name ? ` ${q(p.name)}` : ' (no accessible name)'}` : `no role${p.text ? ` (text ${q(p.text)})` : ''}`;

export interface RequiredChange { key: string; name: string; selector: string; gone: 'role' | 'name' | null; before: string; after: string; box: Box | null }

/** A required element's role or name against the baseline: gone (the role it had, or a name it had) or changed. */
export function diffRequired(before: StructureSnapshot['required'], after: StructureSnapshot['required']): RequiredChange[] {
  const out: RequiredChange[] = [];
  for (const b of before) {
    const was = presented(toNodes(b.nodes));
    if (!was || (!was.role && !was.text)) continue;   // nothing a user could meet was approved
    const a = after.find((x) => x.key === b.key);
    if (!a) continue;                                  // the entry is no longer required here
    const now = presented(toNodes(a.nodes));
    const entry = { key: b.key, name: b.name, selector: a.selector, before: presentedText(was), box: null };
    if (!now) out.push({ ...entry, gone: was.role ? 'role' : 'name', after: 'not found' });
    else if (was.role && now.role !== was.role) out.push({ ...entry, gone: 'role', after: presentedText(now) });
    else if (was.role && was.name && !now.name) out.push({ ...entry, gone: 'name', after: presentedText(now) });
    else if (was.role && was.name !== now.name) out.push({ ...entry, gone: null, after: presentedText(now) });
    else if (!was.role && was.text !== now.text) out.push({ ...entry, gone: null, after: presentedText(now) });
  }
  return out;
}

type Read = { snap: StructureSnapshot | null; problem: string | null };

function readCurrent(run: RunContext, spec: string, state: string, viewport: string, record: CaptureRecord): Read {
  if (!record.structure) return { snap: null, problem: 'the capture has no structure snapshot (taken only for specs with a parity section; re-run to take one)' };
  const rel = path.posix.join(spec, record.structure);
  const r = readArtifact('structure', abs(run, rel));
  if (!r.value) return { snap: null, problem: `${rel} is ${r.problem}` };
  return { snap: r.value, problem: null };
}

/** The approved snapshot: present in the manifest entry, on disk, with the sha256 recorded at approval. */
function readBaseline(run: RunContext, spec: string, entry: BaselineEntry): Read & { guard?: boolean } {
  const rel = `${BASELINES}/${spec}/${entry.structure!.file}`;
  let buf: Buffer;
  try { buf = fs.readFileSync(baselineAbs(run, rel)); } catch (err: any) {
    return { snap: null, problem: err?.code === 'ENOENT' ? `${rel} is listed in the manifest but missing` : `${rel} cannot be read: ${err?.message ?? err}` };
  }
  if (sha256(buf) !== entry.structure!.sha256) return { snap: null, guard: true, problem: `${rel} differs from the one recorded at approval (changed outside \`veval approve\`)` };
  let v: unknown;
  try { v = JSON.parse(buf.toString('utf8')); } catch (err) { return { snap: null, problem: `${rel} is not JSON: ${(err as Error).message}` }; }
  const problem = artifactProblem('structure', v);
  return problem ? { snap: null, problem: `${rel} is ${problem}` } : { snap: v as StructureSnapshot, problem: null };
}

/** A guard finding is a blocker approve refuses over: re-approving after review needs --force. */
const forceHint = (spec: string) => `review this run's captures, then re-approve with \`veval approve --spec ${spec} --force\``;

export interface StructureVerdict { findings: Finding[]; note: string | null }

/**
 * One unit's structure against its baseline. Fails closed: a snapshot that was approved but cannot be
 * read, or a capture without one, is a blocker. A baseline approved before veval compared structure
 * (its settings do not mention it) is adopted as it is: not compared, said in a note, until re-approved.
 */
export function compareStructure(run: RunContext, spec: SpecPlan, state: string, viewport: string, entry: BaselineEntry | undefined): StructureVerdict {
  const severity = spec.parity?.structure ?? 'important';
  if (!spec.parity || severity === false || !entry) return { findings: [], note: null };
  // a missing or failed capture is parity's own blocker; there is no structure to compare
  const record = readArtifact('record', abs(run, files.record(spec.name, state, viewport))).value;
  if (!record?.ok) return { findings: [], note: null };
  const key = unitKey(state, viewport);
  const id = `${spec.name}/${key}`;
  const capture = files.capture(spec.name, state, viewport);
  const blocker = (check: 'parity' | 'guard', message: string, extra: Record<string, unknown> = {}): StructureVerdict =>
    ({ findings: [{ check, severity: 'blocker', viewport, state, message, evidence: { file: capture, kind: 'structure', ...extra } }], note: null });
  // a design export has pixels only: no page was there to read a structure from
  if (entry.provenance?.kind === 'design-export') return { findings: [], note: null };
  if (entry.structure === null) {
    return { findings: [], note: `${id}: structure not compared: the approved capture had no structure snapshot; re-approve from a new run (\`veval approve --spec ${spec.name}\`) to compare it` };
  }
  if (!entry.structure) {
    // an entry this veval wrote always says what it did with structure (settings.parity.structure is
    // recorded with it): its absence there is a hand edit, not an old baseline
    if (entry.settings?.parity?.structure) {
      return blocker('guard', `${id}: the baseline was approved with structure comparison on, but its manifest entry names no structure snapshot (edited by hand?); ${forceHint(spec.name)}`, { baseline: structureRel(spec.name, key) });
    }
    return { findings: [], note: `${id}: structure not compared: the baseline was approved before veval recorded ARIA structure; \`veval approve --spec ${spec.name}\` records it` };
  }
  const base = readBaseline(run, spec.name, entry);
  const baseRel = `${BASELINES}/${spec.name}/${entry.structure.file}`;
  if (!base.snap) return blocker(base.guard ? 'guard' : 'parity', `${id}: structure not compared: ${base.problem}; ${base.guard ? forceHint(spec.name) : reapproveHint(spec.name)}`, { baseline: baseRel });
  const cur = readCurrent(run, spec.name, state, viewport, record);
  if (!cur.snap) return blocker('parity', `${id}: structure not compared: ${cur.problem}`, { baseline: baseRel });
  const incomplete = [cur.snap.error && `the capture's snapshot: ${cur.snap.error}`, base.snap.error && `the baseline's snapshot: ${base.snap.error}`].filter(Boolean);
  if (incomplete.length) return blocker('parity', `${id}: structure not compared: ${incomplete.join('; ')}`, { baseline: baseRel });

  let changes: { where: string[]; c: StructChange }[];
  let required: RequiredChange[];
  try {
    const areas = [...cur.snap.masks, ...base.snap.masks].map((m) => m.box);
    const tree = (s: StructureSnapshot, raw: unknown[] | null) => { const n = toNodes(raw); return n && applyMasks(n, areas, s.masks); };
    const found: { where: string; c: StructChange }[] = [];
    for (const [name, was] of Object.entries(base.snap.regions)) {
      const now = cur.snap.regions[name];
      if (!now || !was.nodes) continue;              // not declared now, or not found at approval: nothing to compare
      const a = tree(base.snap, was.nodes)!, b = tree(cur.snap, now.nodes);
      if (!b) found.push({ where: `region "${name}"`, c: { kind: 'removed', before: `the region (${count(a)} nodes at approval)`, after: null, within: '', box: null } });
      else for (const c of diffNodes(a, b)) found.push({ where: `region "${name}"`, c });
    }
    const page = diffNodes(tree(base.snap, base.snap.page) ?? [], tree(cur.snap, cur.snap.page) ?? []);
    required = diffRequired(base.snap.required, cur.snap.required);
    // one change, reported once: where regions nest (or the page holds them) it names every region
    const same = (x: StructChange, y: { before: string | null; after: string | null }) => x.before === y.before && x.after === y.after;
    changes = [];
    for (const f of found) {
      const seen = changes.find((m) => m.c.kind === f.c.kind && same(m.c, f.c));
      if (seen) { if (!seen.where.includes(f.where)) seen.where.push(f.where); } else changes.push({ where: [f.where], c: f.c });
    }
    for (const c of page) if (!changes.some((m) => m.c.kind === c.kind && same(m.c, c))) changes.push({ where: ['the page'], c });
    // a required element's own change is its finding, not a second one for the region it sits in
    changes = changes.filter((m) => !required.some((r) => m.c.before?.startsWith(r.before) && m.c.after !== null && r.after !== 'not found' && m.c.after.startsWith(r.after)));
  } catch (err) {
    return blocker('parity', `${id}: structure not compared: a snapshot is malformed (${(err as Error).message}); ${reapproveHint(spec.name)}`, { baseline: baseRel });
  }

  const findings: Finding[] = [];
  const ev = (extra: Record<string, unknown>) => ({ file: capture, baseline: baseRel, structure: path.posix.join(spec.name, record.structure!), kind: 'structure', ...extra });
  for (const r of required) {
    const what = r.gone === 'role' ? 'its role is gone' : r.gone === 'name' ? 'its accessible name is gone' : 'its role or name changed';
    findings.push({ check: 'parity', severity: r.gone ? 'blocker' : severity, viewport, state,
      message: `${id}: required element ${q(r.name)} (${r.selector}): ${what}: was ${r.before}, now ${r.after}`,
      evidence: ev({ selector: r.selector, change: r.gone ? `${r.gone}-gone` : 'required-changed', before: r.before, after: r.after, box: r.box }) });
  }
  const line = (m: { where: string[]; c: StructChange }) => {
    const at = `${m.where.join(', ')}${m.c.within ? ` (in ${m.c.within})` : ''}`;
    const what = m.c.kind === 'added' ? `added ${m.c.after}` : m.c.kind === 'removed' ? `removed ${m.c.before}`
      : `${m.c.kind.replace('-', ' ')}: ${m.c.before} → ${m.c.after}`;
    return `${at}: ${what}`;
  };
  const shown = changes.slice(0, Math.max(0, MAX_FINDINGS - findings.length));
  for (const m of shown) {
    findings.push({ check: 'parity', severity, viewport, state,
      message: `${id}: structure changed since the baseline, in ${line(m)}`,
      evidence: ev({ change: m.c.kind, regions: m.where, within: m.c.within || null, before: m.c.before, after: m.c.after, box: m.c.box }) });
  }
  const rest = changes.slice(shown.length);
  if (rest.length) {
    findings.push({ check: 'parity', severity, viewport, state,
      message: `${id}: ${rest.length} more structure change${rest.length === 1 ? '' : 's'} since the baseline, e.g. ${rest.slice(0, 3).map(line).join('; ')}`,
      evidence: ev({ change: 'more', changes: rest.slice(0, 50).map((m) => ({ change: m.c.kind, regions: m.where, before: m.c.before, after: m.c.after })) }) });
  }
  return { findings, note: null };
}
