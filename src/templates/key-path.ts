/**
 * The key-path model of 000 §III-B: a lightweight XPath of element names and attribute/value pairs,
 * written `|html|body|div[@id=post-*]|div[@class=post-header]|h1` (absolute, from the root) or
 * `div[@id=post-*]|*|div[@class=post-content]` (relative). A value ending in `*` is a prefix; a bare
 * `*` step is any number of elements in between. A step may end with its element's position among
 * the siblings of its name (`div[@class=x][3]`), written where the step alone is ambiguous (KeyPathStep
 * `position`). Values escape `\ , ] | *` with a backslash, as the
 * extract stage writes them. Operations (i) path to the root and (ii) merge live here; (iii) find
 * nodes lives in `key-path-match.ts`.
 */
import type { Element } from 'domhandler';
import { BoundedMemo } from '../core/bounded-memo.js';
import { ambiguousPosition } from '../extract/index.js';
import { MIN_MERGE_PREFIX_STEPS, MIN_VALUE_PREFIX_CHARS, PATH_ATTRIBUTES } from './constants.js';
import type { AttributeTest, KeyPath, KeyPathOptions, KeyPathStep, ValuePattern } from './types.js';

const NAME = /^(?:[a-zA-Z][a-zA-Z0-9_:-]*|\*)$/;
const ATTRIBUTE_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:.-]*$/;

/** Split `s` on unescaped `sep`, keeping escapes. */
function splitEscaped(s: string, sep: string): string[] {
  // Without a backslash nothing is escaped (most paths).
  if (!s.includes('\\')) return s.split(sep);
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '\\' && i + 1 < s.length) {
      cur += c + (s[i + 1] as string);
      i++;
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** `post-\*` -> {text 'post-*'}; `post-*` -> {text 'post-', prefix}; an unescaped `*` ends the value. */
function parseValue(raw: string): ValuePattern {
  // Without a backslash nothing is escaped (most values).
  if (!raw.includes('\\')) {
    const star = raw.indexOf('*');
    return star < 0 ? { text: raw, prefix: false } : { text: raw.slice(0, star), prefix: true };
  }
  let text = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '\\' && i + 1 < raw.length) {
      text += raw[i + 1] as string;
      i++;
    } else if (c === '*') return { text, prefix: true };
    else text += c;
  }
  return { text, prefix: false };
}

function escapeValue(value: string): string {
  return value.replace(/[\\,\]|*]/g, (c) => `\\${c}`);
}

function serialiseValue(v: ValuePattern): string {
  return escapeValue(v.text) + (v.prefix ? '*' : '');
}

/** Split a class value into tokens on unescaped whitespace. */
function classTokens(raw: string): string[] {
  return raw.split(/(?<!\\)\s+/).filter((t) => t !== '');
}

/** A step's trailing position (`div[@class=x][3]`, KeyPathStep `position`). */
const POSITION = /\[([1-9]\d*)\]$/;

/** A step, with its position when it ends with one and the rest is a step of its own. */
function parseStep(raw: string): KeyPathStep | null {
  const step = raw.trim();
  const at = POSITION.exec(step);
  if (at !== null) {
    const rest = parseAttributes(step.slice(0, at.index));
    if (rest !== null) return { ...rest, position: Number(at[1]) };
  }
  return parseAttributes(step);
}

/** A step's name and attribute tests. */
function parseAttributes(step: string): KeyPathStep | null {
  const open = step.indexOf('[');
  const name = (open < 0 ? step : step.slice(0, open)).trim().toLowerCase();
  if (!NAME.test(name)) return null;
  if (open < 0) return { name, attributes: [] };
  if (!step.endsWith(']')) return null;
  const attributes: AttributeTest[] = [];
  for (const part of splitEscaped(step.slice(open + 1, -1), ',')) {
    const m = /^\s*@([^=\s]+)\s*(?:=(.*))?$/s.exec(part);
    if (!m) return null;
    const attrName = (m[1] as string).toLowerCase();
    if (!ATTRIBUTE_NAME.test(attrName)) return null;
    const raw = (m[2] ?? '*').trim();
    const values = attrName === 'class' && raw !== '*' ? classTokens(raw).map(parseValue) : [parseValue(raw)];
    attributes.push({ name: attrName, values: values.length > 0 ? values : [{ text: '', prefix: false }] });
  }
  return { name, attributes };
}

