// The judge stage for one spec: decide whether it may run, gather crops and text, render the
// prompt, answer from the cache or one model call, verify the evidence, write <spec>/judge.json.
// Every fault after the decision to call is an `error` with a reason — never a silent pass.
import type { JudgeResult } from '../core/artifacts.js';
import { writeFileAtomic } from '../core/fsx.js';
import { abs, files, type RunContext } from '../core/run.js';
import type { SpecPlan } from '../spec/plan.js';
import { book, createLedger, overBudget, type JudgeLedger } from './budget.js';
import { cacheKey, defaultCacheDir, readCache, writeCache } from './cache.js';
import { readCalibration } from './calibration-file.js';
import { chat, JudgeCallError, type ChatRequest } from './client.js';
import { blockers, readParity } from './decide.js';
import { imageTokens } from './images.js';
import { findInjection, injectionReason } from './injection.js';
import { gatherInputs, InputFault, type JudgeInputs } from './inputs.js';
import { sameModel } from './model-id.js';
import { renderPrompt, TEMPLATE_VERSION } from './prompt.js';
import { sweepKey } from './redact.js';
import { checkVerdict, parseVerdict, VERDICT_SCHEMA, type CheckedItem, type DroppedFinding } from './verdict.js';

export { createLedger, type JudgeLedger } from './budget.js';

export interface JudgeRunOptions {
  noCache?: boolean;
  env?: NodeJS.ProcessEnv;
  /** run-wide budget accounting across specs (create with createLedger(plan)) */
  ledger?: JudgeLedger;
  /** where verdicts are cached (default <root>/.veval-cache/judge) */
  cacheDir?: string;
}

/** judge.json: declared with the other artifacts (core/artifacts.ts). */
export type { JudgeResult } from '../core/artifacts.js';

const NO_CALIBRATION = { status: 'none', model: null, date: null, agreement: null } as const;

export async function runJudge(run: RunContext, spec: SpecPlan, opts: JudgeRunOptions = {}): Promise<JudgeResult> {
  const t0 = performance.now();
  const env = opts.env ?? process.env;
  const apiKey = env.OPENAI_API_KEY?.trim() || null;
  const result = await judgeSpec(run, spec, opts, env, apiKey);
  result.ms = Math.round(performance.now() - t0);
  const m = result.model;
  if (m?.mismatch) {
    // whatever the status: a verdict from another model than the one pinned is worth knowing
    const note = `model mismatch: requested ${m.requested}, server reported ${m.reported}`;
    result.reason = result.reason ? `${result.reason}; ${note}` : note;
  }
  // Server text is redacted where it enters (client.ts); this sweep is the safety net, on string
  // values only, so a short key like "1" or "none" cannot corrupt the JSON.
  const text = JSON.stringify(sweepKey(result, apiKey), null, 2) + '\n';
  writeFileAtomic(abs(run, files.judge(spec.name)), text);
  return JSON.parse(text) as JudgeResult;
}

function base(status: JudgeResult['status'], reason: string | null, spec: SpecPlan): JudgeResult {
  return {
    status, reason, findings: [],
    model: spec.judge && spec.judge.mode !== 'off' ? { requested: spec.judge.model, reported: null, mismatch: false } : null,
    cache: null, requests: 0, bytesSent: 0, tokens: null, imagesSent: [], dropped: { praise: 0, redesign: 0 }, droppedFindings: [], items: [],
    calibration: { ...NO_CALIBRATION }, ms: 0,
  };
}

