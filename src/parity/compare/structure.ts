// Changes that pixels hide (docs/structure.md): the ARIA structure of a capture — the page, each
// declared region, each required element — against the snapshot approved with its baseline, in the
// spirit of Playwright's toMatchAriaSnapshot. Roles, accessible names, text and state flags are
// compared; sibling order, whitespace, URL queries and fragments, boxes and focus are not. Masks
// apply as to pixels: an element painted inside a masked area (now or at approval) is left out, and
// a masked element's text is taken out of the names and text around it.
import fs from 'node:fs';
import path from 'node:path';
import { SEVERITIES, type Box, type CaptureRecord, type Finding, type Severity, type StructureDiff, type StructureSnapshot } from '../../core/artifacts.js';
import { artifactProblem, readArtifact } from '../../core/artifact-read.js';
import { sha256, writeJsonAtomic } from '../../core/fsx.js';
import { groupKey } from '../../core/group-key.js';
import { abs, files, unitKey, type RunContext } from '../../core/run.js';
import type { SpecPlan } from '../../spec/plan.js';
import { BASELINES, baselineAbs, reapproveHint, structureRel } from '../store/baselines.js';
import { isDesignExport, type Comparator, type Comparison, type UnitCase } from './comparator.js';
import type { BaselineEntry } from '../store/types.js';
import { count, diffNodes, mergeChanges, q, WRAPPER_KINDS, WRAPPER_ROLES, type StructChange, type StructNode } from './structure-match.js';

export { describe, diffNodes, type StructChange, type StructNode } from './structure-match.js';

/** Findings per unit at most; the rest are summed up in one more. */
const MAX_FINDINGS = 10;

// state flags that describe the element (focus, `active`, and boxes vary without a change a user meets)
const STATE_KEYS = ['checked', 'disabled', 'expanded', 'invalid', 'level', 'pressed', 'selected', 'placeholder', 'url'] as const;

