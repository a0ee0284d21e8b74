/** The pipeline feature: the deal pipeline screen (its grid, selection and bulk edit). */
export { PipelineScreen } from './Pipeline';
