import { expect } from '@open-wc/testing';
import { MAX_DOWNLOAD_BYTES, base64Size, checkDownload, fileBytes, safeFileName } from './download-file.js';

const file = (uri: string, extra: Record<string, unknown> = { text: 'a,b\n1,2\n' }) => ({
  type: 'resource',
  resource: { uri, mimeType: 'text/csv', ...extra },
});

describe('ui/download-file: what a view may hand the person as a file', () => {
  it('a name is only its last segment, without separators, controls, reserved characters or leading dots', () => {
    expect(safeFileName('file:///reports/2026/q3.csv')).to.equal('q3.csv');
    expect(safeFileName('../../etc/passwd')).to.equal('passwd');
    expect(safeFileName('file:///x/..%2F..%2F.bashrc')).to.equal('bashrc');
    expect(safeFileName('ui://app/C:\\Windows\\system32\\evil.txt')).to.equal('evil.txt');
    expect(safeFileName('ui://app/a\u202Etxt.exe')).to.equal('atxt.exe');
    expect(safeFileName('ui://app/re<po>rt?.csv')).to.equal('report');
    expect(safeFileName('ui://app/...')).to.equal('download');
    expect(safeFileName(42)).to.equal('download');
    expect(safeFileName(`ui://app/${'x'.repeat(300)}.txt`)).to.have.length(100);
  });

  it('a text file passes with its name, type and size in bytes (UTF-8)', () => {
    const check = checkDownload([file('ui://app/donnée.csv', { text: 'é' })]);
    expect(check.ok).to.equal(true);
    if (!check.ok) return;
    expect(check.files).to.deep.equal([{ name: 'donnée.csv', mimeType: 'text/csv', size: 2, text: 'é' }]);
    expect([...fileBytes(check.files[0]!)]).to.deep.equal([0xc3, 0xa9]);
  });

  it('a base64 file is measured without decoding it; 100 MiB is refused before anything is decoded', () => {
    expect(base64Size('aGVsbG8=')).to.equal(5);
    expect(base64Size('not base64!')).to.be.NaN;
    const huge = 'A'.repeat(Math.ceil(((100 * 1024 * 1024) / 3) * 4));
    const check = checkDownload([
      file('ui://app/big.bin', { text: undefined, blob: huge, mimeType: 'application/octet-stream' }),
    ]);
    expect(check).to.deep.equal({
      ok: false,
      message: `The app asked to save "big.bin" of 100 MiB; at most ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MiB per file.`,
    });
    const ok = checkDownload([
      file('ui://app/hello.txt', { text: undefined, blob: 'aGVsbG8=', mimeType: 'text/plain' }),
    ]);
    expect(ok.ok && new TextDecoder().decode(fileBytes(ok.files[0]!))).to.equal('hello');
  });

  it('programs and installers are refused by name or by type; an unknown type becomes octet-stream', () => {
    for (const name of ['setup.exe', 'run.sh', 'Evil.JAR', 'x.ps1', 'a.lnk'])
      expect(checkDownload([file(`ui://app/${name}`)]).ok, name).to.equal(false);
    expect(
      checkDownload([file('ui://app/report.txt', { text: 'x', mimeType: 'application/x-msdownload' })]).ok,
    ).to.equal(false);
    const odd = checkDownload([file('ui://app/notes.txt', { text: 'x', mimeType: 'text/plain; <script>' })]);
    expect(odd.ok && odd.files[0]!.mimeType).to.equal('application/octet-stream');
  });

  it('links, empty lists, too many files and files without content are refused in plain words', () => {
    expect(checkDownload([{ type: 'resource_link', uri: 'https://x.example/a.pdf', name: 'a' }])).to.deep.include({
      ok: false,
    });
    expect(checkDownload([])).to.deep.equal({ ok: false, message: 'The app asked to save files but named none.' });
    expect(checkDownload(Array.from({ length: 11 }, (_, i) => file(`ui://app/${i}.csv`))).ok).to.equal(false);
    expect(checkDownload([{ type: 'resource', resource: { uri: 'ui://app/x.csv' } }])).to.deep.equal({
      ok: false,
      message: 'The app asked to save "x.csv" but gave no content.',
    });
  });

  it('two files of one name are numbered, so neither overwrites the other', () => {
    const check = checkDownload([file('ui://a/r.csv'), file('ui://b/r.csv'), file('ui://c/r')]);
    expect(check.ok && check.files.map((f) => f.name)).to.deep.equal(['r.csv', 'r (2).csv', 'r']);
  });
});
