import type { Queryable } from '../db/index.ts';
import { insertRows, json } from './batch.ts';
import { imageUrl } from './image-names.ts';
import { BLOG_ARTICLES, CONTENT_PAGES, DONATION_CAUSES, EVENTS } from './content-pages.ts';
import type { SeedCategory } from './categories.ts';
import { DAY } from './pricing.ts';
import type { SeedProduct } from './products.ts';
import { seededFaker } from './random.ts';
import { STORE_LOCATIONS } from './stores.ts';

/**
 * CMS stories in the shape of the headless CMS the shop uses (Storyblok): `published` and `draft` hold the story's
 * `content` — `{ component, body: [blocks], seo: { title, description } }` for pages, a single block for globals.
 * `published` null means never published (preview only); a draft that differs is the editor's unpublished change.
 */
interface Story {
  fullSlug: string;
  name: string;
  kind: 'page' | 'article' | 'event' | 'config' | 'block';
  tags?: string[];
  published: Record<string, unknown> | null;
  draft?: Record<string, unknown>;
  alternates?: { full_slug: string; lang: string }[];
  eventDate?: Date;
  publishedAt?: Date;
}

const richText = (html: string) => ({ component: 'rich_text', html });
const seo = (title: string, description: string) => ({ title: `${title} | OFM`, description });

