// `frame:` — content inside an iframe, addressed as Playwright's page.locator(frame).first()
// .contentFrame() enters it; a list enters nested frames, outermost first. Shared by the spec
// schema (required entries, regions, masks) and the step verbs (a step acting inside a frame).
import { Type, type Static } from '@sinclair/typebox';

const chainOf = (description: string) => Type.Union([
  Type.String({ minLength: 1, description: 'CSS selector of the iframe (the first match), e.g. "#checkout-frame"' }),
  Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 8, description: 'nested frames: the iframe selectors, outermost first' }),
], { description });

/** What is measured inside a frame: same-origin only. */
export const FrameRef = chainOf('inside this same-origin frame (an iframe selector, or a list for nested frames, outermost first); cross-origin frames cannot be measured');
/** Where a step acts: Playwright acts inside any frame, cross-origin ones too. */
export const StepFrameRef = chainOf('act inside this frame (an iframe selector, or a list for nested frames, outermost first); a step may act inside a cross-origin frame');

export type FrameInput = Static<typeof FrameRef>;

/** `frame:` as written (a selector, or a list for nested frames) → the chain, outermost first. */
export const frameChain = (f: FrameInput): string[] => (typeof f === 'string' ? [f] : [...f]);
