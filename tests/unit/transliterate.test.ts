/** The address name offered from a name (src/lib/transliterate.ts) always meets the slug rule. */
import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '../../src/lib/schemas.ts';
import { slugFromName } from '../../src/lib/transliterate.ts';

describe('an address name from a name', () => {
  it('writes Hebrew in Latin letters, keeps Latin letters and digits, one hyphen between words', () => {
    expect(slugFromName('דובון ענן')).toBe('dvbvn-nn');
    expect(slugFromName('שועל חולות')).toBe('shvl-chvlvt');
    expect(slugFromName('אוגר USB 3')).toBe('vgr-usb-3');
    expect(slugFromName('צָב קַקְטוּס!')).toBe('tsb-kktvs');
  });

  it('meets the slug rule for any name, and is empty only when the name has nothing to write', () => {
    for (const name of ['  --דרקון--  ', 'חיפושית Bluetooth', 'a'.repeat(200), '🐉 לוויתן', 'ע']) {
      const slug = slugFromName(name);
      if (slug) expect(slug).toMatch(SLUG_PATTERN);
      expect(slug.length).toBeLessThanOrEqual(80);
    }
    expect(slugFromName('ע')).toBe('');
  });
});
