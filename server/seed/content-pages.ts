/** Texts of the seeded content pages (Dutch, as the shop shows them). */
const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

export interface PageText {
  slug: string;
  name: string;
  intro: string;
  html: string;
  /** a newer, unpublished version the editor sees in preview */
  draftHtml?: string;
  /** never published: only visible with a preview token */
  unpublished?: boolean;
  /** blocks after the text that the storefront draws live */
  blocks?: { component: string; title?: string }[];
}

export const CONTENT_PAGES: PageText[] = [
  {
    slug: 'klantenservice',
    name: 'Klantenservice',
    intro: 'Vragen over je bestelling, retour of maat? We helpen je graag.',
    html:
      p(
        'Onze klantenservice is bereikbaar van maandag tot en met vrijdag van 9:00 tot 17:30 uur en op zaterdag van 10:00 tot 16:00 uur.',
      ) +
      '<h2>Veelgestelde vragen</h2><ul><li>Wanneer wordt mijn bestelling geleverd? Binnen 1 tot 3 werkdagen.</li><li>Kan ik mijn bestelling ophalen in de winkel? Ja, kies bij het afrekenen voor afhalen in de winkel.</li><li>Hoe vind ik mijn maat? Bekijk de maattabel op de productpagina.</li></ul>',
  },
  {
    slug: 'verzenden-en-retourneren',
    name: 'Verzenden en retourneren',
    intro: 'Gratis verzending vanaf € 50, retourneren binnen 30 dagen.',
    html:
      p(
        'Bestellingen in Nederland worden gratis verzonden vanaf € 50, in België vanaf € 75. Daaronder betaal je € 4,95.',
      ) +
      p(
        'Je kunt kiezen uit bezorging aan huis, een DHL ServicePoint, een Budbee-box of gratis afhalen in een van onze winkels.',
      ) +
      p('Retourneren kan binnen 30 dagen, gratis in de winkel of via een DHL ServicePoint.'),
    draftHtml:
      p(
        'Vanaf 1 januari verzenden we in Nederland gratis vanaf € 60 en in België vanaf € 75. Daaronder betaal je € 4,95.',
      ) + p('Retourneren kan binnen 30 dagen, gratis in de winkel of via een DHL ServicePoint.'),
  },
  {
    slug: 'privacy',
    name: 'Privacyverklaring',
    intro: 'Hoe we met je gegevens omgaan.',
    html:
      p(
        'OFM verwerkt je persoonsgegevens alleen voor het afhandelen van je bestelling, je klantaccount en, als je daarvoor kiest, de nieuwsbrief.',
      ) + p('Je kunt je gegevens altijd inzien, laten aanpassen of laten verwijderen via de klantenservice.'),
  },
  {
    slug: 'algemene-voorwaarden',
    name: 'Algemene voorwaarden',
    intro: 'De voorwaarden die gelden voor elke bestelling.',
    html:
      '<h2>Artikel 1 – Toepasselijkheid</h2>' +
      p('Deze voorwaarden gelden voor elk aanbod van OFM en elke overeenkomst op afstand.') +
      '<h2>Artikel 2 – Herroepingsrecht</h2>' +
      p('Je hebt het recht de overeenkomst binnen 30 dagen zonder opgave van redenen te ontbinden.'),
  },
  {
    slug: 'over-ons',
    name: 'Over ons',
    intro: 'Sinds 1987 de herenmodezaak van Nederland en België.',
    html:
      p('Wat begon als één herenmodezaak is uitgegroeid tot twaalf winkels in Nederland en België en een webshop.') +
      p('We geloven in goed advies, kleding die past en service die verder gaat dan de kassa.'),
    draftHtml:
      p('Wat begon als één herenmodezaak is uitgegroeid tot twaalf winkels in Nederland en België en een webshop.') +
      p('Nieuw: maak een afspraak voor persoonlijk stijladvies in een van onze winkels.'),
  },
  {
    slug: 'cadeaubonnen',
    name: 'Cadeaubonnen',
    intro: 'Geef een OFM-cadeaubon, te besteden online en in alle winkels.',
    html: p('De OFM-cadeaubon is twee jaar geldig en te besteden in de webshop en in al onze winkels.'),
    /** The balance check (spec 001 §1): the storefront draws the block live (src/ui/gift-card-form.tsx). */
    blocks: [{ component: 'gift_card_balance', title: 'Saldo bekijken' }],
  },
  {
    slug: 'nieuwe-collectie-preview',
    name: 'Nieuwe collectie (preview)',
    intro: 'Binnenkort: de voorjaarscollectie.',
    html: p('Deze pagina is nog niet gepubliceerd.'),
    unpublished: true,
  },
];

