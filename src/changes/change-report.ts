/**
 * Human report of changes, for an archivist reading a terminal or a text file: per article the URL,
 * times, kinds, similarity, significance, then the word diff with context, the title change, the
 * metadata changes and the comment counts. Boilerplate-only and unchanged pairs take one line.
 */
import { REPORT_MAX_CHANGED_WORDS, REPORT_MAX_REFERENCES, REPORT_WRAP_COLUMNS } from './constants.js';
import type { Change, ChangeKind, DiffHunk, RenderChangeReportOptions } from './types.js';

const ELISION_MARK = '…';
const ANSI = { green: '\u001b[32m', red: '\u001b[31m', bold: '\u001b[1m', dim: '\u001b[2m', reset: '\u001b[0m' };
// biome-ignore lint/suspicious/noControlCharactersInRegex: matches ANSI escape sequences, which start with ESC
const ANSI_CODE = /\u001b\[[0-9;]*m/g;
const INDENT = '    ';
const CLOSING_PUNCT = /^[,.;:!?)\]]/;
const QUIET_KINDS: ReadonlySet<ChangeKind> = new Set(['boilerplate-only', 'unchanged']);

function paint(text: string, code: string, color: boolean): string {
  return color ? `${code}${text}${ANSI.reset}` : text;
}

/** Keep `keepHead` words at the start and `keepTail` at the end of a run; mark what is cut. */
function cutWords(words: string[], keepHead: number, keepTail: number): string[] {
  const gap = words.indexOf(ELISION_MARK);
  const before = gap >= 0 ? words.slice(0, gap) : words;
  const after = gap >= 0 ? words.slice(gap + 1) : [];
  if (gap < 0 && words.length <= keepHead + keepTail + 1) return words;
  const source = gap >= 0 ? after : before;
  const head = before.slice(0, keepHead);
  const tail = keepTail > 0 ? source.slice(Math.max(gap >= 0 ? 0 : keepHead, source.length - keepTail)) : [];
  return [...head, ELISION_MARK, ...tail];
}

function renderHunk(hunk: DiffHunk, isFirst: boolean, isLast: boolean, opts: RenderChangeReportOptions): string {
  const words = hunk.text.split(' ').filter((w) => w !== '');
  if (hunk.op === 'equal') {
    return cutWords(words, isFirst ? 0 : opts.context, isLast ? 0 : opts.context).join(' ');
  }
  const half = Math.floor(REPORT_MAX_CHANGED_WORDS / 2);
  const shown = words.length > REPORT_MAX_CHANGED_WORDS ? cutWords(words, half, half).join(' ') : words.join(' ');
  if (hunk.op === 'insert') return opts.color ? paint(shown, ANSI.green, true) : `[+${shown}+]`;
  return opts.color ? paint(shown, ANSI.red, true) : `[-${shown}-]`;
}

/** Wrap on spaces at REPORT_WRAP_COLUMNS visible characters (ANSI codes take no width). */
function wrap(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const word of text.split(' ')) {
    const w = word.replace(ANSI_CODE, '').length;
    if (width > 0 && indent.length + width + 1 + w > REPORT_WRAP_COLUMNS) {
      lines.push(indent + line);
      line = word;
      width = w;
    } else {
      line = width > 0 || line !== '' ? `${line} ${word}` : word;
      width += (width > 0 ? 1 : 0) + w;
    }
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

function renderDiff(hunks: DiffHunk[], opts: RenderChangeReportOptions): string[] {
  let joined = '';
  hunks.forEach((h, i) => {
    const piece = renderHunk(h, i === 0, i === hunks.length - 1, opts);
    if (piece === '') return;
    // Hunk texts are trimmed: put no space back before closing punctuation.
    const glue = joined === '' || CLOSING_PUNCT.test(piece.replace(ANSI_CODE, '')) ? '' : ' ';
    joined += glue + piece;
  });
  return wrap(joined, INDENT);
}

function listUrls(label: string, urls: string[]): string {
  const shown = urls.slice(0, REPORT_MAX_REFERENCES).join(' ');
  const more = urls.length > REPORT_MAX_REFERENCES ? ` and ${urls.length - REPORT_MAX_REFERENCES} more` : '';
  return `  ${label} ${shown}${more}`;
}

function renderOne(change: Change, opts: RenderChangeReportOptions): string[] {
  const times = `${change.fromTime ?? '(none)'} -> ${change.toTime ?? '(none)'}`;
  const kinds = change.kinds.join(', ');
  if (change.kinds.every((k) => QUIET_KINDS.has(k))) {
    return [`${paint(kinds, ANSI.dim, opts.color)}  ${change.url}  ${times}`];
  }
  const lines = [
    paint(change.url, ANSI.bold, opts.color),
    `  ${times}`,
    `  kinds: ${kinds}   similarity ${change.similarity.toFixed(3)}   significance ${change.significance.toFixed(3)}`,
  ];
  if (change.titleChange !== undefined) {
    lines.push(`  title: "${change.titleChange.from ?? ''}" -> "${change.titleChange.to ?? ''}"`);
  }
  for (const m of change.metadataChanges) lines.push(`  ${m.field}: ${m.from ?? '(none)'} -> ${m.to ?? '(none)'}`);
  if (change.referencesAdded.length > 0) lines.push(listUrls('links added:', change.referencesAdded));
  if (change.referencesRemoved.length > 0) lines.push(listUrls('links removed:', change.referencesRemoved));
  if (change.commentsAdded + change.commentsRemoved + change.commentsEdited > 0) {
    lines.push(`  comments: ${change.commentsAdded} added, ${change.commentsRemoved} removed, ${change.commentsEdited} edited`);
  }
  if (change.wordsAdded + change.wordsRemoved > 0 || change.textDiff.length > 0) {
    lines.push(
      `  text: ${change.wordsAdded} words added, ${change.wordsRemoved} removed; ` +
        `sentences +${change.sentencesAdded} -${change.sentencesRemoved}`,
    );
  }
  if (change.textDiff.length > 0) lines.push(...renderDiff(change.textDiff, opts));
  return lines;
}

/** Render changes as a plain-text (or ANSI-coloured) report, one block per article. */
export function renderChangeReport(changes: Change[], opts: RenderChangeReportOptions): string {
  const counts = new Map<ChangeKind, number>();
  for (const c of changes) for (const k of c.kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  const summary = [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
  const blocks = changes.map((c) => renderOne(c, opts).join('\n'));
  const head = `${changes.length} change${changes.length === 1 ? '' : 's'}${summary === '' ? '' : `: ${summary}`}`;
  return `${[head, ...blocks].join('\n\n')}\n`;
}
