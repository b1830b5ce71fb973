import { expect } from '@open-wc/testing';
import type { McpBrandEditor } from '../../src/shell/brand/brand-editor.js';
import { contrastRatio } from '../../theme/color.js';
import { deepQuery, deepQueryAll, deepText } from '../support/dom.js';
import { waitFor } from '../support/gateway.js';
import { useDashboard } from '../support/setup.js';

// White-label for a team: the config's brand replaces "MCP Dashboard" everywhere; a user imports a
// brand.json in the Theme panel, previews it, reads which colours were adapted for AA and why,
// applies it, exports it, and removes it again.

declare global {
  interface Window {
    __logoXss?: number;
  }
}

async function dataUrl(path: string, type: string): Promise<string> {
  const bytes = new Uint8Array(await (await fetch(path)).arrayBuffer());
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `data:${type};base64,${btoa(binary)}`;
}

function chooseFile(input: HTMLInputElement, name: string, content: string, type = 'application/json'): void {
  const transfer = new DataTransfer();
  transfer.items.add(new File([content], name, { type }));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change'));
}

describe('white-label: brand from the config, and import / preview / apply / export in the Theme panel', function () {
  this.timeout(60_000);
  let editor: McpBrandEditor;

  const h1 = () => deepQuery('h1', env.dashboard.shadowRoot!)?.textContent;
  const importInput = () =>
    deepQueryAll<HTMLInputElement>('input[type="file"]', editor.shadowRoot!).find((i) => i.accept.includes('json'))!;

  const env = useDashboard({ mcpServers: {}, dashboard: { brand: 'examples/brands/harbor-labs/brand.json' } });

  before(async () => {
    await waitFor(() => h1() === 'Harbor Labs MCP', 10_000, 'the config brand in the header');
    await env.dashboard.openAppearance();
    editor = await waitFor(
      () => env.dashboard.themePanel().shadowRoot!.querySelector('mcp-brand-editor'),
      5000,
      'the brand editor',
    );
  });

  after(() => {
    document.title = 'tests';
  });

  it('the config brand names the product in the header and the page title, with its logo and favicon', async () => {
    expect(document.title).to.equal('Harbor Labs MCP');
    const logo = deepQuery<HTMLImageElement>('.brand img', env.dashboard.shadowRoot!)!;
    await logo.decode();
    expect(logo.naturalWidth).to.be.greaterThan(0);
    expect(logo.alt).to.equal('Harbor Labs lighthouse mark');
    expect(document.querySelector('link[rel="icon"]')!.getAttribute('href')).to.match(/^data:image\/svg\+xml;base64,/);
    expect(deepText(editor.shadowRoot!)).to.contain('In use: Harbor Labs MCP, from the dashboard config file.');
    expect(deepText(env.dashboard.shadowRoot!)).to.not.contain('MCP Dashboard');
  });

  it('an imported brand.json is previewed live, its failing colours are adapted with the reason, and nothing changes until Apply', async () => {
    const brand = {
      name: 'Acme Ops Console',
      logo: await dataUrl('/examples/brands/acme-ops/logo.svg', 'image/svg+xml'),
      colors: { primary: '#ff6b35', secondary: '#f7b801' },
      fonts: { body: '"Trebuchet MS", sans-serif' },
    };
    chooseFile(importInput(), 'acme.json', JSON.stringify(brand));
    await waitFor(() => deepText(editor.shadowRoot!).includes('Imported acme.json'), 5000, 'the import note');
    expect(h1(), 'not applied yet').to.equal('Harbor Labs MCP');
    const previews = deepQueryAll('mcp-brand-preview', editor.shadowRoot!);
    expect(previews).to.have.length(2);
    expect(deepText(previews[0]!.shadowRoot!)).to.contain('Acme Ops Console');
    const lightBox = previews[0]!.shadowRoot!.querySelector<HTMLElement>('.box')!;
    const previewPrimary = lightBox.style.getPropertyValue('--mcp-primary-color');
    expect(previewPrimary).to.not.equal('#ff6b35');
    expect(contrastRatio(previewPrimary, '#ffffff')).to.be.at.least(3);
    const list = deepQueryAll('ul.adapt li', editor.shadowRoot!).map((li) =>
      li.textContent!.replace(/\s+/g, ' ').trim(),
    );
    const primary = list.find((t) => t.includes('Primary colour in Light mode')) ?? '';
    expect(primary, list.join('\n')).to.match(
      /#ff6b35 becomes #[0-9a-f]{6}\. It had 2\.\d:1 against the page background \(#ffffff\); buttons, tabs and focus outlines need at least 3:1\./,
    );
    expect(
      list.some((t) => t.includes('Link colour in Light mode') && t.includes('text needs at least 4.5:1')),
      list.join('\n'),
    ).to.equal(true);
  });

  it('Apply rebrands the whole dashboard at once and stores the brand', async () => {
    (editor.shadowRoot!.querySelector('[data-action="apply-brand"]') as HTMLButtonElement).click();
    await waitFor(() => h1() === 'Acme Ops Console', 5000, 'the new name in the header');
    expect(document.title).to.equal('Acme Ops Console');
    const services = env.dashboard.services!;
    expect((services.configuration.get('theme.brand') as { name: string }).name).to.equal('Acme Ops Console');
    expect(services.theme.tokens['--mcp-font-family']).to.equal('"Trebuchet MS", sans-serif');
    expect(
      contrastRatio(services.theme.tokens['--mcp-primary-color']!, services.theme.tokens['--mcp-background']!),
    ).to.be.at.least(3);
    expect(deepText(editor.shadowRoot!)).to.contain('In use: Acme Ops Console, chosen in this browser.');
  });

  it('fields edit the draft with inline errors; a bad file is refused with the reason and changes nothing', async () => {
    const primary = editor.shadowRoot!.querySelector<HTMLInputElement>('#brand-primary')!;
    primary.value = '#12';
    primary.dispatchEvent(new Event('input'));
    await waitFor(() => primary.getAttribute('aria-invalid') === 'true', 5000, 'the inline error');
    const describedBy = primary.getAttribute('aria-describedby')!.split(' ');
    expect(editor.shadowRoot!.getElementById(describedBy[0]!)!.textContent).to.contain('#0b5cad');
    primary.value = '#ffcc00';
    primary.dispatchEvent(new Event('input'));
    await waitFor(
      () => deepQueryAll('ul.adapt li', editor.shadowRoot!).some((li) => li.textContent!.includes('#ffcc00')),
      5000,
      'the new colour in the list',
    );

    chooseFile(
      importInput(),
      'broken.json',
      JSON.stringify({ name: 'Bad', colors: { primary: 'orange' }, logo: 'https://evil.example/x.svg' }),
    );
    const alert = await waitFor(
      () => editor.shadowRoot!.querySelector('.problems[role="alert"]'),
      5000,
      'the problems',
    );
    expect(alert.textContent).to.contain('at /colors/primary: must be a colour like "#0b5cad"');
    expect(alert.textContent).to.contain(
      'at /logo: must be a path relative to brand.json, or a data:image/…;base64 URL',
    );
    chooseFile(importInput(), 'notjson.json', '{ name: ');
    await waitFor(
      () => editor.shadowRoot!.querySelector('.problems')?.textContent?.includes('notjson.json is not valid JSON'),
      5000,
      'the JSON error',
    );
    expect(h1()).to.equal('Acme Ops Console');
  });

  it('a logo carrying script is sanitised on import, and the script never runs', async () => {
    const hostile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="window.__logoXss=1"><script>window.__logoXss=2</script><rect width="10" height="10" fill="#123456"/></svg>`;
    const logo = `data:image/svg+xml;base64,${btoa(hostile)}`;
    chooseFile(importInput(), 'hostile.json', JSON.stringify({ name: 'Hostile Logo', logo }));
    await waitFor(
      () => deepText(editor.shadowRoot!).includes('Unsafe parts were removed from the images'),
      5000,
      'the sanitising note',
    );
    expect(deepText(editor.shadowRoot!)).to.match(/logo: removed .*script/);
    const img = deepQuery<HTMLImageElement>('img.logo', editor.shadowRoot!)!;
    await img.decode();
    expect(img.naturalWidth).to.be.greaterThan(0);
    expect(atob(img.src.split(',')[1]!)).to.not.match(/script|onload/);
    await new Promise((r) => setTimeout(r, 100));
    expect(window.__logoXss).to.equal(undefined);
  });

  it('Export downloads the draft as a valid brand.json', async () => {
    const name = editor.shadowRoot!.querySelector<HTMLInputElement>('#brand-name')!;
    name.value = 'Exported Co';
    name.dispatchEvent(new Event('input'));
    const original = URL.createObjectURL;
    let blob: Blob | undefined;
    URL.createObjectURL = (b: Blob | MediaSource) => {
      blob = b as Blob;
      return original.call(URL, b);
    };
    try {
      const exportButton = deepQueryAll<HTMLButtonElement>('button', editor.shadowRoot!).find((b) =>
        b.textContent?.includes('Export'),
      )!;
      exportButton.click();
    } finally {
      URL.createObjectURL = original;
    }
    const exported = JSON.parse(await blob!.text());
    expect(exported.name).to.equal('Exported Co');
    expect(exported.logo).to.match(/^data:image\/svg\+xml;base64,/);
  });

  it('Remove my brand goes back to the config brand', async () => {
    const remove = await waitFor(
      () => editor.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="remove-brand"]'),
      5000,
      'the remove button',
    );
    remove.click();
    await waitFor(() => h1() === 'Harbor Labs MCP', 5000, 'the config brand again');
    expect(env.dashboard.services!.configuration.get('theme.brand')).to.equal(undefined);
    expect(document.title).to.equal('Harbor Labs MCP');
  });
  it("a brand's type scale and control height change what a person sees, in high contrast too; a malformed size is refused", async () => {
    const apply = () => editor.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="apply-brand"]')!;
    const sizes = () => ({
      title: parseFloat(getComputedStyle(deepQuery('h1', env.dashboard.shadowRoot!)!).fontSize),
      titleHeight: deepQuery('h1', env.dashboard.shadowRoot!)!.getBoundingClientRect().height,
      text: parseFloat(getComputedStyle(apply()).fontSize),
      button: apply().getBoundingClientRect().height,
    });
    const before = sizes();
    const tokens = {
      '--mcp-font-size-md': '1.125rem',
      '--mcp-font-size-xl': '1.75rem',
      '--mcp-control-height': '2.75rem',
    };
    chooseFile(importInput(), 'big.json', JSON.stringify({ name: 'Big Type Co', tokens }));
    await waitFor(() => deepText(editor.shadowRoot!).includes('Imported big.json'), 5000, 'the import note');
    apply().click();
    await waitFor(() => h1() === 'Big Type Co', 5000, 'the new brand in the header');
    const after = sizes();
    // Default 20 px title, 14 px text, 32 px buttons; this brand: 28 px, 18 px, 44 px.
    expect(after.title, 'the header title').to.equal(28);
    expect(after.titleHeight - before.titleHeight, 'the title is visibly taller').to.be.greaterThan(8);
    expect(after.text, 'body text').to.equal(18);
    expect(after.button, 'buttons').to.be.at.least(44);
    env.dashboard.services!.theme.setMode('high-contrast');
    try {
      await env.dashboard.updateComplete;
      expect(sizes(), 'high contrast keeps the brand sizes').to.deep.equal(after);
      chooseFile(importInput(), 'bad.json', JSON.stringify({ name: 'Bad', tokens: { '--mcp-font-size-md': '18' } }));
      const alert = await waitFor(
        () => editor.shadowRoot!.querySelector('.problems[role="alert"]'),
        5000,
        'the problem',
      );
      expect(alert.textContent).to.contain(
        'at /tokens/--mcp-font-size-md: must be a size like "0.875rem" (a number with rem, em or px)',
      );
      expect(sizes(), 'nothing changed').to.deep.equal(after);
    } finally {
      env.dashboard.services!.theme.setMode('light');
      editor.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="remove-brand"]')!.click();
      await waitFor(() => h1() === 'Harbor Labs MCP', 5000, 'the config brand again');
    }
  });
});
