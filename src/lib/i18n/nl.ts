/**
 * The one message catalogue of the storefront (docs/architecture.md "Conventions"). Keys are the spec's English source texts, so
 * a worker notification's `messageKey` maps straight onto its Dutch text; UI labels use an English key the same way.
 * Placeholders are `{name}`. nl-BE overrides only the words Belgian shoppers use differently.
 */
import { VALIDATION_TEXTS_NL } from '../../../domain/validation/messages.ts';
import { NOT_FOUND_TEXTS_NL } from '../../../domain/seo/not-found.ts';

export const nl = {
  // spec 000 §8 — notifications
  'Product has been added to the cart!': 'Het product is toegevoegd aan je winkelwagen!',
  'Product quantity has been updated!': 'Het aantal is bijgewerkt!',
  'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.':
    'We kunnen de voorraad nu niet controleren. Het product is voorlopig in je winkelwagen gereserveerd.',
  'The product is out of stock and cannot be added to the cart!':
    'Dit product is uitverkocht en kan niet aan je winkelwagen worden toegevoegd.',
  'No such configuration for the product. Please do choose another combination of attributes.':
    'Deze combinatie bestaat niet. Kies een andere maat of kleur.',
  'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.':
    'Er ging iets mis bij het vernieuwen van je sessie. Wis de opgeslagen gegevens en vernieuw de pagina.',
  'No products synchronized for this category. Please come back while online!':
    'Er zijn nog geen producten van deze categorie opgeslagen. Kom terug als je weer online bent!',
  'Product price is unknown, product cannot be added to the cart!':
    'De prijs van dit product is onbekend; het kan niet aan je winkelwagen worden toegevoegd.',
  'We could not update your account': 'We konden je account niet bijwerken',
  'Account data has successfully been updated': 'Je accountgegevens zijn bijgewerkt',
  'Password has successfully been changed': 'Je wachtwoord is gewijzigd',
  'Reset password feature does not work while offline!': 'Wachtwoord herstellen werkt niet zonder internetverbinding.',
  'Due to inactivity your session has expired. Please log in again to use your account.':
    'Je sessie is verlopen omdat je een tijd niet actief was. Log opnieuw in om je account te gebruiken.',
  "You're logged out": 'Je bent uitgelogd',
  'You are logged in!': 'Je bent ingelogd!',
  'Only {maxQuantity} products of this type are available.':
    'Er zijn nog maar {maxQuantity} stuks van dit product beschikbaar.',
  'De gevraagde hoeveelheid is niet beschikbaar': 'De gevraagde hoeveelheid is niet beschikbaar',
  'No route found': 'Pagina niet gevonden',
  'No available product variants': 'Geen beschikbare productvarianten',
  'In stock!': 'Op voorraad!',
  'Out of the stock!': 'Niet op voorraad!',
  'Error with response - bad content-type!': 'Onverwacht antwoord van de server.',
  'Unhandled error, wrong response format!': 'Onverwacht antwoord van de server.',

  'You did not sign in correctly or your account is temporarily disabled.':
    'Je gegevens kloppen niet of je account is tijdelijk geblokkeerd.',
  'You are offline. Please try again when you are online.':
    'Je bent offline. Probeer het opnieuw als je weer online bent.',
  'Cart sync failed': 'Je winkelwagen kon niet worden gesynchroniseerd',
  'Please fill in all required fields': 'Vul alle verplichte velden in',
  'Please do set the tax.defaultCountry in order to calculate totals': 'De totalen kunnen nu niet worden berekend.',
  'A change could not be sent to the server yet. We will try again later.':
    'Een wijziging kon nog niet naar de server worden gestuurd. We proberen het later opnieuw.',
  'Order waiting!': 'Je bestelling wordt verzonden zodra je weer online bent.',
  'This was made with an older version of the shop and can no longer be sent. Please do it again.':
    'Dit is gedaan in een oudere versie van de winkel en kan niet meer worden verstuurd. Doe het opnieuw.',
  'This line was changed with an older version of the shop and could not be sent. Please change it again.':
    'Deze wijziging is gedaan in een oudere versie van de winkel en kon niet worden verstuurd. Pas de regel opnieuw aan.',
  'This order was placed with an older version of the shop and could not be sent. Please place it again.':
    'Deze bestelling is geplaatst in een oudere versie van de winkel en kon niet worden verstuurd. Plaats je bestelling opnieuw.',
  'Product query returned empty result': 'Dit product is niet (meer) beschikbaar.',
  'Product query returned an empty result for status or visibility': 'Dit product is niet (meer) beschikbaar.',

  // spec 001 §8 — error catalogue
  'Out of stock, or the product cannot be added.': 'Niet op voorraad, of het product kan niet worden toegevoegd.',
  'The product price is unknown.': 'De prijs van dit product is onbekend.',
  'A stock check is in progress.': 'We controleren de voorraad…',
  'Some of the ordered products are not available.': 'Sommige bestelde producten zijn niet beschikbaar.',
  'Internal validation error: check required fields and contact us by e-mail.':
    'Er ging iets mis bij het controleren van je gegevens. Controleer de verplichte velden of mail onze klantenservice.',
  'An e-mail address already exists.': 'Er bestaat al een account met dit e-mailadres.',
  'An error occurred during the submission process.': 'Er is iets misgegaan bij het versturen.',
  'An error occurred while sending the reset-password e-mail.':
    'Er is iets misgegaan bij het versturen van de e-mail om je wachtwoord te herstellen.',
  'Error placing an order; something went wrong with the order.':
    'Er ging iets mis bij het plaatsen van je bestelling.',
  'Could not add or remove a product on the wishlist.':
    'Het product kon niet aan je verlanglijst worden toegevoegd of verwijderd.',
  'Order not found.': 'Bestelling niet gevonden.',
  'Password reset does not work offline.': 'Wachtwoord herstellen werkt niet zonder internetverbinding.',
  'Not a valid coupon code.': 'Dit is geen geldige couponcode.',
  'Unfortunately this product has been sold out; remove it from the cart.':
    'Helaas is dit product uitverkocht. Verwijder het uit je winkelwagen.',
  'The prices in the cart have changed.': 'De prijzen in je winkelwagen zijn gewijzigd.',
  // re-pricing of an order before it is placed (spec 001 §8)
  'Cancel the order': 'Bestelling annuleren',
  'Your order has been cancelled. Its products are back in your cart.':
    'Je bestelling is geannuleerd. De producten staan weer in je winkelwagen.',
  'This order has already been sent and can no longer be cancelled here.':
    'Deze bestelling is al verzonden en kan hier niet meer worden geannuleerd.',
  // the outbox: what waits on the device
  'Waiting orders': 'Wachtende bestellingen',
  '{count} waiting': '{count} wachtend',
  'Your order waited too long and has not been sent. Its products are back in your cart.':
    'Je bestelling heeft te lang gewacht en is niet verzonden. De producten staan weer in je winkelwagen.',
  'Coupon invalid': 'Ongeldige coupon',
  'items in your cart do not match the coupons requirements':
    'de artikelen in je winkelwagen voldoen niet aan de voorwaarden van de coupon',
  'not authorized': 'niet toegestaan',
  'Something went wrong placing the order, please contact customer service.':
    'Er ging iets mis bij het plaatsen van de bestelling. Neem contact op met de klantenservice.',
  'Could not load locations, please try again!': 'De locaties konden niet worden geladen. Probeer het opnieuw!',
  'An error occurred while subscribing you to our newsletter, please try again!':
    'Er ging iets mis bij je aanmelding voor de nieuwsbrief. Probeer het opnieuw!',
  'You are already subscribed to our newsletter!': 'Je bent al aangemeld voor onze nieuwsbrief!',
  'You have been subscribed to our newsletter!': 'Je bent aangemeld voor onze nieuwsbrief!',
  'Thank you! Confirm your subscription with the link in the e-mail we have sent you.':
    'Bedankt! Bevestig je aanmelding met de link in de e-mail die we je hebben gestuurd.',
  'You have been unsubscribed from our newsletter.': 'Je bent afgemeld voor onze nieuwsbrief.',
  'The product, category or CMS page is not available in Offline mode. Redirecting to Home.':
    'Deze pagina is offline niet beschikbaar. We sturen je door naar de homepage.',
  'Only one coupon can be active: remove the current one before adding another.':
    'Er kan maar één coupon actief zijn: verwijder eerst de huidige coupon.',

  // spec 001 §4 — shell
  /** The worker brings the device's data to a new version's schemas at start (docs/offline-and-storage.md). */
  'Your data is being updated… {percent}%': 'Je gegevens worden bijgewerkt… {percent}%',
  'You are offline. Some features might not be available.':
    'Je bent offline. Sommige functies zijn mogelijk niet beschikbaar.',
  'Offline mode is ready': 'De winkel is klaar om ook offline te werken.',
  // With OK the new version takes over and the page reloads (src/app/register-sw.ts): the text says what OK does.
  'New content is available, please refresh.': 'Er is een nieuwe versie van de winkel. Kies OK om te vernieuwen.',
  'Error during service worker registration': 'De offline modus kon niet worden ingeschakeld.',
  'Install the app': 'Installeer de app',
  "Tap Share and then 'Add to Home Screen'": "Tik op Deel en dan 'Zet op beginscherm'",
  'You need to be logged in to see this page': 'Je moet ingelogd zijn om deze pagina te bekijken',
  'Processing payment...': 'Betaling wordt verwerkt…',

  // spec 001 §5 — validation (the texts live with the rules, in domain/validation/messages.ts)
  ...VALIDATION_TEXTS_NL,

  // Order states (spec 001 §4)
  'Processing': 'In behandeling',
  'Pending': 'In afwachting',
  'Processed': 'Verwerkt',
  'Completed': 'Verzonden',
  'Completed (shipped)': 'Verzonden',
  'Failed': 'Mislukt',
  'Cancelled': 'Geannuleerd',
  'Partially cancelled': 'Gedeeltelijk geannuleerd',
  'Partially refunded': 'Gedeeltelijk terugbetaald',
  'Partially returned': 'Gedeeltelijk geretourneerd',
  'Refunded': 'Terugbetaald',
  'Returned': 'Geretourneerd',
  'Date': 'Datum',

  // Stock states (spec 001 §4)
  'In stock': 'Op voorraad',
  'Limited stock': 'Beperkte voorraad',
  'Well in stock': 'Ruim op voorraad',
  'Out of stock': 'Uitverkocht',

  // Sort options (spec 000 §9)
  'Position': 'Aanbevolen',
  'Latest': 'Nieuwste',
  'Price low to high': 'Prijs laag-hoog',
  'Price high to low': 'Prijs hoog-laag',

  // Shell and pages
  'Home': 'Home',
  'Skip to content': 'Naar de inhoud',
  'Main navigation': 'Hoofdmenu',
  'Bottom navigation': 'Snelmenu',
  'Categories': 'Categorieën',
  'Our promises': 'Onze beloftes',
  'All customer service topics': 'Alle klantenservice-onderwerpen',
  'Accessibility': 'Toegankelijkheid',
  'Larger text': 'Grotere tekst',
  'Close the accessibility button': 'Toegankelijkheidsknop sluiten',
  'Menu': 'Menu',
  'Close': 'Sluiten',
  'Search': 'Zoeken',
  'Search products': 'Zoek in de winkel',
  'Cart': 'Winkelwagen',
  'Items in cart: {count}': '{count} artikelen in je winkelwagen',
  'Items in cart: 1': '1 artikel in je winkelwagen',
  'Account': 'Mijn account',
  'Wishlist': 'Verlanglijst',
  'Stores': 'Winkels',
  'Loading…': 'Laden…',
  'Back': 'Terug',
  'Back to {name}': 'Terug naar {name}',
  'All {name}': 'Alle {name}',
  'Breadcrumbs': 'Kruimelpad',
  'Notifications': 'Meldingen',
  'OK': 'OK',
  'Proceed to checkout': 'Verder naar afrekenen',
  'Log in': 'Inloggen',
  ...NOT_FOUND_TEXTS_NL,
  'Something went wrong': 'Er ging iets mis',
  'This part cannot be loaded now. Check your connection and try again.':
    'Dit onderdeel kan nu niet worden geladen. Controleer je verbinding en probeer het opnieuw.',
  'Please try again in a moment.': 'Probeer het over een ogenblik opnieuw.',
  'This page is not available offline': 'Deze pagina is offline niet beschikbaar',
  'You have not viewed this page before, so it is not stored on your device. Connect to the internet to view it.':
    'Je hebt deze pagina nog niet eerder bekeken, dus hij is niet op je apparaat opgeslagen. Maak verbinding met internet om hem te bekijken.',
  'Filters': 'Filters',
  'Products': 'Producten',
  'Filter': 'Filter',
  'Sort by': 'Sorteer op',
  'more': 'meer',
  'less': 'minder',
  'Clear filters': 'Wis filters',
  '{count} products': '{count} producten',
  '1 product': '1 product',
  'Previous page': 'Vorige pagina',
  'Next page': 'Volgende pagina',
  'Page {page} of {pages}': 'Pagina {page} van {pages}',
  'No products match these filters.': 'Geen producten gevonden met deze filters.',
  'Sale': 'Sale',
  'New': 'Nieuw',
  'Size': 'Maat',
  'Colour': 'Kleur',
  'Size system': 'Maatsysteem',
  'Choose your size': 'Kies je maat',
  'Add to cart': 'In winkelwagen',
  'Adding…': 'Toevoegen…',
  'Products in this set': 'Producten in deze set',
  'Recently viewed': 'Recent bekeken',
  'Product description': 'Productomschrijving',
  'Article number': 'Artikelnummer',
  'Delivered in 1 to 3 work days': 'Bezorgd in 1 tot 3 werkdagen',
  'Free returns within 30 days': 'Gratis retourneren binnen 30 dagen',
  'Your cart is empty': 'Je winkelwagen is leeg',
  'Discover our new collection and find your favourite outfit.':
    'Ontdek onze nieuwe collectie en vind je favoriete outfit.',
  'Product has been added to your wishlist': 'Het product staat op je verlanglijst',
  'This product cannot be added to the wishlist.': 'Dit product kan niet op je verlanglijst worden gezet.',
  'Log in or create an account to save your wishlist.': 'Log in of maak een account aan om je verlanglijst te bewaren.',
  'Add {name} to your wishlist': '{name} op je verlanglijst zetten',
  'Remove {name} from your wishlist': '{name} van je verlanglijst verwijderen',
  'The sizes of this product cannot be loaded while offline.':
    'De maten van dit product kunnen zonder internetverbinding niet worden geladen.',
  'Quantity': 'Aantal',
  'Remove': 'Verwijderen',
  'Remove this product from your cart?': 'Dit product uit je winkelwagen verwijderen?',
  'Yes, remove': 'Ja, verwijderen',
  'Change': 'Wijzigen',
  'Change item': 'Artikel wijzigen',
  'This combination is not available.': 'Deze combinatie is niet beschikbaar.',
  'This product is not available.': 'Dit product is niet beschikbaar.',
  'Cancel': 'Annuleren',
  'Subtotal': 'Subtotaal',
  'Shipping': 'Verzending',
  'Free': 'Gratis',
  'Total': 'Totaal',
  'Coupon code': 'Couponcode',
  'Apply': 'Toepassen',
  'Checkout': 'Afrekenen',
  'Place order': 'Bestelling plaatsen',
  // checkout steps, totals and outcomes (spec 000 §4 "Place order", "Offline"; spec 001 §4 "Flying-blue")
  'Phone number': 'Telefoonnummer',
  'Discount': 'Korting',
  'Including VAT': 'Waarvan btw',
  'You are offline: these totals are provisional. The final amount is calculated when the order is sent.':
    'Je bent offline: deze totalen zijn voorlopig. Het definitieve bedrag wordt berekend zodra je bestelling is verzonden.',
  'Calculating the totals…': 'De totalen worden berekend…',
  // the one totals rule (domain/cart/totals-rule.ts)
  'from {amount}': 'vanaf {amount}',
  // gift cards (docs/checkout-and-orders.md "Gift cards")
  'Gift card {number}': 'Cadeaukaart {number}',
  'To pay': 'Te betalen',
  'Gift card number': 'Cadeaukaartnummer',
  'PIN': 'Pincode',
  'Check balance': 'Saldo bekijken',
  'Use gift card': 'Cadeaukaart gebruiken',
  'Balance on gift card {number}: {amount}': 'Saldo op cadeaukaart {number}: {amount}',
  'Enter the 16 digits of your gift card and its 4-digit PIN.':
    'Vul de 16 cijfers van je cadeaukaart en de pincode van 4 cijfers in.',
  'The gift card could not be checked. Please try again.':
    'De cadeaukaart kon niet worden gecontroleerd. Probeer het opnieuw.',
  'Your coupon {code} no longer applies after logging in: {reason}':
    'Je coupon {code} geldt niet meer na het inloggen: {reason}',
  'Discount ({code})': 'Korting ({code})',
  'Not known yet': 'Nog niet bekend',
  'Payment costs': 'Betaalkosten',
  'provisional': 'voorlopig',
  'The totals could not be calculated for this choice.': 'Voor deze keuze konden de totalen niet worden berekend.',
  'Please accept the terms and conditions.': 'Ga akkoord met de algemene voorwaarden om te bestellen.',
  'Going to the payment page…': 'Je gaat naar de betaalpagina…',
  'Pay now': 'Nu betalen',
  'View your order': 'Bekijk je bestelling',
  'Try again': 'Opnieuw proberen',
  'Send your order?': 'Bestelling verzenden?',
  'You placed an order while you were offline. Do you want to send it now?':
    'Je hebt een bestelling geplaatst terwijl je offline was. Wil je die nu verzenden?',
  'Send order': 'Nu verzenden',
  'Later': 'Later',
  'Your order has been sent. Complete the payment to finish it.':
    'Je bestelling is verzonden. Rond de betaling af om hem te voltooien.',
  'E-mail address': 'E-mailadres',
  'Password': 'Wachtwoord',
  'Repeat password': 'Herhaal wachtwoord',
  'First name': 'Voornaam',
  'Last name': 'Achternaam',
  'Create an account': 'Account aanmaken',
  'New password': 'Nieuw wachtwoord',
  'Current password': 'Huidig wachtwoord',
  'My account': 'Mijn account',
  'Personal details': 'Persoonlijke gegevens',
  'Preferences': 'Mijn voorkeuren',
  'OFM Club': 'OFM Club',
  'Coupons': 'Coupons',
  'Purchases': 'Aankopen',
  'Save': 'Opslaan',
  // the store locator and store page (spec 001 §1, §2; docs/catalogue-and-search.md "Store locator")
  'Open now': 'Nu open',
  'Contact': 'Contact',
  // the product page's size guide and store stock (spec 001 §2 "product detail with size guide and store stock")
  'Size guide': 'Maattabel',
  'The sizes of this product in every size system.': 'De maten van dit product in elk maatsysteem.',
  'Our size': 'Onze maat',
  // names of the scrolling regions a keyboard user tabs to (WCAG 2.1.1; docs/accessibility.md)
  'Size table': 'Tabel met maten',
  'Images of {name}': 'Afbeeldingen van {name}',
  'Stock in our stores': 'Voorraad in de winkels',
  'Check stock in our stores': 'Bekijk voorraad in de winkels',
  'Size {size} per store': 'Maat {size} per winkel',
  'The stock in our stores cannot be loaded. Check your connection and try again.':
    'De voorraad in de winkels kan niet worden geladen. Controleer je verbinding en probeer het opnieuw.',
  // the product page's reviews and its product journey, the tex tracer (spec 001 §1, §2; docs/catalogue-and-search.md)
  '1 review': '1 beoordeling',
  'No reviews yet': 'Nog geen beoordelingen',
  'Rated {rating} out of 5 stars': 'Gemiddeld {rating} van 5 sterren',
  '{rating} out of 5 stars': '{rating} van 5 sterren',
  'Reviews of {name}': 'Beoordelingen van {name}',
  'More reviews': 'Meer beoordelingen',
  'The reviews cannot be loaded. Check your connection and try again.':
    'De beoordelingen kunnen niet worden geladen. Controleer je verbinding en probeer het opnieuw.',
  'Saved on this device on your last visit (offline)': 'Opgeslagen bij je vorige bezoek (offline)',
  'Where was this made?': 'Waar is dit gemaakt?',
  'Where {name} was made': 'Waar {name} is gemaakt',
  'From yarn to garment: every step and where it took place.':
    'Van garen tot kledingstuk: elke stap en waar die plaatsvond.',
  'The maker has not shared where this product was made.': 'De maker heeft niet gedeeld waar dit product is gemaakt.',
  'Where this product was made cannot be loaded. Check your connection and try again.':
    'Waar dit product is gemaakt kan niet worden geladen. Controleer je verbinding en probeer het opnieuw.',
  'Fibre': 'Vezel',
  'Spinning': 'Spinnen',
  'Weaving': 'Weven',
  'Knitting': 'Breien',
  'Tanning': 'Looien',
  'Dyeing': 'Verven',
  'Confection': 'Confectie',
  'Finishing': 'Afwerking',
  // spec 001 §1, §3, §8 — donations (the donation block and the donation's status page)
  'One-off': 'Eenmalig',
  'Monthly': 'Maandelijks',
  'Donate {amount}': 'Doneer {amount}',
  'Donate {amount} per month': 'Doneer {amount} per maand',
  'Donation': 'Donatie',
  'Thank you for your donation!': 'Bedankt voor je donatie!',
  'Your donation to {cause} has been received.': 'Je donatie aan {cause} is ontvangen.',
  'Your donation has not been paid yet': 'Je donatie is nog niet betaald',
  'Complete the payment to support {cause}.': 'Rond de betaling af om {cause} te steunen.',
  'Your donation has been cancelled': 'Je donatie is geannuleerd',
  'The payment was cancelled; nothing has been charged.': 'De betaling is geannuleerd; er is niets afgeschreven.',
  'Customer service': 'Klantenservice',
  'Newsletter': 'Nieuwsbrief',
  'Subscribe': 'Aanmelden',
  'Subscribing…': 'Bezig met aanmelden…',
  'Subscribe to the newsletter': 'Aanmelden voor de nieuwsbrief',
  'Check your inbox to confirm.': 'Kijk in je mailbox om je aanmelding te bevestigen.',
  'Confirm newsletter subscription': 'Aanmelding nieuwsbrief bevestigen',
  'Unsubscribe from the newsletter': 'Afmelden voor de nieuwsbrief',
  'This link is not complete.': 'Deze link is niet volledig.',
  'Get 10% off your next purchase.': 'Ontvang 10% korting op je volgende aankoop.',
  'All rights reserved.': 'Alle rechten voorbehouden.',
  'Disclaimer': 'Disclaimer',
  'Privacy': 'Privacy',
  'Terms and conditions': 'Algemene voorwaarden',
  'Privacy statement': 'Privacyverklaring',
  'Not available yet': 'Nog niet beschikbaar',
  '{feature} is not available in our web shop yet. Ask about it in one of our stores or at customer service.':
    '{feature} is nog niet beschikbaar in onze webshop. Vraag ernaar in een van onze winkels of bij de klantenservice.',
  'Payment methods': 'Betaalmethoden',
  'Follow us': 'Volg ons',
  'Awards and quality marks': 'Prijzen en keurmerken',
  'Choose your country': 'Kies je land',
  'Shop in': 'Winkel in',
  'Store': 'Winkel',
  'Street': 'Straat',
  'House number': 'Huisnummer',
  'Addition': 'Toevoeging',
  // the postcode lookup of the address forms (spec 000 §9; docs/checkout-and-orders.md "Postcode lookup")
  'Looking up the address…': 'Adres zoeken…',
  'Address found': 'Adres gevonden',
  'City found; fill in the street yourself': 'Plaats gevonden, vul de straat zelf in',
  'Postcode not found; fill in street and city yourself': 'Postcode niet gevonden, vul straat en plaats zelf in',
  'House number not found at this postcode; fill in street and city yourself':
    'Huisnummer niet gevonden bij deze postcode, vul straat en plaats zelf in',
  'The address cannot be looked up now; fill in street and city yourself':
    'Het adres kan nu niet worden opgezocht, vul straat en plaats zelf in',
  'Postcode': 'Postcode',
  'City': 'Plaats',
  'Country': 'Land',
  'Netherlands': 'Nederland',
  'Belgium': 'België',
  // the address labels of spec 001 §3 beyond street and city (docs/customer-account.md "Addresses")
  'Middle name': 'Tussenvoegsel',
  'Business address': 'Zakelijk adres',
  'Company name': 'Bedrijfsnaam',
  'VAT number': 'Btw-nummer',
  'We deliver to {countries}.': 'We bezorgen in {countries}.',
  // account: addresses (spec 001 §3)
  'The address has been deleted': 'Het adres is verwijderd',
  'We could not delete the address': 'We konden het adres niet verwijderen',
  'Delivery address': 'Bezorgadres',
  'Billing address': 'Factuuradres',
  // account: preferences and overview (spec 001 §2)
  'Choose a store': 'Kies een winkel',
  // checkout: address and delivery (spec 001 §1, §3 "Parcel shop state", §5, §8)
  'Choose a DHL ServicePoint': 'Kies een DHL ServicePoint',
  'Choose another ServicePoint': 'Kies een ander ServicePoint',
  // account: order details
  'Delivery': 'Bezorging',
  'Payment method': 'Betaalmethode',
  'Your preferences will be saved as soon as you are online again.':
    'Je voorkeuren worden opgeslagen zodra je weer online bent.',
  // Device storage (spec 001 §4 "Offline cache"): the memory-only notice and the diagnostics view (?diagnostics=1).
  'Storage on this device is not working: your changes may not be kept after closing.':
    'De opslag op dit apparaat werkt niet: je wijzigingen worden mogelijk niet bewaard na het sluiten.',
  // analytics consent (docs/analytics.md)
  'Cookie settings': 'Cookie-instellingen',
  'We use analytics cookies to improve the shop. You choose whether we may.':
    'We gebruiken analytische cookies om de winkel te verbeteren. Jij kiest of dat mag.',
  'Accept': 'Accepteren',
  'Refuse': 'Weigeren',
  // personal prices (docs/customer-account.md "Personal prices")
  'Your price': 'Jouw prijs',
  // the compare list (docs/catalogue-and-search.md "Compare list"; the spec has no texts for it)
  'Compare': 'Vergelijk',
  'Compare ({count})': 'Vergelijken ({count})',
  'Added to your comparison': 'Het product staat in je vergelijking',
  'View comparison': 'Bekijk vergelijking',
  'You can compare up to {limit} products. Remove one first.':
    'Je kunt maximaal {limit} producten vergelijken. Verwijder er eerst een.',
  // content: blog, article and event pages, the review score, the editor's draft preview
  'Search the blog': 'Zoek in de blog',
  'Suggestions': 'Suggesties',
  'No articles found for "{query}".': 'Geen artikelen gevonden voor "{query}".',
  'The blog could not be searched. Try again later.': 'Zoeken in de blog lukt nu niet. Probeer het later opnieuw.',
  'This list could not be loaded. Check your connection.':
    'Deze lijst kon niet worden geladen. Controleer je internetverbinding.',
  'Upcoming events': 'Komende evenementen',
  'No events are planned at the moment.': 'Er staan op dit moment geen evenementen gepland.',
  'Articles': 'Artikelen',
  'No articles yet.': 'Er zijn nog geen artikelen.',
  'Events': 'Evenementen',
  'No events yet.': 'Er zijn nog geen evenementen.',
  'Load more': 'Meer laden',
  'Article': 'Artikel',
  'Event': 'Evenement',
  'Location': 'Locatie',
  'By {author}': 'Door {author}',
  'Reviews': 'Beoordelingen',
  '{name} is rated {rating} out of 10': '{name} krijgt een {rating} van 10',
  '{count} reviews': '{count} beoordelingen',
  '{percent}% recommend us': '{percent}% beveelt ons aan',
  'Last 12 months: {rating}': 'Afgelopen 12 maanden: {rating}',
  'Read the reviews': 'Lees de beoordelingen',
  'Write a review': 'Schrijf een beoordeling',
  // search provider (spec 001 §7): autocomplete, did-you-mean, recommendation lists
  'Search suggestions': 'Zoeksuggesties',
  '{count} suggestions, choose with the arrow keys': '{count} suggesties, kies met de pijltjestoetsen',
  'Suggestions saved on this device (offline)': 'Suggesties van je vorige zoekopdracht (offline)',
  'Alternatives': 'Vergelijkbare producten',
  'Style it with': 'Combineer met',
  'Complete your look': 'Maak je look compleet',
  // a tile's own button: the product's name tells a screen reader which of the eight it adds
  'Add': 'Toevoegen',
  'Add {name} to cart': '{name} toevoegen aan je winkelwagen',
} as const;

