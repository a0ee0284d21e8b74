import type { PIPELINE_CHANNELS } from '../../contract';
import type { PipelineService } from '../pipeline';
import type { PipelinePages } from '../pipeline-pages';
import type { ChannelKit, HandlersOf } from './kit';

// The pipeline: every deal with its figures (pipeline.ts), or a page at a time (pipeline-pages.ts).

/** The table's pipeline services (it closes them). */
export interface PipelineServices {
  pipeline: PipelineService;
  pages: PipelinePages;
}

export function pipelineChannels({ gateway }: ChannelKit, { pipeline, pages }: PipelineServices): HandlersOf<typeof PIPELINE_CHANNELS> {
  return {
    'deals.ids': () => gateway('getAllDealIds', {}),
    'deals.pipeline': async () => pipeline.rows(),
    'deals.prioritizeFigures': async ({ ids }) => ({ queued: pipeline.prioritize(ids) }),
    'pipeline.page': async (input) => {
      const page = await pages.page(input);
      pages.screenShowsRows();
      return page;
    },
    'pipeline.ids': async (input) => pages.ids(input),
    'pipeline.facets': async () => pages.facets(),
  };
}
