// What an editor shows while a spec or the config is typed (yaml-language-server, VS Code, JetBrains):
// the committed schema/*.json are the TypeBox source annotated here, for the IDE only (the runtime
// validators compile the source itself). Every node gets a `title` naming where it is
// (`checks.overflow`, `step: click`, `required entry`), so hovers and completions say what they are;
// unions of literals become `enum`s, and scalar branches of a union an `errorMessage` that names
// every valid form, so a wrong value is told what would be right; `markdownDescription` adds an
// example; steps, states and required entries get `defaultSnippets`.
import { CHECKS } from '../checks/registry.js';
import { STEPS } from '../steps/registry.js';

type Node = Record<string, any>;

/** Array items have a name of their own. */
const ITEM_NAMES: Record<string, string> = {
  states: 'state', 'state.steps': 'step', required: 'required entry', 'state.required': 'required entry',
  viewports: 'viewport', 'state.viewports': 'viewport', 'required.viewports': 'viewport', masks: 'mask selector', watch: 'watch glob', 'network.block': 'blocked URL glob',
  specs: 'spec glob', 'gate.warn': 'severity', 'checks.axe.tags': 'axe tag', 'browser.args': 'launch flag',
};

const yaml = (s: string) => `\n\nExample:\n\`\`\`yaml\n${s}\n\`\`\``;

/** Each step verb's example and snippet (src/steps/<verb>.ts), in the verbs' order. */
const STEP_EXAMPLES: Record<string, string> = Object.fromEntries(STEPS.map((v) => [v.verb, v.example]));
const STEP_SNIPPETS: Record<string, unknown> = Object.fromEntries(STEPS.map((v) => [v.verb, v.snippet]));

/** Examples by node title; check examples come from each check's own shorthand or options. */
const EXAMPLES: Record<string, string> = {
  name: 'name: checkout-payment', route: 'route: /checkout/payment', url: 'url: https://example.com/pricing',
  brief: 'brief: ../briefs/checkout.md', viewports: 'viewports: [desktop, mobile]',
  regions: 'regions:\n  summary: aside.order-summary\n  cta: "#pay"\n  card: { selector: form, frame: "#checkout-frame" }   # inside a same-origin iframe',
  masks: 'masks: [".clock", "[data-dynamic]", { selector: ".ad", frame: "#promo-frame" }]',
  'required.frame': 'frame: "#checkout-frame"          # the iframe (first match), same-origin only\n# or, for nested frames, outermost first:\nframe: ["#checkout-frame", "#card-frame"]',
  required: 'required:\n  - selector: "#pay"\n    name: primary CTA\n  - text: "/total/i"\n    within: aside',
  'required entry': '- selector: "#pay"\n  name: primary CTA\n  visible: full', states: 'states:\n  - name: default\n  - name: empty-submit\n    steps:\n      - click: "#pay"\n      - waitFor: "[role=alert]"',
  state: '- name: empty-submit\n  steps:\n    - click: "#pay"',
  'state.viewports': '- name: menu-open\n  viewports: [mobile]              # not captured at the other viewports\n  steps:\n    - click: "button[aria-expanded]"',
  'required.viewports': '- selector: "nav .links"\n  name: nav links\n  viewports: [desktop]             # not checked at the other viewports', 'state.steps': 'steps:\n  - click: "#pay"\n  - waitFor: "[role=alert]"',
  checks: 'checks:\n  overflow: true\n  console: important\n  axe: { impact: serious }\n  overlap: [[summary, cta]]',
  wait: 'wait:\n  for: selector\n  selector: "[data-ready]"', parity: 'parity:\n  maxDiffRatio: 0.001\n  regions: { cta: 0 }\n  structure: important',
  judge: 'judge:\n  rubric: ../briefs/checkout.rubric.md\n  mode: optional', gate: 'gate:\n  minScore: 80\n  warn: [polish]',
  context: 'context:\n  storageState: .auth/user.json\n  locale: en-GB', network: 'network:\n  block: ["*://*.doubleclick.net/*"]',
  server: 'server:\n  command: npm run build && npm run preview -- --port 4173 --strictPort\n  url: http://127.0.0.1:4173\n# or\nserver: { static: dist, build: npm run build }',
  storybook: 'storybook:\n  static: ../storybook-static          # or url: http://127.0.0.1:6006\n  build: npm run build-storybook\n  exclude: ["*--playground"]',
  baseURL: 'baseURL: http://127.0.0.1:3000', 'config viewports': 'viewports:\n  desktop: { width: 1280, height: 800 }\n  mobile: { width: 390, height: 844, isMobile: true }',
};