/** ours: more distinct notations than any build's templates and samples hold. */
const MAX_PARSED_PATHS = 10_000;
/** Paths parsed, by notation: a host's learning samples and templates repeat a few notations on every page. */
const parsedPaths = new BoundedMemo<string, KeyPath | null>(MAX_PARSED_PATHS);

/** Parse the 000 §III-B notation; null when `s` is not a key-path. The path is shared (read-only). */
export function parseKeyPath(s: string): KeyPath | null {
  return parsedPaths.get(s, parseNotation);
}

function parseNotation(s: string): KeyPath | null {
  const trimmed = s.trim();
  if (trimmed === '') return null;
  const absolute = trimmed.startsWith('|');
  const parts = splitEscaped(absolute ? trimmed.slice(1) : trimmed, '|');
  const steps: KeyPathStep[] = [];
  for (const part of parts) {
    if (part.trim() === '') return null;
    const step = parseStep(part);
    if (step === null) return null;
    steps.push(step);
  }
  return { absolute, steps };
}

function serialiseStep(step: KeyPathStep): string {
  const at = step.position === undefined || step.position === 0 ? '' : `[${step.position}]`;
  if (step.attributes.length === 0) return `${step.name}${at}`;
  const attrs = step.attributes.map((a) => `@${a.name}=${a.values.map(serialiseValue).join(' ')}`);
  return `${step.name}[${attrs.join(',')}]${at}`;
}

/** Write a key-path in the 000 §III-B notation (`parseKeyPath(serialiseKeyPath(kp))` equals `kp`). */
export function serialiseKeyPath(kp: KeyPath): string {
  const body = kp.steps.map(serialiseStep).join('|');
  return kp.absolute ? `|${body}` : body;
}

/** The attribute tests of one element, for the attributes named in `names`. */
export function elementAttributes(el: Element, names: readonly string[]): AttributeTest[] {
  const out: AttributeTest[] = [];
  for (const name of names) {
    const raw = el.attribs[name];
    if (raw === undefined) continue;
    const value = raw.trim().replace(/\s+/g, ' ');
    if (value === '') continue;
    const values =
      name === 'class' ? [...new Set(value.split(' '))].map((text) => ({ text, prefix: false })) : [{ text: value, prefix: false }];
    out.push({ name, values });
  }
  return out;
}

