/**
 * A postcode's approximate position, for ordering parcel shops by distance (spec 001 §7 "GET budbee parcel shops by
 * {country} and {zipCode}"). There is no geocoder behind this shop, so a postcode stands for the main place of its
 * area: in NL the two leading digits (the "PC2" region, e.g. 10xx Amsterdam, 35xx Utrecht), in BE the two leading
 * digits where they name a place and else the first digit (the province: 1xxx Brussel, 2xxx Antwerpen, 9xxx Gent).
 * Good to a few kilometres in a city and to ~15 km in the countryside — enough to list the nearest points, and the
 * distances shown are from that place, not from the door.
 */

export type LatLng = readonly [lat: number, lng: number];

const NL_PC2: Record<string, LatLng> = {
  '10': [52.37, 4.89], // Amsterdam
  '11': [52.31, 4.9], // Amsterdam-Zuidoost, Amstelveen
  '12': [52.22, 5.17], // Hilversum
  '13': [52.37, 5.22], // Almere
  '14': [52.5, 4.95], // Purmerend
  '15': [52.44, 4.82], // Zaandam
  '16': [52.64, 5.06], // Hoorn
  '17': [52.75, 4.85], // Heerhugowaard, Den Helder
  '18': [52.63, 4.75], // Alkmaar
  '19': [52.48, 4.66], // Beverwijk
  '20': [52.38, 4.64], // Haarlem
  '21': [52.3, 4.69], // Hoofddorp
  '22': [52.22, 4.44], // Noordwijk, Katwijk
  '23': [52.16, 4.49], // Leiden
  '24': [52.13, 4.66], // Alphen aan den Rijn
  '25': [52.08, 4.31], // Den Haag
  '26': [52.01, 4.36], // Delft
  '27': [52.06, 4.49], // Zoetermeer
  '28': [52.01, 4.71], // Gouda
  '29': [51.93, 4.58], // Capelle aan den IJssel
  '30': [51.92, 4.48], // Rotterdam
  '31': [51.91, 4.36], // Schiedam, Vlaardingen
  '32': [51.85, 4.33], // Spijkenisse
  '33': [51.81, 4.67], // Dordrecht
  '34': [52.03, 5.08], // Nieuwegein
  '35': [52.09, 5.12], // Utrecht
  '36': [52.14, 5.04], // Maarssen
  '37': [52.09, 5.23], // Zeist
  '38': [52.16, 5.39], // Amersfoort
  '39': [52.03, 5.56], // Veenendaal
  '40': [51.89, 5.43], // Tiel
  '41': [51.96, 5.23], // Culemborg
  '42': [51.83, 4.97], // Gorinchem
  '43': [51.65, 3.92], // Zierikzee
  '44': [51.5, 3.89], // Goes
  '45': [51.33, 3.5], // Oostburg
  '46': [51.49, 4.29], // Bergen op Zoom
  '47': [51.53, 4.46], // Roosendaal
  '48': [51.59, 4.78], // Breda
  '49': [51.64, 4.86], // Oosterhout
  '50': [51.56, 5.09], // Tilburg
  '51': [51.66, 5.0], // Waalwijk
  '52': [51.69, 5.3], // 's-Hertogenbosch
  '53': [51.81, 5.25], // Zaltbommel
  '54': [51.66, 5.62], // Uden
  '55': [51.42, 5.4], // Veldhoven
  '56': [51.44, 5.48], // Eindhoven
  '57': [51.48, 5.66], // Helmond
  '58': [51.53, 5.97], // Venray
  '59': [51.37, 6.17], // Venlo
  '60': [51.25, 5.71], // Weert
  '61': [51.0, 5.87], // Sittard
  '62': [50.85, 5.69], // Maastricht
  '63': [50.87, 5.83], // Valkenburg
  '64': [50.89, 5.98], // Heerlen
  '65': [51.84, 5.86], // Nijmegen
  '66': [51.81, 5.73], // Wijchen
  '67': [52.03, 5.66], // Ede, Wageningen
  '68': [51.98, 5.91], // Arnhem
  '69': [51.93, 6.07], // Zevenaar
  '70': [51.96, 6.29], // Doetinchem
  '71': [51.97, 6.72], // Winterswijk
  '72': [52.14, 6.2], // Zutphen
  '73': [52.21, 5.97], // Apeldoorn
  '74': [52.25, 6.16], // Deventer
  '75': [52.22, 6.89], // Enschede
  '76': [52.36, 6.66], // Almelo
  '77': [52.58, 6.62], // Hardenberg
  '78': [52.78, 6.9], // Emmen
  '79': [52.72, 6.48], // Hoogeveen
  '80': [52.52, 6.08], // Zwolle
  '81': [52.39, 6.27], // Raalte
  '82': [52.52, 5.47], // Lelystad
  '83': [52.71, 5.75], // Emmeloord
  '84': [52.96, 5.92], // Heerenveen
  '85': [52.97, 5.79], // Joure
  '86': [53.03, 5.66], // Sneek
  '87': [53.06, 5.53], // Bolsward
  '88': [53.17, 5.42], // Franeker, Harlingen
  '89': [53.2, 5.8], // Leeuwarden
  '90': [53.13, 5.87], // Grou
  '91': [53.33, 6.0], // Dokkum
  '92': [53.11, 6.1], // Drachten
  '93': [53.14, 6.43], // Roden
  '94': [52.99, 6.56], // Assen
  '95': [52.99, 6.96], // Stadskanaal
  '96': [53.16, 6.76], // Hoogezand
  '97': [53.22, 6.57], // Groningen
  '98': [53.25, 6.4], // Zuidhorn
  '99': [53.32, 6.86], // Delfzijl, Appingedam
};

