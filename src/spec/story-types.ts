// The shapes the Storybook code shares with the plan, apart so that neither imports the other
// (the boundary test forbids import cycles, type-only ones too).

/** One story of a Storybook's index. */
export interface IndexStory { id: string; title: string; name: string; importPath: string | null }

/** What `--changed` selected a Storybook spec by (spec/story-imports.ts narrows its stories by it). */
export interface StoriesChanged {
  /** the Storybook's project folder (absolute): where the index's importPaths start */
  project: string;
  /** the changed files that selected the spec (absolute) */
  files: string[];
}
