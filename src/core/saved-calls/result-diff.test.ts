import { expect } from '@open-wc/testing';
import { diffJson, diffLines } from './result-diff.js';
import { parseSavedCallsFile, savedCallsFileText, SavedCallsImportError } from './saved-call-file.js';

describe('saved calls: result diff and file format', () => {
  it('diffJson lists added, removed and changed values by JSON pointer, keys sorted, arrays by position', () => {
    const a = {
      structuredContent: { temperature: 22.5, conditions: 'Sunny', 'a/b': 1 },
      content: [{ type: 'text', text: 'x' }],
      isError: false,
    };
    const b = {
      structuredContent: { temperature: 18, humidity: 80, 'a/b': 1 },
      content: [
        { type: 'text', text: 'x' },
        { type: 'text', text: 'y' },
      ],
    };
    expect(diffJson(a, b).entries).to.deep.equal([
      { path: '/content/1', kind: 'added', after: { type: 'text', text: 'y' } },
      { path: '/isError', kind: 'removed', before: false },
      { path: '/structuredContent/conditions', kind: 'removed', before: 'Sunny' },
      { path: '/structuredContent/humidity', kind: 'added', after: 80 },
      { path: '/structuredContent/temperature', kind: 'changed', before: 22.5, after: 18 },
    ]);
    expect(diffJson({ same: [1, { x: 'y' }] }, { same: [1, { x: 'y' }] }).entries).to.deep.equal([]);
    expect(diffJson(1, '1').entries).to.deep.equal([{ path: '', kind: 'changed', before: 1, after: '1' }]);
  });

  it('text with line breaks is compared line by line (side by side)', () => {
    const [entry] = diffJson({ text: 'one\ntwo\nthree' }, { text: 'one\nTWO\nthree\nfour' }).entries;
    expect(entry!.path).to.equal('/text');
    expect(entry!.lines).to.deep.equal([
      { kind: 'same', left: 'one', right: 'one' },
      { kind: 'changed', left: 'two', right: 'TWO' },
      { kind: 'same', left: 'three', right: 'three' },
      { kind: 'added', right: 'four' },
    ]);
    expect(diffLines('a\nb', 'b')).to.deep.equal([
      { kind: 'removed', left: 'a' },
      { kind: 'same', left: 'b', right: 'b' },
    ]);
  });

  it('the file round-trips; a malformed file is refused with a message that says what is wrong', () => {
    const text = savedCallsFileText([
      { name: 'Echo hi', serverName: 'everything', toolName: 'echo', args: { message: 'hi\nthere' } },
    ]);
    expect(parseSavedCallsFile(text)).to.deep.equal([
      { name: 'Echo hi', serverName: 'everything', toolName: 'echo', args: { message: 'hi\nthere' } },
    ]);
    const refused = (t: string) => {
      try {
        parseSavedCallsFile(t);
      } catch (error) {
        expect(error).to.be.instanceOf(SavedCallsImportError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused('{not json')).to.contain('not valid JSON');
    expect(refused('{"calls": []}')).to.contain('not a saved-calls file');
    expect(refused('{"format":"mcp-dashboard.saved-calls","version":2,"calls":[]}')).to.contain('version 2');
    expect(
      refused(
        '{"format":"mcp-dashboard.saved-calls","version":1,"calls":[{"name":"x","serverName":"s","toolName":""}]}',
      ),
    ).to.contain('calls[0].toolName must be a non-empty string');
    expect(
      refused(
        '{"format":"mcp-dashboard.saved-calls","version":1,"calls":[{"name":"x","serverName":"s","toolName":"t","arguments":[1]}]}',
      ),
    ).to.contain('calls[0].arguments must be an object');
  });
});
