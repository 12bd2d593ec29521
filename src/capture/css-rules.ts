// Which declaration sets each recorded property of one element, from Chromium's own cascade
// (CDP CSS.getMatchedStylesForNode): the stylesheet, the declaration's own line and column (not
// its rule's first line), the rule's selector; the inline style; an inherited declaration for
// inherited properties. What a script made (a constructed or script-created stylesheet, a rule
// inserted or changed through CSSOM, a style attribute the served document does not have) is
// named `script` with no line: a line is given only where the served text has that declaration.
// Pure: the CDP answer and the served document in, source entries out.

// The parts of CDP's CSS domain read here (playwright-core does not export its protocol types).
interface Range { startLine: number; startColumn: number }
interface CssProperty { name: string; value: string; important?: boolean; text?: string; parsedOk?: boolean; disabled?: boolean; range?: Range; longhandProperties?: { name: string }[] }
interface Style { styleSheetId?: string; cssProperties: CssProperty[]; range?: Range; cssText?: string }
interface RuleMatch { rule: { origin: string; styleSheetId?: string; style: Style; selectorList: { text: string; selectors: { text: string }[] } }; matchingSelectors: number[] }
export interface Matched { inlineStyle?: Style; attributesStyle?: Style; matchedCSSRules?: RuleMatch[]; inherited?: { inlineStyle?: Style; matchedCSSRules?: RuleMatch[] }[] }
export interface Header { styleSheetId: string; sourceURL: string; sourceMapURL?: string; isInline: boolean; startLine: number; startColumn: number; isMutable?: boolean; isConstructed?: boolean; ownerNode?: number; origin?: string }

/** What the served document says about the looked-up element, for what CDP cannot tell: whether a
 *  declaration in an inline <style> or a style attribute is the one the server sent. */
export interface Served {
  /** the document's text as served, by line; null: not read (inline places are then not checked) */
  lines: string[] | null;
  /** where the element's own style attribute's value starts in it (0-based line and column;
   *  `exact`: the value is written without character references, so columns hold); 'script': the
   *  served document has no such attribute; null: it cannot be told which one it is */
  inline: { line: number; column: number; exact: boolean } | 'script' | null;
}

/** Where a value comes from, as the record stores it (capture/gatherers/css-record.ts dedupes these). */
export interface RuleSource {
  kind: 'rule' | 'inline' | 'attribute';
  /** the stylesheet's URL (the document's for an inline <style> or style attribute); '' when unknown */
  url: string;
  /** 1-based line and column of the declaration in that resource */
  line: number | null;
  column: number | null;
  /** the rule's selector; null for inline styles */
  selector: string | null;
  /** the declaration as written, e.g. "margin-top: -8px" */
  text: string;
  /** set by an ancestor's rule (an inherited property) */
  inherited?: boolean;
  /** made by a script (line and column null): see the file's header */
  script?: boolean;
}

/** Properties that inherit (a value not declared on the element comes from an ancestor's rule). */
const INHERITED = /^(color|font-.*|line-height|letter-spacing|word-spacing|text-align|text-transform|text-indent|white-space|visibility|direction|cursor|list-style.*)$/;

/** The shorthands that can set `prop` (when Chromium gives no longhand list). */
export function shorthandsOf(prop: string): string[] {
  const out: string[] = [];
  const parts = prop.split('-');
  for (let i = parts.length - 1; i > 0; i--) out.push(parts.slice(0, i).join('-'));
  const m = /^border-(top|right|bottom|left)-(width|style|color)$/.exec(prop);
  if (m) out.push(`border-${m[2]}`);
  if (/^border-.*-radius$/.test(prop)) out.push('border-radius');
  if (/^(top|right|bottom|left)$/.test(prop)) out.push('inset');
  if (/^(row|column)-gap$/.test(prop)) out.push('gap', `grid-${prop}`, 'grid-gap');
  if (/^flex-(direction|wrap)$/.test(prop)) out.push('flex-flow');
  if (/^(line-height)$/.test(prop)) out.push('font');
  if (/^grid-template-(rows|columns|areas)$/.test(prop)) out.push('grid');
  if (/^(align|justify)-(items|content|self)$/.test(prop)) out.push(`place-${prop.split('-')[1]}`);
  if (/^overflow-[xy]$/.test(prop)) out.push('overflow');
  return out;
}

