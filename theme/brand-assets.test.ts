import { expect } from '@open-wc/testing';
import { checkImageBytes, checkImageDataUrl, toBase64 } from '../src/core/shared/brand/brand-image.js';
import { prepareBrand, sanitizeSvg } from './brand-assets.js';

declare global {
  interface Window {
    __brandXss?: number;
  }
}

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="window.__brandXss = 1">
  <script>window.__brandXss = 2</script>
  <rect width="10" height="10" fill="#ff6b35"/>
  <foreignObject width="10" height="10"><img xmlns="http://www.w3.org/1999/xhtml" src="data:image/png;base64,AAAA" onerror="window.__brandXss = 3"/></foreignObject>
  <a href="javascript:window.__brandXss = 4"><text x="1" y="8">A</text></a>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
</svg>`;

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${toBase64(new TextEncoder().encode(svg))}`;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('brand validation and images', () => {
  afterEach(() => {
    delete window.__brandXss;
    document.querySelectorAll('.brand-test').forEach((e) => e.remove());
  });

  it('a valid brand passes; problems are listed with the JSON path and what to write instead', () => {
    expect(
      prepareBrand({
        name: 'Acme',
        colors: { primary: '#ff6b35' },
        fonts: { body: '"Trebuchet MS", sans-serif' },
        defaultMode: 'dark',
      }).ok,
    ).to.equal(true);
    const bad = prepareBrand({
      name: '',
      colors: { primary: 'orange', tertiary: '#fff' },
      fonts: { body: 'Arial; } body { display: none' },
      defaultMode: 'sepia',
      extra: 1,
    });
    expect(bad.ok).to.equal(false);
    const problems = (bad as { problems: string[] }).problems.join('\n');
    expect(problems).to.contain('at /colors/primary: must be a colour like "#0b5cad"');
    expect(problems).to.contain('at /colors: unknown key "tertiary"');
    expect(problems).to.contain('at /fonts/body: must be a font-family list');
    expect(problems).to.contain('at /defaultMode: must be one of "light", "dark", "high-contrast", "auto"');
    expect(problems).to.contain('at (top level): unknown key "extra"');
    expect(problems).to.contain('at /name: must not be empty');
  });

  it('SVG markup with script runs it when inserted raw (control), and runs nothing once sanitised', async () => {
    const control = document.createElement('div');
    control.className = 'brand-test';
    control.innerHTML = HOSTILE_SVG;
    document.body.append(control);
    await wait(100);
    expect(window.__brandXss, 'the payload is live').to.not.equal(undefined);
    delete window.__brandXss;

    const { svg, removed } = sanitizeSvg(HOSTILE_SVG);
    const clean = document.createElement('div');
    clean.className = 'brand-test';
    clean.innerHTML = svg;
    document.body.append(clean);
    await wait(100);
    (clean.querySelector('a') as unknown as { dispatchEvent(e: Event): void } | null)?.dispatchEvent(
      new MouseEvent('click'),
    );
    await wait(50);
    expect(window.__brandXss).to.equal(undefined);
    expect(svg).to.not.match(/script|onload|onerror|foreignObject|javascript:|tracker\.example/i);
    expect(svg).to.contain('<rect');
    expect(removed.join(' ')).to.match(/script/);
    expect(removed.join(' ')).to.match(/onload/);
  });

  it('a brand logo with script is sanitised on import and still renders as an image', async () => {
    const prepared = prepareBrand({ name: 'X', logo: svgDataUrl(HOSTILE_SVG) });
    expect(prepared.ok).to.equal(true);
    if (!prepared.ok) return;
    const markup = new TextDecoder().decode(
      Uint8Array.from(atob(prepared.brand.logo!.split(',')[1]!), (c) => c.charCodeAt(0)),
    );
    expect(markup).to.not.match(/script|onload|javascript:/i);
    expect(prepared.notes.join(' ')).to.match(/logo: removed .*script/);
    const img = document.createElement('img');
    img.className = 'brand-test';
    img.src = prepared.brand.logo!;
    document.body.append(img);
    await img.decode();
    expect(img.naturalWidth).to.be.greaterThan(0);
  });

  it('raster images are checked by their bytes: HTML called PNG, a lying data URL and oversize files are refused', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(checkImageBytes(png, { what: 'The logo', maxBytes: 1000, declaredType: 'image/png' }).type).to.equal(
      'image/png',
    );
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(() =>
      checkImageBytes(html, { what: 'The logo logo.png', maxBytes: 1000, declaredType: 'image/png' }),
    ).to.throw(/not an SVG, PNG, JPEG, GIF, WebP or ICO/);
    const lying = `data:image/png;base64,${toBase64(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))}`;
    expect(() => checkImageDataUrl(lying, { what: 'The favicon', maxBytes: 1000 })).to.throw(
      /says it is image\/png but its content is image\/svg\+xml/,
    );
    expect(() => checkImageBytes(new Uint8Array(2000).fill(0x89), { what: 'The logo', maxBytes: 1000 })).to.throw(
      /KB; at most/,
    );
    expect(prepareBrand({ name: 'X', logo: 'logo.svg' }).ok, 'a path cannot be resolved in the browser').to.equal(
      false,
    );
  });
});