async function judgeSpec(run: RunContext, spec: SpecPlan, opts: JudgeRunOptions, env: NodeJS.ProcessEnv, apiKey: string | null): Promise<JudgeResult> {
  const judge = spec.judge;
  if (!judge) return base('skipped', 'no judge section', spec);
  if (judge.mode === 'off') return base('skipped', 'off', spec);
  const blocked = blockers(run, spec);
  if (blocked.length) return base('skipped', `blocked by ${blocked.join(', ')}`, spec);
  if (!apiKey) {
    return judge.mode === 'optional'
      ? base('skipped', 'no credentials', spec)
      : base('error', 'no credentials: OPENAI_API_KEY is not set and judge.mode is required', spec);
  }
  const result = base('error', null, spec);
  result.calibration = readCalibration(run.root, judge);
  if (judge.calibration.required && result.calibration.status !== 'calibrated') {
    result.reason = result.calibration.model
      ? `uncalibrated model ${judge.model}; last calibrated with ${result.calibration.model}${result.calibration.model === judge.model ? ' (below minAgreement)' : ''}`
      : `uncalibrated model ${judge.model}; never calibrated (run veval calibrate)`;
    return result;
  }

  let inputs: JudgeInputs;
  let prompt: ReturnType<typeof renderPrompt>;
  try {
    inputs = gatherInputs(run, spec, readParity(run, spec));
    prompt = renderPrompt(spec, inputs);
  } catch (err) {
    result.reason = err instanceof InputFault ? `judge input: ${err.message}` : (err as Error).message;
    return result;
  }
  result.imagesSent = inputs.images.map((i) => i.name);

  const body = buildRequest(judge.model, judge.maxTokens, prompt.system, prompt.user, inputs);
  const key = cacheKey({
    model: judge.model, templateVersion: TEMPLATE_VERSION, system: prompt.system, user: prompt.user,
    images: inputs.images.map((i) => `${i.name}:${i.sha256}`), maxTokens: judge.maxTokens, schema: VERDICT_SCHEMA,
  });
  const cacheDir = opts.cacheDir ?? defaultCacheDir(run.root);
  // the project's own cache must stay in the project (a .veval-cache linked elsewhere is not used)
  const cacheRoot = opts.cacheDir ? undefined : run.root;
  let answer = opts.noCache ? null : readCache(cacheDir, key, cacheRoot);
  if (answer) {
    result.cache = 'hit';
  } else {
    result.cache = opts.noCache ? 'bypass' : 'miss';
    const ledger = opts.ledger ?? createLedger(run.plan);
    const estimate = Math.ceil((prompt.system.length + prompt.user.length) / 4)
      + inputs.images.reduce((n, i) => n + imageTokens(i.width, i.height), 0) + judge.maxTokens;
    const over = overBudget(ledger, judge, inputs.images.length, estimate);
    if (over) { result.reason = over; return result; }
    const payload = JSON.stringify(body);
    result.requests = 1;
    result.bytesSent = Buffer.byteLength(payload);
    try {
      const res = await chat({ apiKey, baseURL: judge.baseURL ?? env.OPENAI_BASE_URL ?? null, timeout: judge.timeout, retries: judge.retries }, body);
      answer = { version: 1, key, model: res.model, content: res.content, usage: res.usage, at: new Date().toISOString() };
    } catch (err) {
      book(ledger, inputs.images.length, estimate);    // a failed call may still have been billed
      result.reason = err instanceof JudgeCallError ? `judge call failed (${err.kind}): ${err.message}` : String(err);
      return result;
    }
    book(ledger, inputs.images.length, answer.usage ? answer.usage.prompt + answer.usage.completion : estimate);
    result.tokens = answer.usage;
  }

  result.model = { requested: judge.model, reported: answer.model, mismatch: !!answer.model && !sameModel(judge.model, answer.model) };
  let verdict;
  try {
    verdict = parseVerdict(answer.content);
  } catch (err) {
    result.reason = (err as Error).message;
    return result;
  }
  if (result.cache !== 'hit') {
    const warn = writeCache(cacheDir, answer, cacheRoot);
    if (warn) process.emitWarning(warn);
  }
  const checked = checkVerdict(verdict, inputs, Object.keys(spec.regions), prompt.items);
  result.status = checked.status;
  result.reason = checked.reason;
  result.findings = checked.findings;
  result.dropped = checked.dropped;
  result.droppedFindings = checked.droppedFindings;
  result.items = checked.items;
  const suspect = checked.status === 'pass' ? findInjection(inputs.texts) : null;
  if (suspect) {
    result.status = 'FAIL_EVIDENCE';
    result.reason = injectionReason(suspect);
  }
  if (result.status === 'FAIL_EVIDENCE') {
    result.findings.push({
      check: 'judge', severity: 'blocker', viewport: null, state: null,
      message: `judge FAIL_EVIDENCE: ${result.reason}`, evidence: { file: null },
    });
  }
  return result;
}

function buildRequest(model: string, maxTokens: number, system: string, user: string, inputs: JudgeInputs): ChatRequest {
  const content: ChatRequest['messages'][1]['content'] = [{ type: 'text', text: user }];
  for (const img of inputs.images) {
    content.push({ type: 'text', text: `Image file: ${img.name}` });
    content.push({ type: 'image_url', image_url: { url: `data:image/png;base64,${img.png.toString('base64')}`, detail: 'high' } });
  }
  return {
    model, temperature: 0, max_completion_tokens: maxTokens,
    messages: [{ role: 'system', content: system }, { role: 'user', content }],
    response_format: { type: 'json_schema', json_schema: { name: 'veval_judge_verdict', strict: true, schema: VERDICT_SCHEMA as unknown as Record<string, unknown> } },
  };
}