const isConst = (n: Node) => n && 'const' in n && Object.keys(n).every((k) => ['const', 'type', 'description', 'title'].includes(k));

/** anyOf [const a, const b…] → enum [a, b…] (yaml-language-server lists enum values in its messages). */
function enumify(n: Node): Node {
  if (!Array.isArray(n.anyOf) || !n.anyOf.length || !n.anyOf.every(isConst)) return n;
  const types = new Set(n.anyOf.map((b: Node) => b.type ?? typeof b.const));
  if (types.size !== 1) return n;
  const { anyOf, ...rest } = n;
  return { ...rest, type: [...types][0], enum: anyOf.map((b: Node) => b.const) };
}

/** How one branch of a union is written, for titles and messages. */
function formOf(b: Node): string {
  if (b.enum) return `one of ${b.enum.map((v: unknown) => String(v)).join(', ')}`;
  if ('const' in b) return String(b.const);
  if (b.type === 'boolean') return 'true or false';
  if (b.type === 'object') {
    const keys = Object.keys(b.properties ?? {});
    return keys.length === 1 && b.additionalProperties === false && b.required?.length === 1 ? `${keys[0]}: …` : `options { ${keys.join(', ')} }`;
  }
  if (b.type === 'array') return 'a list';
  if (b.type === 'string') return /selector/i.test(b.description ?? '') ? 'a CSS selector' : 'text';
  if (b.type === 'integer' || b.type === 'number') return 'a number';
  return 'a value';
}

/** yaml-language-server reports the first of equally good branches: a string that fits no enum
 *  should hear the enum branch's message (which names every form), not a merged "Incorrect type". */
const branchOrder = (b: Node) => (b.enum ? 0 : b.type === 'string' ? 1 : 2);

function branchTitle(label: string, b: Node): string {
  if (label === 'step' && b.type === 'object') return `step: ${Object.keys(b.properties)[0]}`;
  if (b.type === 'object') return `${label}: options`;
  if (b.type === 'boolean') return `${label}: true | false`;
  if (b.enum) return `${label}: ${b.enum.join(' | ')}`;
  return `${label}: ${formOf(b)}`;
}

