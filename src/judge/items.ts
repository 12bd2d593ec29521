// What a judge `pass` must answer: each rubric item and each plain-words must-show item of the
// brief, by id. Page text can talk a model into answering pass (no phrase list catches every
// paraphrase), but it cannot make evidence verify: a pass that leaves an item without verified
// evidence is FAIL_EVIDENCE (verdict.ts). Items are listed in the prompt (user.v1.hbs) and
// recorded with their answers in judge.json.
import type { MustShowItem } from '../spec/brief.js';

export interface JudgeItem { id: string; source: 'rubric' | 'must-show'; text: string }

const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]?\]\s+)?(.+?)\s*$/;
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const MAX_TEXT = 300;
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

/** The rendered rubric's list items (R1, R2, …), or the whole rubric as R1 when it has none;
 *  then the brief's plain-words must-show items (M1, M2, …). Selector and quoted-text items are
 *  checked without a model, so they are not the judge's to answer. */
export function judgeItems(rubric: string, mustShow: Pick<MustShowItem, 'item' | 'kind'>[]): JudgeItem[] {
  const listed = rubric.split(/\r?\n/).map((l) => LIST_ITEM.exec(l)?.[1]).filter((t): t is string => !!t && t.trim() !== '');
  const rubricItems = listed.length ? listed : oneLine(rubric) ? [oneLine(rubric)] : [];
  return [
    ...rubricItems.map((text, i) => ({ id: `R${i + 1}`, source: 'rubric' as const, text: clip(oneLine(text)) })),
    ...mustShow.filter((m) => m.kind === 'plain').map((m, i) => ({ id: `M${i + 1}`, source: 'must-show' as const, text: clip(oneLine(m.item)) })),
  ];
}

/** "r1", "[M2]", "R1:" all name R1; anything else is not an id. */
export const itemId = (s: string) => s.trim().replace(/^\[|\]$|:$/g, '').trim().toUpperCase();
