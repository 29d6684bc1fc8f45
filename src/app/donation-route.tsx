import { useParams } from '@tanstack/react-router';
import { ContentView } from '../features/content/content-page.tsx';
import type { BlockComponents } from '../features/content/blocks.tsx';
import { DonationBlock } from '../features/donations/donation-block.tsx';

export { DonationStatusPage } from '../features/donations/donation-status-page.tsx';

/** The donations feature's block inside the content feature's page (docs/architecture.md "Layout and where to look"). */
const DONATION_BLOCKS: BlockComponents = { donation: DonationBlock };

/** A donation page (spec 001 §2 `/mannen-voor-mannen/{slug}`): the CMS story, its donation block live. */
export function DonationRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  return <ContentView key={slug} slug={`mannen-voor-mannen/${slug}`} blockComponents={DONATION_BLOCKS} />;
}
