/**
 * The warcinfo record that opens a WARC file (WARC 1.1 §6.2: "a warcinfo record ... should be the
 * first record of a WARC file"), as its `key: value` fields (application/warc-fields). Used to
 * group WARC files into crawls by `isPartOf`. Read with warcio from the file, or from the STORED
 * entry of a WACZ; anything that is not a readable warcinfo record gives null.
 */
import { createReadStream } from 'node:fs';
import { WARCParser } from 'warcio';
import type { ArchiveInput } from './archive-inputs.js';
import { listWaczWarcs } from './wacz-entries.js';

/** Bytes read at most for the first record's headers and fields (ours: warcinfo records are small). */
const MAX_WARCINFO_BYTES = 1 << 20;

/** Fields of the warcinfo record at the start of `file` (a RecordLocation.file of `input`), or null. */
export async function readWarcinfo(input: ArchiveInput, file: string): Promise<Record<string, string> | null> {
  let start = 0;
  let size = input.bytes;
  if (input.format === 'wacz') {
    const name = file.slice(input.path.length + 1);
    const entry = (await listWaczWarcs(input.path)).entries.find((e) => e.name === name);
    if (entry === undefined) return null;
    start = entry.dataStart;
    size = entry.size;
  }
  const stream = createReadStream(input.path, { start, end: start + Math.min(size, MAX_WARCINFO_BYTES) - 1 });
  try {
    const record = await new WARCParser(stream).parse();
    if (record?.warcType !== 'warcinfo') return null;
    const fields: Record<string, string> = {};
    for (const line of (await record.contentText()).split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
    return fields;
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}