/** BE by province (first digit), refined where the two leading digits name a town of their own. */
const BE_PROVINCE: Record<string, LatLng> = {
  '1': [50.85, 4.35], // Brussel
  '2': [51.22, 4.4], // Antwerpen
  '3': [50.88, 4.7], // Leuven
  '4': [50.63, 5.57], // Liège
  '5': [50.47, 4.87], // Namur
  '6': [50.41, 4.44], // Charleroi
  '7': [50.45, 3.95], // Mons
  '8': [51.21, 3.22], // Brugge
  '9': [51.05, 3.72], // Gent
};
const BE_PC2: Record<string, LatLng> = {
  '13': [50.72, 4.61], // Wavre
  '14': [50.72, 4.61],
  '15': [50.73, 4.24], // Halle
  '16': [50.73, 4.24],
  '17': [50.91, 4.2], // Asse
  '18': [50.93, 4.43], // Vilvoorde
  '19': [50.9, 4.48], // Zaventem
  '22': [51.18, 4.83], // Herentals
  '23': [51.32, 4.94], // Turnhout
  '24': [51.19, 5.11], // Mol
  '25': [51.13, 4.57], // Lier
  '28': [51.03, 4.48], // Mechelen
  '35': [50.93, 5.34], // Hasselt
  '36': [50.97, 5.5], // Genk
  '37': [50.78, 5.46], // Tongeren
  '38': [50.82, 5.19], // Sint-Truiden
  '39': [51.23, 5.31], // Lommel
  '48': [50.59, 5.86], // Verviers
  '66': [50.0, 5.72], // Bastogne
  '67': [49.68, 5.81], // Arlon
  '68': [49.8, 5.45], // Neufchâteau
  '69': [50.23, 5.34], // Marche-en-Famenne
  '84': [51.23, 2.92], // Oostende
  '85': [50.83, 3.26], // Kortrijk
  '88': [50.95, 3.12], // Roeselare
  '89': [50.85, 2.89], // Ieper
  '91': [51.17, 4.14], // Sint-Niklaas
  '92': [51.03, 4.1], // Dendermonde
  '93': [50.94, 4.04], // Aalst
  '97': [50.85, 3.6], // Oudenaarde
  '99': [51.19, 3.56], // Eeklo
};

/** The approximate position of a valid NL or BE postcode (checked by the caller), or null for another country. */
export function postcodeCoordinates(country: 'NL' | 'BE', postcode: string): LatLng | null {
  const digits = postcode.trim().slice(0, 4);
  if (country === 'NL') return NL_PC2[digits.slice(0, 2)] ?? null;
  return BE_PC2[digits.slice(0, 2)] ?? BE_PROVINCE[digits.slice(0, 1)] ?? null;
}

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in whole metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b[0] - a[0]);
  const dLng = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h)));
}
