import { describe, expect, it } from 'vitest';
import { deliveryKind, lacksPointOrStore, parcelCarrierOf } from '../../../../domain/checkout/delivery.ts';

describe('delivery options (spec 001 §1 "DHL service point, Budbee box, store pickup"; §5 point or store)', () => {
  it('knows which methods need a parcel shop of which carrier, and which a store', () => {
    const cases: [string, string, ReturnType<typeof deliveryKind>, ReturnType<typeof parcelCarrierOf>][] = [
      ['dhl', 'home', 'home', null],
      ['dhl', 'home_be', 'home', null],
      ['dhl', 'servicepoint', 'servicepoint', 'dhl'],
      ['dhl', 'servicepoint_be', 'servicepoint', 'dhl'],
      ['budbee', 'box', 'budbee', 'budbee'],
      ['storepickup', 'storepickup', 'store', null],
      ['testpost', 'winkel', 'home', null],
    ];
    for (const [carrier_code, method_code, kind, carrier] of cases) {
      expect(deliveryKind({ carrier_code, method_code }), `${carrier_code}/${method_code}`).toBe(kind);
      expect(parcelCarrierOf(kind)).toBe(carrier);
    }
  });

  it('a point or store method without its point or store lacks it; a point of another carrier does not count', () => {
    const dhl = { carrier: 'dhl' };
    const budbee = { carrier: 'budbee' };
    expect(lacksPointOrStore({ carrier_code: 'dhl', method_code: 'home' })).toBe(false);
    expect(lacksPointOrStore({ carrier_code: 'dhl', method_code: 'servicepoint' })).toBe(true);
    expect(lacksPointOrStore({ carrier_code: 'dhl', method_code: 'servicepoint_be', point: budbee })).toBe(true);
    expect(lacksPointOrStore({ carrier_code: 'dhl', method_code: 'servicepoint_be', point: dhl })).toBe(false);
    expect(lacksPointOrStore({ carrier_code: 'budbee', method_code: 'box', point: null })).toBe(true);
    expect(lacksPointOrStore({ carrier_code: 'budbee', method_code: 'box', point: budbee })).toBe(false);
    expect(lacksPointOrStore({ carrier_code: 'storepickup', method_code: 'storepickup', point: dhl })).toBe(true);
    expect(lacksPointOrStore({ carrier_code: 'storepickup', method_code: 'storepickup', store: { id: 1 } })).toBe(
      false,
    );
  });
});