export const BLOG_ARTICLES = [
  {
    slug: 'zo-kies-je-het-juiste-overhemd',
    shape: 'shirt',
    title: 'Zo kies je het juiste overhemd',
    tags: ['stijladvies', 'overhemden'],
    teaser: 'Kraag, pasvorm en mouwlengte: zo vind je een overhemd dat echt past.',
    paragraphs: [
      'Begin bij de kraag: er moeten twee vingers tussen je hals en de gesloten boord passen. Een haaikraag staat mooi bij een stropdas, een button-down hoort bij een casual look.',
      'Kies daarna de pasvorm. Slim fit sluit aan op het lichaam, regular fit geeft ruimte bij schouders en taille. De mouw eindigt bij je polsbot, zodat er onder je colbert een centimeter manchet zichtbaar is.',
    ],
  },
  {
    slug: 'het-perfecte-pak-voor-je-bruiloft',
    shape: 'suit',
    title: 'Het perfecte pak voor je bruiloft',
    tags: ['pakken', 'bruiloft'],
    teaser: 'Van kleur tot stof: alles wat je moet weten over je trouwpak.',
    paragraphs: [
      'Begin minstens drie maanden voor de grote dag: dan is er tijd om het pak te laten vermaken. Navy en midden-grijs zijn tijdloos, een driedelig pak maakt het plechtig.',
      'Voor een zomerbruiloft kies je wol met linnen of een lichte wolsoort van Super 110’s; in de winter mag het flanel zijn. Stem je das en pochet af op de kleuren van de bruid, niet op elkaar.',
    ],
  },
  {
    slug: 'jeans-wassen-zonder-kleurverlies',
    shape: 'jeans',
    title: 'Jeans wassen zonder kleurverlies',
    tags: ['onderhoud', 'jeans'],
    teaser: 'Binnenstebuiten, koud en zelden: zo blijft je denim mooi.',
    paragraphs: [
      'Was je jeans zo min mogelijk: om de vijf tot tien keer dragen is genoeg. Draai hem binnenstebuiten, was op 30 graden zonder wasverzachter en met een wasmiddel voor donkere was.',
      'Laat hem daarna plat of hangend drogen, nooit in de droger: die laat de katoen krimpen en het indigo vervagen. Een luchtje? Een nacht buiten hangen doet wonderen.',
    ],
  },
  {
    slug: 'de-capsule-garderobe-voor-mannen',
    shape: 'jacket',
    title: 'De capsulegarderobe voor mannen',
    tags: ['stijladvies'],
    teaser: 'Met tien basisstukken kom je de hele week door.',
    paragraphs: [
      'Een capsulegarderobe bestaat uit stukken die allemaal met elkaar te combineren zijn: een navy colbert, twee chino’s, een donkere jeans, drie overhemden, een fijngebreide trui en twee paar schoenen.',
      'Houd de kleuren rustig (navy, grijs, wit, camel) en investeer in kwaliteit. Zo sta je elke ochtend in een minuut klaar en ziet je outfit er toch steeds anders uit.',
    ],
  },
  {
    slug: 'merinowol-waarom-het-werkt',
    shape: 'knit',
    title: 'Merinowol: waarom het werkt',
    tags: ['materialen', 'truien'],
    teaser: 'Warm in de winter, koel in de zomer en het kriebelt niet.',
    paragraphs: [
      'Merinowol komt van het merinoschaap en is veel fijner dan gewone wol: daardoor kriebelt het niet. De vezel neemt vocht op en voert het af, zodat je warm blijft zonder te zweten.',
      'Merino is van nature geurwerend, dus een trui hoeft na een dag dragen niet in de was. Lucht hem een nacht en was hem af en toe op het wolprogramma.',
    ],
  },
  {
    slug: 'schoenen-poetsen-in-vijf-stappen',
    shape: 'shoe',
    title: 'Schoenen poetsen in vijf stappen',
    tags: ['onderhoud', 'schoenen'],
    teaser: 'Een goed gepoetste schoen maakt je outfit af.',
    paragraphs: [
      'Haal eerst de veters eruit en borstel het vuil weg. Breng dan met een doek een dun laagje crème aan in de kleur van je schoen en laat die tien minuten intrekken.',
      'Borstel de schoen op met een paardenharen borstel, breng voor glans een laagje was aan op neus en hiel en poets na met een zachte doek. Schoenspanners erin, en ze gaan jaren mee.',
    ],
  },
  {
    slug: 'dresscode-smart-casual-uitgelegd',
    shape: 'trousers',
    title: 'Dresscode smart casual uitgelegd',
    tags: ['stijladvies', 'dresscode'],
    teaser: 'Wat trek je aan als de uitnodiging smart casual zegt?',
    paragraphs: [
      'Smart casual zit tussen pak en spijkerbroek in: een colbert zonder das, een chino of nette jeans en leren schoenen of schone sneakers.',
      'Een overhemd met open boord of een fijne polo onder een ongevoerd colbert is altijd goed. Laat hoodies, sportschoenen en korte broeken thuis, tenzij de uitnodiging anders zegt.',
    ],
  },
  {
    slug: 'linnen-in-de-zomer',
    shape: 'shirt',
    title: 'Linnen in de zomer',
    tags: ['materialen', 'zomer'],
    teaser: 'Kreukels horen erbij: zo draag je linnen met stijl.',
    paragraphs: [
      'Linnen ademt als geen andere stof en voelt koel op de huid, ideaal bij dertig graden. Kreukels horen erbij en maken de look juist ontspannen.',
      'Combineer een linnen overhemd met een chino of een linnen broek in een neutrale tint. Was linnen op 30 graden en hang het nat op: dan strijk je het nauwelijks.',
    ],
  },
] as const;