export async function seedContent(
  q: Queryable,
  products: SeedProduct[],
  categories: SeedCategory[],
  now: Date,
): Promise<void> {
  const f = seededFaker(20_260_003);
  const day = (n: number) => new Date(now.getTime() + n * DAY);
  const parents = products.filter((p) => p.visibility === 4 && p.status === 1 && p.stock.isInStock);
  const pick = (n: number, filter: (p: SeedProduct) => boolean = () => true) =>
    parents
      .filter(filter)
      .slice(0, n)
      .map((p) => p.sku);
  const top = categories.filter((c) => c.level === 2);
  // Content images reuse product drawings, so every image a story names exists on disk.
  const imageOf = (i: number) => imageUrl(600, String(parents[(i * 7) % Math.max(1, parents.length)]?.doc.image ?? ''));
  // a story about a garment shows that garment (a shirt article never a pair of jeans), when the seed has one
  const imageOfShape = (shape: string, i: number) => {
    const shown = parents.find((p) => String(p.doc.image ?? '').startsWith(`${shape}-`));
    return shown ? imageUrl(600, String(shown.doc.image)) : imageOf(i);
  };
  const catLink = (key: string) => `/${top.find((c) => c.key === key)?.urlPath ?? ''}`;

  const home = (store: 'nl' | 'be') => ({
    component: 'page',
    body: [
      {
        component: 'hero',
        title: store === 'nl' ? 'De nieuwe collectie is binnen' : 'De nieuwe collectie, nu ook in België',
        subtitle: store === 'nl' ? 'Gratis verzending vanaf € 50' : 'Gratis levering in België vanaf € 75',
        image: imageOf(store === 'nl' ? 0 : 1),
        cta: { label: 'Shop nieuw binnen', link: catLink('overhemden') },
      },
      {
        component: 'category_tiles',
        items: top.slice(0, 6).map((c) => ({ title: c.name, link: `/${c.urlPath}`, category_id: c.id })),
      },
      // New arrivals sell at full price, so the two sliders never open with the same (sale) product.
      { component: 'product_slider', title: 'Nieuw binnen', skus: pick(12, (p) => p.special.percent === null) },
      { component: 'product_slider', title: 'Sale', skus: pick(12, (p) => p.special.percent !== null) },
      richText(
        '<p>OFM is al meer dan 35 jaar dé herenmodezaak voor wie er goed uit wil zien zonder gedoe. Online en in onze winkels in Nederland en België.</p>',
      ),
    ],
    seo: seo(
      store === 'nl' ? 'Herenkleding online kopen' : 'Herenkleding online kopen in België',
      'Pakken, overhemden, jeans en schoenen van topmerken. Gratis verzending en retour in de winkel.',
    ),
  });

  /** Each store view's home page names the other store view's home page as its alternate. */
  const homeStory = (store: 'nl' | 'be', name: string, alternate: { full_slug: string; lang: string }): Story => ({
    fullSlug: store === 'nl' ? 'home' : 'be/home',
    name,
    kind: 'page',
    published: home(store),
    alternates: [alternate],
    publishedAt: day(-3),
  });

  const stories: Story[] = [
    homeStory('nl', 'Home', { full_slug: 'be/home', lang: 'nl-be' }),
    homeStory('be', 'Home België', { full_slug: 'home', lang: 'nl' }),
    {
      fullSlug: 'config/theme',
      name: 'Theme',
      kind: 'config',
      published: {
        component: 'theme',
        colors: { primary: '#1f2a44', secondary: '#c9a227', background: '#ffffff', sale: '#b3261e' },
        // spec 001 §9 names the fallback asset logo-header; the story names the logo the header shows
        logo: { image: '/assets/logo-header.svg', alt: 'OFM Herenmode', link: '/' },
        menu: top.map((c) => ({ title: c.name, link: `/${c.urlPath}`, category_id: c.id })),
      },
    },
    { fullSlug: 'global/footer', name: 'Footer', kind: 'block', published: footer() },
    {
      // The review service's score (spec 001 §3 "Review-score data"), kept as a global block (docs/content.md).
      fullSlug: 'global/review-score',
      name: 'Review score',
      kind: 'block',
      published: {
        component: 'review_score',
        averageRating: 8.9,
        last12MonthsAverageRating: 9.1,
        numberReviews: 12480,
        percentageRecommendation: 97,
        locationId: '1065429',
        locationName: 'OFM Herenmode',
        viewReviewUrl: 'https://www.kiyoh.com/reviews/1065429/ofm_herenmode',
        createReviewUrl: 'https://www.kiyoh.com/add-review/1065429/ofm_herenmode',
      },
    },
    {
      // The blog overview (spec 001 §3 "Articles state"): the /blog/ path resolves to this story (spec 000 §2 step 4).
      fullSlug: 'blog',
      name: 'Blog',
      kind: 'page',
      publishedAt: day(-200),
      published: {
        component: 'page',
        body: [
          {
            component: 'hero',
            title: 'Blog',
            subtitle: 'Stijladvies, onderhoudstips en evenementen in onze winkels.',
          },
          { component: 'blog_overview', slug: 'blog/' },
        ],
        seo: seo('Blog', 'Stijladvies, onderhoudstips en evenementen in de winkels van OFM.'),
      },
    },
    {
      fullSlug: 'global/usps',
      name: 'USPs',
      kind: 'block',
      published: {
        component: 'usps',
        items: [
          { bold: 'Gratis verzending', normal: 'vanaf € 50', link: '/verzenden-en-retourneren' },
          { bold: 'Gratis retour', normal: 'in de winkel', link: '/verzenden-en-retourneren' },
          { bold: 'Gratis vermaken', normal: 'in al onze winkels', link: '/winkels/' },
        ],
        rating: { score: 8.9, count: 12480, label: 'Klanten geven ons een 8,9' },
      },
    },
    {
      fullSlug: 'global/highlight-bar',
      name: 'Highlight bar',
      kind: 'block',
      published: {
        component: 'highlight_bar',
        text: 'Extra 10% korting met code WELKOM10 op je eerste bestelling',
        link: '/klantenservice',
        background_color: '#1f2a44',
        text_color: '#ffffff',
      },
      draft: {
        component: 'highlight_bar',
        text: 'Black Friday: tot 50% korting op geselecteerde items',
        link: '/heren-sale',
        background_color: '#b3261e',
        text_color: '#ffffff',
      },
    },
  ];

  for (const page of CONTENT_PAGES) {
    const content = (html: string) => ({
      component: 'page',
      body: [{ component: 'hero', title: page.name, subtitle: page.intro }, richText(html), ...(page.blocks ?? [])],
      seo: seo(page.name, page.intro),
    });
    stories.push({
      fullSlug: page.slug,
      name: page.name,
      kind: 'page',
      published: page.unpublished ? null : content(page.html),
      draft: content(page.draftHtml ?? page.html),
      publishedAt: page.unpublished ? undefined : day(-f.number.int({ min: 10, max: 400 })),
    });
  }

  BLOG_ARTICLES.forEach((a, i) => {
    const published = day(-(i * 17 + f.number.int({ min: 1, max: 10 })));
    stories.push({
      fullSlug: `blog/${a.slug}`,
      name: a.title,
      kind: 'article',
      tags: [...a.tags],
      publishedAt: published,
      published: {
        component: 'article',
        title: a.title,
        teaser: a.teaser,
        author: f.person.fullName(),
        date: published.toISOString().slice(0, 10),
        image: imageOfShape(a.shape, i + 2),
        body: [
          richText(`<p>${a.teaser}</p>${a.paragraphs.map((text) => `<p>${text}</p>`).join('')}`),
          { component: 'product_slider', title: 'Shop de look', skus: pick(8, (p) => p.id % (i + 2) === 0) },
        ],
        seo: seo(a.title, a.teaser),
      },
    });
  });

  EVENTS.forEach((e, i) => {
    // Events start in the evening, at 18:00 UTC (19:00 in Amsterdam in winter).
    const date = new Date(day(e.days).setUTCHours(18, 0, 0, 0));
    stories.push({
      fullSlug: `blog/evenementen/${e.slug}`,
      name: e.title,
      kind: 'event',
      tags: [...e.tags],
      eventDate: date,
      publishedAt: day(Math.min(e.days, 0) - 30),
      published: {
        component: 'event',
        title: e.title,
        teaser: e.intro,
        date: date.toISOString(),
        location: `OFM ${e.store}, ${storeAddress(e.store)}`,
        image: imageOfShape(e.shape, i + 11),
        body: [richText(`<p>${e.intro}</p><p>Aanmelden is niet nodig; kom gerust met een vriend.</p>`)],
        seo: seo(e.title, `Evenement in OFM ${e.store}.`),
      },
    });
  });

  for (const cause of DONATION_CAUSES) {
    stories.push({
      fullSlug: `mannen-voor-mannen/${cause.slug}`,
      name: cause.title,
      kind: 'page',
      publishedAt: day(-40),
      published: {
        component: 'page',
        body: [
          { component: 'hero', title: cause.title, subtitle: 'Mannen voor mannen' },
          richText(`<p>${cause.text}</p>`),
          {
            component: 'donation',
            cause_slug: cause.slug,
            goal_cents: cause.goalCents,
            amounts: [10, 25, 50, 100],
            frequencies: ['once', 'monthly'],
          },
        ],
        seo: seo(cause.title, cause.text),
      },
    });
  }

  await insertRows(
    q,
    'cms_stories',
    [
      'uuid',
      'full_slug',
      'name',
      'kind',
      'tag_list:text[]',
      'published:jsonb',
      'draft:jsonb',
      'alternates:jsonb',
      'event_date:timestamptz',
      'published_at:timestamptz',
      'updated_at:timestamptz',
    ],
    stories.map((s) => [
      f.string.uuid(),
      s.fullSlug,
      s.name,
      s.kind,
      s.tags ?? [],
      s.published ? json(s.published) : null,
      json(s.draft ?? s.published),
      json(s.alternates ?? []),
      s.eventDate?.toISOString() ?? null,
      s.publishedAt?.toISOString() ?? (s.published ? now.toISOString() : null),
      (s.publishedAt ?? now).toISOString(),
    ]),
  );
}

