// The checks a storybook spec starts from (spec/compile.ts puts them under the config's and the spec's).
/** What a storybook spec checks unless the config or the spec says otherwise (a layer under both):
 *  - axe leaves out the rules about a whole page (a main landmark, a level-one heading, a title,
 *    content inside landmarks), which a component rendered alone cannot meet — Storybook's own a11y
 *    addon audits only the story's root for the same reason;
 *  - interactive-reachable is on: every button, link and field a story renders must be visible and
 *    uncovered, with no required: list per story. */
export const STORY_CHECKS: Record<string, unknown> = {
  axe: { disable: ['bypass', 'document-title', 'html-has-lang', 'landmark-one-main', 'page-has-heading-one', 'region'] },
  'interactive-reachable': true,
};
