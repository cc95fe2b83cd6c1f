import type { Argv } from 'yargs';
import { type CommandArgs, numberIn } from '../command-args.js';
import type { Change, ChangeKind } from '../../changes/index.js';
import { renderChangeReport } from '../../changes/index.js';
import { UsageError } from '../../core/errors.js';
import { type ChangeFilter, openStore, readChanges } from '../../store/index.js';
import { writeRows } from '../output.js';

const CHANGE_KINDS = [
  'content-edit',
  'title-edit',
  'metadata-edit',
  'comments-added',
  'comments-removed',
  'boilerplate-only',
  'unchanged',
  'new',
  'deleted',
] as const;
/** What an archivist reads by default: changes of the article itself, its comments, appearance and removal. */
const RELEVANT_KINDS: ChangeKind[] = [
  'content-edit',
  'title-edit',
  'metadata-edit',
  'comments-added',
  'comments-removed',
  'new',
  'deleted',
];

/** ours: more words of context than a screen shows serve no one. */
const MAX_CONTEXT_WORDS = 1000;

export function changesCommand(yargs: Argv) {
  return yargs
    .positional('dir', { describe: 'overlay directory', type: 'string', demandOption: true })
    .option('url', { describe: 'only objects whose URL contains this text', type: 'string' })
    .option('since', { describe: 'only changes captured at or after this date (ISO 8601, e.g. 2024-01-31)', type: 'string' })
    .option('kind', { describe: 'only these change kinds', choices: CHANGE_KINDS, type: 'array' })
    .option('all', { describe: 'also list boilerplate-only and unchanged versions', type: 'boolean', default: false })
    .option('min-significance', {
      describe: 'only changes at least this significant (0..1)',
      type: 'number',
      coerce: numberIn('min-significance', 0, 1, false),
    })
    .option('format', {
      describe: 'text report, JSON lines, or one JSON array',
      choices: ['text', 'jsonl', 'json'] as const,
      default: 'text' as const,
    })
    .option('color', { describe: 'colour insertions and deletions', type: 'boolean', default: process.stdout.isTTY === true })
    .option('context', {
      describe: 'words of unchanged text around each edit',
      type: 'number',
      default: 8,
      coerce: numberIn('context', 0, MAX_CONTEXT_WORDS),
    })
    .example('$0 changes overlay/', 'article edits, title edits, new comments, new and deleted posts')
    .example('$0 changes overlay/ --url /2024/03/ --kind content-edit --format jsonl', 'machine-readable content edits');
}

export type ChangesArgs = CommandArgs<typeof changesCommand>;

function parseSince(since: string | undefined): string | undefined {
  if (since === undefined) return undefined;
  const t = Date.parse(since);
  if (Number.isNaN(t)) throw new UsageError(`--since: not a date: ${since}`);
  return new Date(t).toISOString();
}

/** A stored change row back into the shape the report renderer takes. */
function toChange(r: Record<string, unknown>): Change {
  return {
    url: r.url as string,
    fromTime: r.from_time as string | null,
    toTime: r.to_time as string | null,
    kinds: r.kinds as ChangeKind[],
    similarity: (r.similarity as number | null) ?? 0,
    sentenceSimilarity: (r.sentence_similarity as number | null) ?? 0,
    wordsAdded: r.words_added as number,
    wordsRemoved: r.words_removed as number,
    sentencesAdded: r.sentences_added as number,
    sentencesRemoved: r.sentences_removed as number,
    significance: (r.significance as number | null) ?? 0,
    ...(r.title_change ? { titleChange: r.title_change as NonNullable<Change['titleChange']> } : {}),
    metadataChanges: r.metadata_changes as Change['metadataChanges'],
    referencesAdded: r.references_added as string[],
    referencesRemoved: r.references_removed as string[],
    commentsAdded: r.comments_added as number,
    commentsRemoved: r.comments_removed as number,
    commentsEdited: r.comments_edited as number,
    commentChanges: r.comment_changes as Change['commentChanges'],
    textDiff: r.text_diff as Change['textDiff'],
    reasons: r.reasons as string[],
  };
}

export async function runChanges(args: ChangesArgs): Promise<number> {
  const since = parseSince(args.since);
  const db = openStore(args.dir, { writable: false });
  try {
    const filter: ChangeFilter = {
      ...(args.url !== undefined ? { url: args.url } : {}),
      ...(since !== undefined ? { since } : {}),
      ...(args.kind !== undefined ? { kinds: args.kind } : args.all ? {} : { kinds: RELEVANT_KINDS }),
      ...(args.minSignificance !== undefined ? { minSignificance: args.minSignificance } : {}),
    };
    const rows = readChanges(db, filter);
    if (args.format === 'jsonl') {
      await writeRows(rows, 'jsonl', process.stdout);
    } else if (args.format === 'json') {
      process.stdout.write(`${JSON.stringify([...rows], null, 2)}\n`);
    } else {
      process.stdout.write(renderChangeReport([...rows].map(toChange), { color: args.color, context: args.context }));
    }
    return 0;
  } finally {
    db.close();
  }
}