export const EVENTS = [
  {
    slug: 'stijlavond-amsterdam',
    shape: 'suit',
    title: 'Stijlavond in Amsterdam',
    store: 'Amsterdam',
    days: 21,
    intro:
      'Een avond vol stijladvies van onze personal shoppers, met een drankje en 20% korting op de nieuwe collectie.',
    tags: ['evenement', 'stijladvies'],
  },
  {
    slug: 'maatweekend-antwerpen',
    shape: 'suit',
    title: 'Maatweekend in Antwerpen',
    store: 'Antwerpen',
    days: 45,
    intro: 'Laat je een heel weekend opmeten door onze kleermakers en ontwerp je eigen pak op maat.',
    tags: ['evenement', 'maatwerk'],
  },
  {
    slug: 'whisky-en-tweed-utrecht',
    shape: 'jacket',
    title: 'Whisky & tweed in Utrecht',
    store: 'Utrecht',
    days: 9,
    intro: 'Proef drie single malts en ontdek onze nieuwe tweed colberts, met uitleg van de wever.',
    tags: ['evenement'],
  },
  {
    slug: 'zomerborrel-rotterdam',
    shape: 'shirt',
    title: 'Zomerborrel in Rotterdam',
    store: 'Rotterdam',
    days: -60,
    intro: 'Een zomerse borrel op ons terras met linnen outfits van het seizoen.',
    tags: ['evenement'],
  },
  {
    slug: 'black-friday-preview-gent',
    shape: 'jacket',
    title: 'Black Friday preview in Gent',
    store: 'Gent',
    days: -20,
    intro: 'Shop de Black Friday-deals een avond eerder dan iedereen.',
    tags: ['evenement', 'sale'],
  },
] as const;

export const DONATION_CAUSES = [
  {
    slug: 'movember',
    title: 'Movember: samen voor mannengezondheid',
    goalCents: 2_500_000,
    text: 'Steun onderzoek naar prostaatkanker en mentale gezondheid van mannen.',
  },
  {
    slug: 'pak-voor-een-baan',
    title: 'Een pak voor een baan',
    goalCents: 1_000_000,
    text: 'Met jouw bijdrage krijgen werkzoekenden een pak voor hun sollicitatiegesprek.',
  },
] as const;