function annotate(input: Node, label: string, ctx: { root: 'spec' | 'config'; inStep?: boolean }): Node {
  const n = enumify({ ...input });
  if (label && !n.title) n.title = label;
  // a step's verb key (`wait` inside `- wait: 300`) shows its step's example, not the spec key's of that name
  const verb = label.startsWith('step: ') ? label.slice(6) : ctx.inStep ? label : null;
  const example = verb ? STEP_EXAMPLES[verb] && `- ${STEP_EXAMPLES[verb]}` : checkExample(label) ?? EXAMPLES[ctx.root === 'config' && label === 'viewports' ? 'config viewports' : label];
  if (n.description && !n.markdownDescription) n.markdownDescription = n.description + (example ? yaml(example) : '');
  if (n.enum && !n.markdownDescription) n.markdownDescription = `one of: ${n.enum.map((v: unknown) => `\`${v}\``).join(', ')}`;

  const key = (k: string) => (label && !label.startsWith('step: ') && label !== 'step' ? `${label}.${k}` : k);
  if (n.properties) {
    const inner = { ...ctx, inStep: label.startsWith('step: ') && label.slice(6) };
    n.properties = Object.fromEntries(Object.entries(n.properties).map(([k, v]) => [k, annotate(v as Node, labelFor(label, k, key(k)), { ...inner, inStep: inner.inStep === k })]));
  }
  if (n.patternProperties) {
    n.patternProperties = Object.fromEntries(Object.entries(n.patternProperties).map(([k, v]) => [k, annotate(v as Node, `${label}.<name>`, ctx)]));
  }
  if (n.additionalProperties && typeof n.additionalProperties === 'object') n.additionalProperties = annotate(n.additionalProperties, `${label}.<name>`, ctx);
  if (n.items && !Array.isArray(n.items)) n.items = annotate(n.items, ITEM_NAMES[label] ?? `${label} item`, ctx);
  if (Array.isArray(n.items)) n.items = n.items.map((it: Node, i: number) => annotate(it, `${label}[${i}]`, ctx));
  if (Array.isArray(n.anyOf)) {
    const branches = n.anyOf.map((b: Node) => enumify(b)).map((b: Node, i: number) => [b, i] as const)
      .sort((x: readonly [Node, number], y: readonly [Node, number]) => branchOrder(x[0]) - branchOrder(y[0]) || x[1] - y[1]).map(([b]: readonly [Node, number]) => b);
    const forms = branches.map(formOf);
    const valid = `${label}: expected ${forms.length > 1 ? `${forms.slice(0, -1).join('; ')}; or ${forms[forms.length - 1]}` : forms[0]}`;
    n.anyOf = branches.map((b: Node) => {
      const a = annotate(b, branchTitle(label, b), ctx);
      // a scalar that fits no branch hears every form that would (an object's own errors name its keys)
      if (a.type !== 'object' && !a.errorMessage && label !== 'step') a.errorMessage = valid;
      if (label === 'step' && a.type === 'object') a.errorMessage = STEP_MESSAGE;
      return a;
    });
  }
  if (label === 'step') n.defaultSnippets = Object.entries(STEP_SNIPPETS).map(([verb, body]) => ({ label: `${verb} step`, description: STEP_EXAMPLES[verb], body }));
  if (label === 'state') n.defaultSnippets = [{ label: 'state with steps', body: { name: '${1:state-name}', steps: [{ click: '${2:#selector}' }] } }];
  if (label === 'required entry') n.defaultSnippets = [
    { label: 'required: selector', description: 'an element that must be visible', body: { selector: '${1:#selector}', name: '${2:what it is}' } },
    { label: 'required: text', description: 'text that must be visible', body: { text: '${1:text or /regex/i}', within: '${2:main}' } },
    { label: 'required: inside a frame', description: 'an element inside a same-origin iframe', body: { selector: '${1:#selector}', frame: '${2:#frame}', name: '${3:what it is}' } },
  ];
  if (label === 'checks') n.errorMessage = `not a check id; the check ids are ${CHECKS.map((c) => c.meta.id).join(', ')} (\`veval checks\` lists their options)`;
  return n;
}

const STEP_MESSAGE = `a step is one of: ${Object.keys(STEP_SNIPPETS).join(', ')} (e.g. - click: "#pay")`;

/** A property's label: `state` for a state's keys, the verb inside a step, a dotted path elsewhere. */
function labelFor(parent: string, k: string, dotted: string): string {
  if (parent === 'state') return `state.${k}`;
  if (parent.startsWith('step: ')) return k;
  if (parent === 'required entry') return `required.${k}`;
  return dotted;
}

function checkExample(label: string): string | undefined {
  const m = /^checks\.([\w-]+)$/.exec(label);
  if (!m) return undefined;
  const c = CHECKS.find((x) => x.meta.id === m[1]);
  if (!c) return undefined;
  if (c.meta.alwaysOn) return `checks:\n  ${c.meta.id}: true   # always on`;
  const sample = c.meta.example ?? 'important';
  return `checks:\n  ${c.meta.id}: ${sample}   # or true, false, blocker, important, polish`;
}

export function ideSchema(json: object, root: 'spec' | 'config'): object {
  return annotate(json as Node, '', { root });
}
