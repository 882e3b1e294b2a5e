/** Fixture generation for a group (issue 26): the form, the preview with its checks, the commit. */
export { FixtureGenerator } from './fixture-generator';
