import { describe, expect, it } from 'vitest';
import {
  STORE_VIEWS,
  storeCodeOfHost,
  resolveStoreCode,
  storeViewUrl,
  storeChoiceCookie,
  storeChoiceFromCookies,
} from '../../../domain/store-view.ts';

describe('store views (spec 000 §2 "No store-code prefix is appended to URLs", spec 001 §1 nl / nl-be)', () => {
  it('the two store views carry the server ids, locales and countries of the seed', () => {
    expect(STORE_VIEWS.nl).toMatchObject({ storeId: 1, locale: 'nl-NL', lang: 'nl', country: 'NL' });
    expect(STORE_VIEWS.be).toMatchObject({ storeId: 2, locale: 'nl-BE', lang: 'nl-BE', country: 'BE' });
  });

  it('a host names its store by its top-level domain, whatever the subdomain or letter case', () => {
    expect(storeCodeOfHost('www.ofm-shop.be')).toBe('be');
    expect(storeCodeOfHost('OFM-SHOP.BE.')).toBe('be');
    expect(storeCodeOfHost('www.ofm-shop.nl')).toBe('nl');
    expect(storeCodeOfHost('127.0.0.1')).toBeNull();
    expect(storeCodeOfHost('localhost')).toBeNull();
    expect(storeCodeOfHost('shop.example.com')).toBeNull();
    // the store code as a subdomain is no top-level domain: no prefix scheme of any kind
    expect(storeCodeOfHost('be.example.com')).toBeNull();
  });

  it("the host's store wins over the remembered choice; elsewhere the choice, else the default NL", () => {
    expect(resolveStoreCode('www.ofm-shop.nl', 'be')).toBe('nl');
    expect(resolveStoreCode('www.ofm-shop.be', 'nl')).toBe('be');
    expect(resolveStoreCode('127.0.0.1', 'be')).toBe('be');
    expect(resolveStoreCode('127.0.0.1', 'nl')).toBe('nl');
    expect(resolveStoreCode('127.0.0.1', null)).toBe('nl');
    expect(resolveStoreCode('127.0.0.1', 'de')).toBe('nl');
  });

  it('the same page in the other store keeps path, query and hash: the host swaps its top-level domain', () => {
    expect(storeViewUrl('https://www.ofm-shop.nl/heren-overhemden/?kleur=blauw#top', 'be')).toBe(
      'https://www.ofm-shop.be/heren-overhemden/?kleur=blauw#top',
    );
    expect(storeViewUrl('https://www.ofm-shop.be/', 'nl')).toBe('https://www.ofm-shop.nl/');
    expect(storeViewUrl('https://www.ofm-shop.be/winkels/', 'be')).toBe('https://www.ofm-shop.be/winkels/');
    // a host that names no store has one URL for both (the device's choice decides)
    expect(storeViewUrl('http://127.0.0.1:8080/heren-overhemden', 'be')).toBe('http://127.0.0.1:8080/heren-overhemden');
  });

  it('the choice is a cookie for the whole site for a year, read back from any cookie header', () => {
    expect(storeChoiceCookie('be')).toBe('ofm_store=be; path=/; max-age=31536000; samesite=lax');
    expect(storeChoiceFromCookies('a=1; ofm_store=be; b=2')).toBe('be');
    expect(storeChoiceFromCookies('ofm_store=nl')).toBe('nl');
    expect(storeChoiceFromCookies('ofm_store=xx; other=be')).toBeNull();
    expect(storeChoiceFromCookies('')).toBeNull();
  });
});
