import { featureTexts } from '../../lib/i18n/index.ts';

/** The checkout pages' own texts, in their chunk rather than the entry (docs/architecture.md "Conventions"). */
export const t = featureTexts(
  {
    'The cart is empty before checkout.': 'Je winkelwagen is leeg.',
    'No service points found.': 'Geen servicepunten gevonden.',
    'Your order has not been placed and nothing has been charged.':
      'Je bestelling is niet geplaatst en er is niets afgeschreven.',
    'was {was}, now {now}': 'was {was}, nu {now}',
    'Sold out': 'Uitverkocht',
    'Place the order at the new total of {amount}': 'Bestellen voor het nieuwe totaal van {amount}',
    'Your order has not been sent': 'Je bestelling is niet verzonden',
    'Thank you for your order!': 'Bedankt voor je bestelling!',
    'Your order number is {orderId}. You will receive a confirmation by e-mail.':
      'Je bestelnummer is {orderId}. Je ontvangt een bevestiging per e-mail.',
    'Payment failed': 'Betaling mislukt',
    'Back to cart': 'Terug naar winkelwagen',
    'Your details': 'Je gegevens',
    'Summary': 'Overzicht',
    'Free shipping from {amount}': 'Gratis verzending vanaf {amount}',
    'Remove gift card': 'Cadeaukaart verwijderen',
    'Your gift card pays {amount}. Choose a payment method for the rest: {rest}.':
      'Je cadeaukaart betaalt {amount}. Kies een betaalmethode voor de rest: {rest}.',
    'Your gift card pays the whole order.': 'Je cadeaukaart betaalt de hele bestelling.',
    'Pay later with Riverty in three instalments: the first within 30 days, the second after 60 and the third after 90 days.':
      'Achteraf betalen met Riverty in drie termijnen: de eerste binnen 30 dagen, de tweede na 60 en de derde na 90 dagen.',
    'I accept the': 'Ik ga akkoord met de',
    'terms and conditions': 'algemene voorwaarden',
    'and the': 'en de',
    'privacy statement': 'privacyverklaring',
    'Placing your order…': 'Je bestelling wordt geplaatst…',
    'Paid: {amount}': 'Betaald: {amount}',
    'Your payment is not complete yet': 'Je betaling is nog niet afgerond',
    'Order {orderId} is waiting for its payment of {amount}.':
      'Bestelling {orderId} wacht op je betaling van {amount}.',
    'Order {orderId} has been cancelled and nothing has been charged.':
      'Bestelling {orderId} is geannuleerd en er is niets afgeschreven.',
    'Order confirmation': 'Bestelbevestiging',
    'Your order has been placed': 'Je bestelling is geplaatst',
    'Your order number is {orderId}. Complete the payment to finish your order.':
      'Je bestelnummer is {orderId}. Rond de betaling af om je bestelling te voltooien.',
    'Back to checkout': 'Terug naar afrekenen',
    'Your order is waiting': 'Je bestelling wacht',
    'Sending your order…': 'Je bestelling wordt verzonden…',
    'Nothing has been charged yet.': 'Er is nog niets afgeschreven.',
    'Choose a delivery address': 'Kies een bezorgadres',
    'A new address': 'Een nieuw adres',
    'We do not deliver to {country}': 'We bezorgen niet in {country}',
    'DHL ServicePoints near {postcode}': 'DHL ServicePoints bij {postcode}',
    'Pickup store': 'Afhaalwinkel',
  } as const,
  {
    'The cart is empty before checkout.': 'Je winkelmandje is leeg.',
    'Back to cart': 'Terug naar winkelmandje',
  },
);