/** Operation (i) of 000 §III-B: the absolute path from the root to `node`, with the chosen attributes. */
export function keyPathOf(node: Element, opts: KeyPathOptions = {}): KeyPath {
  const names = opts.attributes ?? PATH_ATTRIBUTES;
  const steps: KeyPathStep[] = [];
  for (
    let e: Element | null = node;
    e !== null && (e.type === 'tag' || e.type === 'script' || e.type === 'style');
    e = e.parent as Element | null
  ) {
    const position = opts.positions === true && e.type === 'tag' ? ambiguousPosition(e) : null;
    const step = { name: e.name.toLowerCase(), attributes: elementAttributes(e, names) };
    steps.push(position === null ? step : { ...step, position });
  }
  return { absolute: true, steps: steps.reverse() };
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** Merge two value patterns [000 §III-C]: equal stays, else common prefix + `*`, else `*`. */
export function mergeValues(a: ValuePattern, b: ValuePattern): ValuePattern {
  if (!a.prefix && !b.prefix && a.text === b.text) return a;
  // A prefix pattern only keeps what both share, whatever the other's length.
  const shared = commonPrefix(a.text, b.text);
  const ok =
    shared.length >= MIN_VALUE_PREFIX_CHARS || (shared.length > 0 && shared === a.text && a.prefix && shared === b.text && b.prefix);
  return { text: ok ? shared : '', prefix: true };
}

/** Does a class token name one post (ends in a number, `post-37`) or is it already a prefix? */
const isNumberedToken = (v: ValuePattern): boolean => v.prefix || /\d$/.test(v.text);

/**
 * Merge class token lists: tokens in both stay; numbered tokens pair up by their longest common
 * prefix (`postid-37` + `postid-12` -> `postid-*`, 000 §III-D-3 "cluster the attribute ids by common
 * prefixes"); other tokens in one list only drop out. Deviation from 000 §III-C: label tokens such
 * as `category-x`/`tag-y` are not merged to `category-*`/`tag-*`, since a post may have no tag at all.
 * No common token at all gives presence only (`*`).
 */
function mergeClassValues(a: readonly ValuePattern[], b: readonly ValuePattern[]): ValuePattern[] {
  const key = (v: ValuePattern): string => `${v.prefix ? '1' : '0'}${v.text}`;
  const bKeys = new Set(b.map(key));
  const out: ValuePattern[] = [];
  const restA: ValuePattern[] = [];
  for (const v of a) (bKeys.has(key(v)) ? out : restA).push(v);
  const aKeys = new Set(a.map(key));
  const restB = b.filter((v) => !aKeys.has(key(v)));
  const seen = new Set(out.map(key));
  for (const va of restA) {
    if (!isNumberedToken(va)) continue;
    let best: ValuePattern | null = null;
    let bestIndex = -1;
    for (const [i, vb] of restB.entries()) {
      if (!isNumberedToken(vb)) continue;
      const m = mergeValues(va, vb);
      if (m.text.length >= MIN_VALUE_PREFIX_CHARS && (best === null || m.text.length > best.text.length)) {
        best = m;
        bestIndex = i;
      }
    }
    if (best !== null && !seen.has(key(best))) {
      out.push(best);
      seen.add(key(best));
      restB.splice(bestIndex, 1);
    }
  }
  return out.length > 0 ? out : [{ text: '', prefix: true }];
}

function mergeAttributes(a: readonly AttributeTest[], b: readonly AttributeTest[]): AttributeTest[] {
  const out: AttributeTest[] = [];
  for (const ta of a) {
    const tb = b.find((t) => t.name === ta.name);
    if (tb === undefined) continue;
    if (ta.name === 'class') out.push({ name: 'class', values: mergeClassValues(ta.values, tb.values) });
    else
      out.push({
        name: ta.name,
        values: [mergeValues(ta.values[0] ?? { text: '', prefix: true }, tb.values[0] ?? { text: '', prefix: true })],
      });
  }
  return out;
}

/** Positions merged: the same stays; one page's stays when the other's step needed none (its element
 *  was alone of its step there, so the position only ever tells siblings apart); two different give
 *  0, pages that disagree, which no later page's position overrides and which is never written. */
function mergePositions(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined || a === b) return a;
  return 0;
}

/**
 * Operation (ii) of 000 §III-B, §III-C: the common prefix of both paths (steps with the same element
 * name), each step keeping the attributes both have, values merged to a common prefix + `*`.
 * Null when the paths are incompatible: one absolute and one relative, or a common prefix shorter
 * than `minPrefixSteps` (Listing 2: merge(P1, P3) = null).
 */
export function mergeKeyPaths(a: KeyPath, b: KeyPath, minPrefixSteps: number = MIN_MERGE_PREFIX_STEPS): KeyPath | null {
  if (a.absolute !== b.absolute) return null;
  const steps: KeyPathStep[] = [];
  for (let i = 0; i < a.steps.length && i < b.steps.length; i++) {
    const sa = a.steps[i] as KeyPathStep;
    const sb = b.steps[i] as KeyPathStep;
    if (sa.name !== sb.name) break;
    const step = { name: sa.name, attributes: mergeAttributes(sa.attributes, sb.attributes) };
    const position = mergePositions(sa.position, sb.position);
    steps.push(position === undefined ? step : { ...step, position });
  }
  if (steps.length < Math.min(minPrefixSteps, a.steps.length, b.steps.length) || steps.length === 0) return null;
  return { absolute: a.absolute, steps };
}

/** How much a path says: steps plus attribute tests, a prefix counting half, `*` nothing [000 §III-E: "a path contains as much information as possible"]. */
export function specificityOf(kp: KeyPath): number {
  let score = 0;
  for (const step of kp.steps) {
    if (step.name !== '*') score += 1;
    for (const attr of step.attributes) for (const v of attr.values) score += v.prefix ? (v.text === '' ? 0.25 : 0.5) : 1;
  }
  return score;
}