/** The declaration in `style` that sets `prop`, honouring order and !important (null: none). */
function declared(style: Style | undefined, prop: string, important: boolean): CssProperty | null {
  if (!style) return null;
  const shorts = shorthandsOf(prop);
  let hit: CssProperty | null = null;
  for (const p of style.cssProperties) {
    // in a rule with a source text, a property without a range is a longhand the shorthand beside
    // it expands to; a rule without one (inserted or changed through CSSOM) has no ranges at all
    if ((!p.range && style.range) || p.disabled || p.parsedOk === false || !!p.important !== important) continue;
    const sets = p.name === prop || (p.longhandProperties?.some((l) => l.name === prop) ?? shorts.includes(p.name));
    if (sets) hit = p; // a later declaration in the same block wins
  }
  return hit;
}

function place(style: Style, p: CssProperty, headers: Map<string, Header>, docUrl: string, served: Served | null, own: boolean): Omit<RuleSource, 'kind' | 'selector'> {
  const text = (p.text ?? `${p.name}: ${p.value}`).replace(/;\s*$/, '').replace(/\s+/g, ' ').trim();
  const r = p.range;
  const h = style.styleSheetId ? headers.get(style.styleSheetId) : undefined;
  const nowhere = { line: null, column: null, text };
  if (!h) {
    // a style attribute: its ranges count from the attribute's value, found in the served document
    const at = own ? served?.inline ?? null : null;
    if (at === 'script') return { url: docUrl, ...nowhere, script: true };
    if (!at || !r) return { url: docUrl, ...nowhere };
    return { url: docUrl, line: at.line + r.startLine + 1, column: at.exact ? (r.startLine === 0 ? at.column + r.startColumn : r.startColumn) + 1 : null, text };
  }
  // a constructed sheet, a <style> a script made (no URL), a rule a script inserted or changed (no range)
  if (h.isConstructed || !h.sourceURL || !r) return { url: h.sourceURL, ...nowhere, script: true };
  // an inline <style> is counted from where it starts in the document
  const line = r.startLine + (h.isInline ? h.startLine : 0);
  const column = r.startLine === 0 && h.isInline ? r.startColumn + h.startColumn : r.startColumn;
  if (h.isInline) {
    // Chromium rewrites a <style> changed through CSSOM from its rules: a place counts only where
    // the served document has the declaration
    const written = served?.lines?.[line];
    if (written === undefined) { if (h.isMutable) return { url: h.sourceURL, ...nowhere }; }
    else if (!written.startsWith((p.text ?? '').split('\n')[0].trim() || '\0', column)) return { url: h.sourceURL, ...nowhere, script: true };
  }
  return { url: h.sourceURL, line: line + 1, column: column + 1, text };
}

/** For each property, where its value comes from; absent: no author declaration (a browser default, or inherited from none). */
export function sourcesOf(m: Matched, props: readonly string[], headers: Map<string, Header>, docUrl: string, served: Served | null = null): Map<string, RuleSource> {
  const out = new Map<string, RuleSource>();
  const rules = (m.matchedCSSRules ?? []).filter((r) => r.rule.origin === 'regular' || r.rule.origin === 'inspector');
  const fromRules = (list: typeof rules, inline: Style | undefined, prop: string, inherited: boolean): RuleSource | null => {
    // !important first (an inline !important beats a rule's), then the normal cascade: inline, then rules from the last
    for (const important of [true, false]) {
      const own = declared(inline, prop, important);
      if (own && inline) return { kind: 'inline', selector: null, ...place(inline, own, headers, docUrl, served, !inherited), ...(inherited ? { inherited } : {}) };
      for (let i = list.length - 1; i >= 0; i--) {
        const d = declared(list[i].rule.style, prop, important);
        if (!d) continue;
        const sel = list[i].matchingSelectors.map((k) => list[i].rule.selectorList.selectors[k]?.text).filter(Boolean).join(', ') || list[i].rule.selectorList.text;
        return { kind: 'rule', selector: sel, ...place({ styleSheetId: list[i].rule.styleSheetId, ...list[i].rule.style }, d, headers, docUrl, served, false), ...(inherited ? { inherited } : {}) };
      }
    }
    return null;
  };
  for (const prop of props) {
    let src = fromRules(rules, m.inlineStyle, prop, false);
    if (!src && m.attributesStyle) {
      const a = m.attributesStyle.cssProperties.find((p) => p.name === prop);
      if (a) src = { kind: 'attribute', url: docUrl, line: null, column: null, selector: null, text: `${a.name}: ${a.value}` };
    }
    if (!src && INHERITED.test(prop)) {
      for (const inh of m.inherited ?? []) {
        const list = (inh.matchedCSSRules ?? []).filter((r) => r.rule.origin === 'regular' || r.rule.origin === 'inspector');
        src = fromRules(list, inh.inlineStyle, prop, true);
        if (src) break;
      }
    }
    if (src) out.set(prop, src);
  }
  return out;
}
