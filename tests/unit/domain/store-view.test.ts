import { describe, expect, it } from 'vitest';
import * as storeView from '../../../domain/store-view.ts';

describe('store views (spec 000 §2 "No store-code prefix is appended to URLs", spec 001 §1 nl / nl-be)', () => {
  it('the two store views carry the server ids, locales and countries of the seed', () => {
    expect(storeView.STORE_VIEWS.nl).toMatchObject({ storeId: 1, locale: 'nl-NL', lang: 'nl', country: 'NL' });
    expect(storeView.STORE_VIEWS.be).toMatchObject({ storeId: 2, locale: 'nl-BE', lang: 'nl-BE', country: 'BE' });
  });

  it('a host names its store by its top-level domain, whatever the subdomain or letter case', () => {
    const hosts: Array<[host: string, code: storeView.StoreCode | null]> = [
      ['www.ofm-shop.be', 'be'],
      ['OFM-SHOP.BE.', 'be'],
      ['www.ofm-shop.nl', 'nl'],
      ['127.0.0.1', null],
      ['localhost', null],
      ['shop.example.com', null],
      // the store code as a subdomain is no top-level domain: no prefix scheme of any kind
      ['be.example.com', null],
    ];
    for (const [host, code] of hosts) expect(storeView.storeCodeOfHost(host), host).toBe(code);
  });

  it('a path names a store only by a store code as its whole first segment', () => {
    const paths: Array<[path: string, code: storeView.StoreCode | null]> = [
      ['/be/home', 'be'],
      ['/be', 'be'],
      ['BE/', 'be'],
      ['/nl/heren-overhemden', 'nl'],
      ['/be?x=1', 'be'],
      ['/belgie/home', null],
      ['/heren/be', null],
      ['/', null],
      ['', null],
    ];
    for (const [path, code] of paths) expect(storeView.storeCodeOfPath(path), path).toBe(code);
  });

  it("the host's store wins over the remembered choice; elsewhere the choice, else the default NL", () => {
    const choices: Array<[host: string, remembered: string | null, code: storeView.StoreCode]> = [
      ['www.ofm-shop.nl', 'be', 'nl'],
      ['www.ofm-shop.be', 'nl', 'be'],
      ['127.0.0.1', 'be', 'be'],
      ['127.0.0.1', 'nl', 'nl'],
      ['127.0.0.1', null, 'nl'],
      ['127.0.0.1', 'de', 'nl'],
    ];
    for (const [host, remembered, code] of choices) {
      expect(storeView.resolveStoreCode(host, remembered), `${host} ${remembered}`).toBe(code);
    }
  });

  it('the same page in the other store keeps path, query and hash: the host swaps its top-level domain', () => {
    expect(storeView.storeViewUrl('https://www.ofm-shop.nl/heren-overhemden/?kleur=blauw#top', 'be')).toBe(
      'https://www.ofm-shop.be/heren-overhemden/?kleur=blauw#top',
    );
    expect(storeView.storeViewUrl('https://www.ofm-shop.be/', 'nl')).toBe('https://www.ofm-shop.nl/');
    expect(storeView.storeViewUrl('https://www.ofm-shop.be/winkels/', 'be')).toBe('https://www.ofm-shop.be/winkels/');
    // a host that names no store has one URL for both (the device's choice decides)
    expect(storeView.storeViewUrl('http://127.0.0.1:8080/heren-overhemden', 'be')).toBe(
      'http://127.0.0.1:8080/heren-overhemden',
    );
  });

  it('the choice is a cookie for the whole site for a year, read back from any cookie header', () => {
    expect(storeView.storeChoiceCookie('be')).toBe('ofm_store=be; path=/; max-age=31536000; samesite=lax');
    expect(storeView.storeChoiceFromCookies('a=1; ofm_store=be; b=2')).toBe('be');
    expect(storeView.storeChoiceFromCookies('ofm_store=nl')).toBe('nl');
    expect(storeView.storeChoiceFromCookies('ofm_store=xx; other=be')).toBeNull();
    expect(storeView.storeChoiceFromCookies('')).toBeNull();
  });
});
