import { describe, expect, it } from 'vitest';
import { diffReferences } from './metadata-diff.js';
import { referenceKey, volatileParamsOf } from './volatile-params.js';

const link = (id: number, session: string) => `http://old.test/item/${id}.php?sid=${session}&lang=en`;

describe("a host's volatile parameters (session ids, signatures)", () => {
  it('are the parameters that alone tell a link of one version from the next, on several objects', () => {
    const pairs = [1, 2, 3].map((id) => ({ prev: [link(id, 'a1'), 'http://other.test/x'], next: [link(id, 'b2'), 'http://other.test/x'] }));
    expect([...volatileParamsOf(pairs)]).toEqual(['sid']);
    // A path parameter too (";jsessionid=").
    const java = [1, 2].map((id) => ({ prev: [`http://j.test/a/${id};jsessionid=AA`], next: [`http://j.test/a/${id};jsessionid=BB`] }));
    expect([...volatileParamsOf(java)]).toEqual(['jsessionid']);
  });

  it('are none when one object changed a link, or links differ in their path', () => {
    const one = [
      { prev: ['http://s.test/p?id=5'], next: ['http://s.test/p?id=6'] },
      { prev: ['http://s.test/q'], next: ['http://s.test/q'] },
    ];
    expect(volatileParamsOf(one).size).toBe(0);
    const moved = [1, 2, 3].map((id) => ({ prev: [`http://s.test/a/${id}?v=1`], next: [`http://s.test/b/${id}?v=2`] }));
    expect(volatileParamsOf(moved).size).toBe(0);
  });

  it('are left out when references are compared; any other change stays one', () => {
    const volatile = new Set(['sid', 'jsessionid']);
    expect(referenceKey(link(1, 'a1'), volatile)).toBe(referenceKey(link(1, 'zz'), volatile));
    expect(referenceKey('http://j.test/a/1;jsessionid=AA', volatile)).toBe(referenceKey('http://j.test/a/1;jsessionid=BB', volatile));
    expect(diffReferences([link(1, 'a1')], [link(1, 'b2')], volatile)).toMatchObject({ added: [], removed: [] });
    expect(diffReferences([link(1, 'a1')], [link(2, 'b2')], volatile).added).toEqual([link(2, 'b2')]);
  });
});
