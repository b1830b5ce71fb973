import { expect } from '@open-wc/testing';
import { Configuration } from '../../core/services/configuration.js';
import { EventBus } from '../../core/services/event-bus.js';
import { I18n } from '../../core/services/i18n.js';
import { ThemeService } from '../../../theme/theme-service.js';
import { A11yHelper } from './a11y-helper.js';
import { Preferences, type BrandTools } from './preferences.js';

const BRAND = { name: 'Acme Ops Console', colors: { primary: '#ff6b35' } };

function setUp(loadTools: () => Promise<BrandTools>) {
  const configuration = new Configuration({ dbName: `prefs-test-${Math.random().toString(36).slice(2)}` });
  const theme = new ThemeService({ mode: 'light' });
  const preferences = new Preferences(
    { configuration, theme, a11y: new A11yHelper(), i18n: new I18n({ fallbackLocale: 'en' }), bus: new EventBus() },
    ['en'],
    loadTools,
  );
  return { configuration, theme, preferences };
}

describe('Preferences: the brand checker loads only when there is a brand', () => {
  it('no brand: the checker is never loaded', async () => {
    let loads = 0;
    const { configuration, preferences } = setUp(() => {
      loads += 1;
      return import('../../../theme/brand-assets.js');
    });
    await configuration.load();
    await preferences.start();
    await preferences.setConfigBrand(null);
    expect(loads).to.equal(0);
    preferences.dispose();
  });

  it('a checker that fails to load leaves the default theme and says why; the next brand loads it and applies', async () => {
    let attempts = 0;
    const { configuration, theme, preferences } = setUp(() =>
      ++attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : import('../../../theme/brand-assets.js'),
    );
    await configuration.load();
    await preferences.start();
    await preferences.setConfigBrand(BRAND);
    expect(theme.brand, 'nothing unchecked is applied').to.equal(null);
    expect(preferences.brandProblems.join('\n')).to.match(
      /dashboard\.brand could not be checked: the brand code did not load \(Failed to fetch dynamically imported module\); reload the page/,
    );
    await preferences.setConfigBrand(BRAND);
    expect(preferences.brandProblems).to.deep.equal([]);
    expect(theme.brand?.name).to.equal('Acme Ops Console');
    expect(preferences.brandSource).to.equal('config');
    preferences.dispose();
  });

  it('a brand stored in the browser is applied once start() resolves', async () => {
    const { configuration, theme, preferences } = setUp(() => import('../../../theme/brand-assets.js'));
    await configuration.load();
    await configuration.set('theme.brand', { name: 'Harbor Labs', colors: { primary: '#0b6e99' } });
    await preferences.start();
    expect(theme.brand?.name).to.equal('Harbor Labs');
    expect(preferences.brandSource).to.equal('user');
    preferences.dispose();
  });
});