export type MessageKey = keyof typeof nl;

/**
 * Belgian Dutch where it differs from Dutch Dutch: the BE store's texts (spec 001 §1 "nl-be for a Belgian store").
 * Every text that names the cart says "winkelmandje", as Belgian shops do.
 */
export const nlBE: Partial<Record<MessageKey, string>> = {
  'Cart': 'Winkelmandje',
  'Product has been added to the cart!': 'Het product is toegevoegd aan je winkelmandje!',
  'Your cart is empty': 'Je winkelmandje is leeg',
  'Add to cart': 'In winkelmandje',
  'Items in cart: {count}': '{count} artikelen in je winkelmandje',
  'Items in cart: 1': '1 artikel in je winkelmandje',
  'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.':
    'We kunnen de voorraad nu niet controleren. Het product is voorlopig in je winkelmandje gereserveerd.',
  'The product is out of stock and cannot be added to the cart!':
    'Dit product is uitverkocht en kan niet aan je winkelmandje worden toegevoegd.',
  'Product price is unknown, product cannot be added to the cart!':
    'De prijs van dit product is onbekend; het kan niet aan je winkelmandje worden toegevoegd.',
  'Cart sync failed': 'Je winkelmandje kon niet worden gesynchroniseerd',
  'Unfortunately this product has been sold out; remove it from the cart.':
    'Helaas is dit product uitverkocht. Verwijder het uit je winkelmandje.',
  'The prices in the cart have changed.': 'De prijzen in je winkelmandje zijn gewijzigd.',
  'Your order has been cancelled. Its products are back in your cart.':
    'Je bestelling is geannuleerd. De producten staan weer in je winkelmandje.',
  'Your order waited too long and has not been sent. Its products are back in your cart.':
    'Je bestelling heeft te lang gewacht en is niet verzonden. De producten staan weer in je winkelmandje.',
  'items in your cart do not match the coupons requirements':
    'de artikelen in je winkelmandje voldoen niet aan de voorwaarden van de coupon',
  'Remove this product from your cart?': 'Dit product uit je winkelmandje verwijderen?',
  'Add {name} to cart': '{name} toevoegen aan je winkelmandje',
};
