// Modules the build writes (scripts/about-plugin.ts); their types mirror contract/about.ts.
declare module 'virtual:nv-build-info' {
  const build: { version: string; builtAt: string; commit: string };
  export default build;
}

declare module 'virtual:nv-oss-components' {
  const components: { name: string; version: string; license: string; homepage?: string }[];
  export default components;
}
