import { describe, expect, it } from 'vitest';
import { compileLayouts } from './compile-layouts';
import { COMPILED_LAYOUTS } from './layouts.generated';

describe('the compiled e-mail layouts', () => {
  it('are what mjml makes of layout-source.ts today (run `npm run mail:layouts` after editing it)', async () => {
    expect(COMPILED_LAYOUTS).toEqual(await compileLayouts());
  });
});
