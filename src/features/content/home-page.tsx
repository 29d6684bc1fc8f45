import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { ROOT_CATEGORY_ID } from '../../../domain/catalog/menu-categories.ts';
import { useChildCategories } from '../../lib/child-categories.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Blocks } from './blocks.tsx';
import { ProductCarousel } from './product-carousel.tsx';
import { useStory } from '../../lib/cms-story.ts';
import { RecentlyViewed } from '../../ui/recently-viewed.tsx';

/** Category shortcuts from the main menu, shown when the home story has no tiles of its own. */
function CategoryShortcuts() {
  const categories = useChildCategories(ROOT_CATEGORY_ID);
  if (!categories.length) return null;
  return (
    <section className="home-categories">
      <h2>Shop per categorie</h2>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={`/${c.url_path}`}>{c.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Home is the CMS story `home` (spec 001 §2); blocks render by component name. */
export function HomePage() {
  const story = useStory('home');
  useDocumentTitle('Herenmode online');
  const body = story.data?.content.body ?? [];
  return (
    <div className="page home-page">
      {body.length ? (
        <Blocks blocks={body} />
      ) : (
        <section className="cms-hero cms-hero-plain">
          <div className="cms-hero-text">
            <h1 className="cms-hero-title">Herenmode voor elk moment</h1>
            <p>Pakken, overhemden, knitwear en sneakers van topmerken. {t('Delivered in 1 to 3 work days')}.</p>
          </div>
        </section>
      )}
      {body.some((b) => b.component === 'category_tiles') ? null : <CategoryShortcuts />}
      {story.status !== 'loading' && !body.some((b) => b.component.includes('product')) ? (
        <ProductCarousel block={{ component: 'product_carousel', title: 'Nieuw binnen', limit: 8 }} />
      ) : null}
      <RecentlyViewed />
    </div>
  );
}