/** Footer content, fields of spec 001 §3 "Footer content". */
/** A footer column of the story: a titled link with the links below it, each a `[title, link]` row. */
const linkColumn = (title: string, titleLink: string, links: [title: string, link: string][]) => ({
  title,
  titleLink,
  links: links.map(([linkTitle, link]) => ({ title: linkTitle, link })),
});

function footer() {
  const year = 2026;
  return {
    component: 'footer',
    awardImages: [
      // drawn files the app serves (public/assets/awards/), precached with the shell so the footer shows them offline
      { src: '/assets/awards/beste-webwinkel.svg', alt: 'Beste webwinkel herenmode 2025' },
      { src: '/assets/awards/thuiswinkel-waarborg.svg', alt: 'Thuiswinkel Waarborg' },
    ],
    contactHeader: {
      title: 'Klantenservice',
      description: 'We staan voor je klaar',
      richText: '<p>Maandag t/m vrijdag 9:00–17:30, zaterdag 10:00–16:00.</p>',
    },
    contactItems: [
      {
        linkType: 'phone',
        icon: 'phone',
        telephoneNumber: '020 123 4567',
        email: null,
        link: 'tel:+31201234567',
        title: 'Bel ons',
        description: 'Ma t/m vr 9:00–17:30',
      },
      {
        linkType: 'email',
        icon: 'mail',
        telephoneNumber: null,
        email: 'klantenservice@ofm-shop.nl',
        link: 'mailto:klantenservice@ofm-shop.nl',
        title: 'Mail ons',
        description: 'Antwoord binnen 24 uur',
      },
      {
        linkType: 'whatsapp',
        icon: 'whatsapp',
        telephoneNumber: '06 1234 5678',
        email: null,
        link: 'https://wa.me/31612345678',
        title: 'WhatsApp',
        description: 'Ma t/m za 9:00–17:00',
      },
      {
        linkType: 'internal',
        icon: 'store',
        telephoneNumber: null,
        email: null,
        link: '/winkels/',
        title: 'Onze winkels',
        description: '12 winkels in Nederland en België',
      },
    ],
    socialLinks: [
      // `name` picks the icon, `title` is the link's accessible name
      { name: 'instagram', title: 'OFM op Instagram', link: 'https://www.instagram.com/ofm' },
      { name: 'facebook', title: 'OFM op Facebook', link: 'https://www.facebook.com/ofm' },
      { name: 'linkedin', title: 'OFM op LinkedIn', link: 'https://www.linkedin.com/company/ofm' },
      { name: 'youtube', title: 'OFM op YouTube', link: 'https://www.youtube.com/@ofm' },
    ],
    internalLinks: [
      linkColumn('Klantenservice', '/klantenservice', [
        ['Verzenden en retourneren', '/verzenden-en-retourneren'],
        ['Cadeaubonnen', '/cadeaubonnen'],
        ['Mijn account', '/mijn-account/'],
      ]),
      linkColumn('Over OFM', '/over-ons', [
        ['Onze winkels', '/winkels/'],
        ['Blog', '/blog/'],
        ['Mannen voor mannen', '/mannen-voor-mannen/movember'],
      ]),
      linkColumn('Populair', '/heren-pakken', [
        ['Pakken', '/heren-pakken'],
        ['Overhemden', '/heren-overhemden'],
        ['Jeans', '/heren-jeans'],
        ['Sale', '/heren-sale'],
      ]),
    ],
    paymentLogos: ['dhl', 'riverty', 'ideal', 'visa', 'mastercard', 'ofm-card', 'vvv', 'fashion-cheque', 'giftcard'],
    companyAddress: `OFM B.V. · Keizersgracht 1 · 1015 CJ Amsterdam · © ${year}`,
    disclaimer: { title: 'Disclaimer', link: '/algemene-voorwaarden#disclaimer' },
    privacy: { title: 'Privacy', link: '/privacy' },
    terms: { title: 'Algemene voorwaarden' },
  };
}

/** An event's address is its store's, as the store locator shows it (one source, so the two never disagree). */
function storeAddress(city: string): string {
  const store = STORE_LOCATIONS.find((s) => s.city === city);
  if (!store) throw new Error(`seed: an event in ${city}, where the shop has no store`);
  return `${store.street} ${store.house}, ${store.city}`;
}
