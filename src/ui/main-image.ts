import { MAIN_IMAGE_TIMING } from '../../domain/app-start.ts';

/**
 * How an image is loaded: the page's main one (the largest paint, above the fold) first and with its paint reported
 * (server/pages/app-starter.ts starts the app after it); any other one when it nears the screen.
 */
export function imageLoading(main: boolean | undefined) {
  return main
    ? ({ loading: 'eager', fetchPriority: 'high', elementtiming: MAIN_IMAGE_TIMING } as const)
    : ({ loading: 'lazy' } as const);
}