// control characters, zero-width spaces, and icon-font glyphs (private use area: read as nothing)
const norm = (s: unknown) => (typeof s === 'string' ? s.replace(/[\u0000-\u001f\u007f\u200b-\u200d\ufeff\ue000-\uf8ff]+/g, ' ').replace(/\s+/g, ' ').trim() : '');
/** A link's target without query and fragment: those carry session ids, cache busters and generated anchors. */
const urlPart = (u: unknown) => norm(u).split(/[?#]/)[0];

function toNode(raw: unknown): StructNode {
  if (typeof raw === 'string') return { role: 'text', name: '', text: norm(raw), attrs: '', box: null, children: [] };
  const o = raw as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || typeof o.role !== 'string') throw new Error('not an ARIA snapshot node');
  const attrs = STATE_KEYS.filter((k) => o[k] !== undefined && o[k] !== false && o[k] !== '')
    .map((k) => (o[k] === true ? k : `${k}=${k === 'url' ? urlPart(o[k]) : norm(String(o[k]))}`)).join(' ');
  const b = o.box as Box | undefined;
  const box = b && [b.x, b.y, b.width, b.height].every((v) => typeof v === 'number' && Number.isFinite(v)) ? { x: b.x, y: b.y, width: b.width, height: b.height } : null;
  return { role: o.role, name: norm(o.name), text: norm(o.text), attrs, box, children: Array.isArray(o.children) ? heardNodes(o.children) : [] };
}
/** A text fragment with nothing left to hear (an icon glyph, spaces) is no node. */
const heardNodes = (raw: unknown[]) => raw.map(toNode).filter((n) => n.role !== 'text' || n.text);

export const toNodes = (raw: unknown[] | null): StructNode[] | null => (raw ? heardNodes(raw) : null);

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

type StructureVerdict = Comparison;

/**
 * One unit's structure against its baseline. Fails closed: a snapshot that was approved but cannot be
 * read, or a capture without one, is a blocker. A baseline approved before veval compared structure
 * (its settings do not mention it) is adopted as it is: not compared, said in a note, until re-approved.
 */
export const structure: Comparator<UnitCase, Comparison> = {
  id: 'structure',
  // a missing or failed capture is parity's own blocker; there is no structure to compare. A design
  // export has pixels only: no page was there to read a structure from.
  wants: (c) => !!c.spec.parity && c.spec.parity.structure !== false && !!c.capture.record?.ok && !isDesignExport(c.entry),
  compare: (c) => compareStructure(c),
};

function compareStructure({ run, spec, state, viewport, entry, capture: loaded }: UnitCase): Comparison {
  const severity = spec.parity?.structure || 'important';
  const record = loaded.record!;
  const key = unitKey(state, viewport);
  const id = `${spec.name}/${key}`;
  const capture = files.capture(spec.name, state, viewport);
  const blocker = (check: 'parity' | 'guard', message: string, extra: Record<string, unknown> = {}): StructureVerdict =>
    ({ findings: [{ check, severity: 'blocker', viewport, state, message, evidence: { file: capture, kind: 'structure', ...extra } }], note: null });
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

  let changes: UnitChange[];
  try { changes = structureChanges(base.snap, cur.snap, severity); } catch (err) {
    return blocker('parity', `${id}: structure not compared: a snapshot is malformed (${(err as Error).message}); ${reapproveHint(spec.name)}`, { baseline: baseRel });
  }
  const diffRel = files.structureDiff(spec.name, state, viewport);
  const structure = path.posix.join(spec.name, record.structure!);
  const findings: Finding[] = [];
  const ev = (extra: Record<string, unknown>) => ({ file: capture, baseline: baseRel, structure, structureDiff: diffRel, kind: 'structure', ...extra });
  const shown = changes.slice(0, MAX_FINDINGS);
  for (const { change: c, message } of shown) {
    findings.push({ check: 'parity', severity: c.severity, viewport, state, group: c.group, message: `${id}: ${message}`,
      evidence: ev({ change: c.kind, regions: c.regions, within: c.within, before: c.before, after: c.after, box: c.box, ...(c.selector ? { selector: c.selector } : {}) }) });
  }
  const rest = changes.slice(shown.length);
  if (rest.length) {
    // the worst of what it sums up; the same rest in several captures is one group too
    const worst = SEVERITIES.find((sev) => rest.some((m) => m.change.severity === sev))!;
    findings.push({ check: 'parity', severity: worst, viewport, state, group: groupKey('parity', `structure-more\u0000${rest.map((m) => m.change.group).join(',')}`),
      message: `${id}: ${rest.length} more structure change${rest.length === 1 ? '' : 's'} since the baseline (all in ${diffRel}), e.g. ${rest.slice(0, 3).map((m) => m.message).join('; ')}`,
      evidence: ev({ change: 'more', changes: rest.slice(0, 50).map(({ change: c }) => ({ change: c.kind, regions: c.regions, before: c.before, after: c.after })) }) });
  }
  const diff: StructureDiff = { version: 1, spec: spec.name, state, viewport, baseline: baseRel, structure,
    changes: changes.map(({ change }, i) => ({ ...change, finding: i < shown.length })) };
  writeJsonAtomic(abs(run, diffRel), diff);
  return { findings, note: null };
}

/** Everything a person hears in `part` (its roles with their names or text, wrappers aside) is heard somewhere in `whole`. */
function heard(part: StructNode[], whole: StructNode[]): boolean {
  const keys = new Set<string>();
  const key = (n: StructNode) => `${n.role}\u0000${n.name}\u0000${n.text}`;
  const add = (n: StructNode) => { keys.add(key(n)); n.children.forEach(add); };
  whole.forEach(add);
  const all = (n: StructNode): boolean => (WRAPPER_ROLES.has(n.role) || keys.has(key(n))) && n.children.every(all);
  return part.every(all);
}

/** One change of a unit, as its finding says it (without the unit) and as structure-diff.json lists it. */
export interface UnitChange { change: Omit<StructureDiff['changes'][number], 'finding'>; message: string }

const changeLine = (c: StructChange) => {
  const what: Record<StructChange['kind'], () => string> = {
    added: () => `added ${c.after}`,
    removed: () => `removed ${c.before}`,
    'wrapper-added': () => `the content is now inside ${c.after}`,
    'wrapper-removed': () => `the content is no longer inside ${c.before}`,
    'wrapper-changed': () => (c.before && c.after ? `the content is now inside ${c.after}, no longer inside ${c.before}` : c.after ? `the content is now inside ${c.after}` : `the content is no longer inside ${c.before}`),
    renamed: () => '', 'role-changed': () => '', 'text-changed': () => '', 'state-changed': () => '',
  };
  return what[c.kind]() || `${c.kind.replace('-', ' ')}: ${c.before} → ${c.after}${c.also.length ? ` (also ${c.also.join('; ')})` : ''}`;
};

/**
 * Every structure change from the approved snapshot to the capture's, in finding order: required
 * elements, then changes heard, then wrappers around unchanged content (polish, whatever
 * `severity` — parity.structure — says). A change heard in several regions (or in a region and the
 * page) is one change naming every region; the same edit heard twice (a label's text and its
 * field's name) is one change. Its group key is the same in every capture that has it.
 */
export function structureChanges(base: StructureSnapshot, cur: StructureSnapshot, severity: Severity): UnitChange[] {
  const areas = [...cur.masks, ...base.masks].map((m) => m.box);
  const tree = (s: StructureSnapshot, raw: unknown[] | null) => { const n = toNodes(raw); return n && applyMasks(n, areas, s.masks); };
  const found: { where: string[]; c: StructChange }[] = [];
  for (const [name, was] of Object.entries(base.regions)) {
    const now = cur.regions[name];
    if (!now || !was.nodes) continue;              // not declared now, or not found at approval: nothing to compare
    const a = tree(base, was.nodes)!, b = tree(cur, now.nodes);
    const where = [`region "${name}"`];
    // its selector matches nothing now (`main` after main → div) but what it held is still heard:
    // the page's comparison says what changed around it
    if (!b && heard(a, tree(cur, cur.page) ?? [])) continue;
    if (!b) found.push({ where, c: { kind: 'removed', before: `the region (${count(a)} nodes at approval)`, after: null, within: '', box: null, key: `region-removed\u0000${name}`, also: [] } });
    else for (const c of diffNodes(a, b)) found.push({ where, c });
  }
  for (const c of diffNodes(tree(base, base.page) ?? [], tree(cur, cur.page) ?? [])) found.push({ where: ['the page'], c });
  const required = diffRequired(base.required, cur.required);
  // the page holds every region: a change heard in a region is not heard again "in the page"
  const merged = mergeChanges(found, (kept, x) => { for (const w of x.where) if (!kept.where.includes(w) && w !== 'the page') kept.where.push(w); })
    // a required element's own change is its finding, not a second one for the region it sits in
    .filter((m) => !required.some((r) => m.c.before?.startsWith(r.before) && m.c.after !== null && r.after !== 'not found' && m.c.after.startsWith(r.after)));
  const out: UnitChange[] = required.map((r) => {
    const what = r.gone === 'role' ? 'its role is gone' : r.gone === 'name' ? 'its accessible name is gone' : 'its role or name changed';
    return {
      change: { group: groupKey('parity', `required\u0000${r.key}\u0000${r.before}\u0000${r.after}`), kind: r.gone ? `${r.gone}-gone` as const : 'required-changed' as const,
        severity: r.gone ? 'blocker' : severity, regions: [`required ${q(r.name)}`], within: null, before: r.before, after: r.after, also: [], selector: r.selector, box: r.box },
      message: `required element ${q(r.name)} (${r.selector}): ${what}: was ${r.before}, now ${r.after}`,
    };
  });
  // every wrapper around unchanged content in the capture, reported once: one thing to approve
  const wraps = merged.filter((m) => WRAPPER_KINDS.includes(m.c.kind));
  const heardChanges = merged.filter((m) => !wraps.includes(m));
  if (wraps.length > 1) {
    const sides = (pick: (c: StructChange) => string | null) => [...new Set(wraps.map((m) => pick(m.c)).filter((x): x is string => !!x))].join(', ') || null;
    heardChanges.push({ where: [...new Set(wraps.flatMap((m) => m.where))], c: {
      kind: wraps.every((m) => m.c.kind === wraps[0].c.kind) ? wraps[0].c.kind : 'wrapper-changed', before: sides((c) => c.before), after: sides((c) => c.after), within: '', box: wraps[0].c.box,
      key: `wrappers\u0000${wraps.map((m) => m.c.key).sort().join('\u0001')}`, also: [] } });
  } else heardChanges.push(...wraps);
  for (const { where, c } of heardChanges) {
    out.push({
      change: { group: groupKey('parity', `structure\u0000${c.key}`), kind: c.kind, severity: WRAPPER_KINDS.includes(c.kind) ? 'polish' : severity,
        regions: where, within: c.within || null, before: c.before, after: c.after, also: c.also, selector: null, box: c.box },
      message: `structure changed since the baseline, in ${where.join(', ')}${c.within ? ` (in ${c.within})` : ''}: ${changeLine(c)}`,
    });
  }
  return out;
}
